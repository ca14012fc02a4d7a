#include "vision/grid/LineInk.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <vector>

#include <opencv2/imgproc.hpp>

namespace sudoku {
namespace {

struct Box {
    int x0 = INT_MAX, y0 = INT_MAX, x1 = -1, y1 = -1;
};

// The bounding box of every label (OpenCV's own statistics cost four times the labelling).
std::vector<Box> LabelBoxes(const cv::Mat& labels, int count) {
    std::vector<Box> boxes(count);
    for (int y = 0; y < labels.rows; ++y) {
        const auto* label = labels.ptr<int>(y);
        // Run by run: most of a row is paper (label 0) or one stroke.
        for (int x = 0; x < labels.cols;) {
            const int l = label[x];
            int end = x + 1;
            while (end < labels.cols && label[end] == l)
                ++end;
            if (l) {
                Box& b = boxes[l];
                b.x0 = std::min(b.x0, x);
                b.x1 = std::max(b.x1, end - 1);
                b.y0 = std::min(b.y0, y);
                b.y1 = std::max(b.y1, y);
            }
            x = end;
        }
    }
    return boxes;
}

}  // namespace

void EraseCellBlobs(cv::Mat& binary, int cell, int shortestDash, int largestDot) {
    cv::Mat labels;
    const int n = cv::connectedComponents(binary, labels, 8, CV_32S);
    const std::vector<Box> boxes = LabelBoxes(labels, n);
    for (int i = 1; i < n; ++i) {
        const Box& b = boxes[i];
        const int w = b.x1 - b.x0 + 1, h = b.y1 - b.y0 + 1;
        const bool dash = std::min(w, h) <= cell / 6 && std::max(w, h) >= shortestDash;
        const bool dot = std::max(w, h) <= largestDot;
        // A bit more than a cell: a digit leaning over its cell's edge is still a digit.
        if (std::max(w, h) > cell * 6 / 5 || dash || dot) continue;
        for (int y = b.y0; y <= b.y1; ++y) {
            auto* px = binary.ptr<std::uint8_t>(y);
            const auto* label = labels.ptr<int>(y);
            for (int x = b.x0; x <= b.x1; ++x)
                if (label[x] == i) px[x] = 0;
        }
    }
}

}  // namespace sudoku
