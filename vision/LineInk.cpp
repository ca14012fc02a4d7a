#include "vision/LineInk.h"

#include <algorithm>
#include <cstdint>
#include <vector>

#include <opencv2/imgproc.hpp>

namespace sudoku {

void EraseCellBlobs(cv::Mat& binary, int cell) {
    cv::Mat labels, stats, centroids;
    const int n = cv::connectedComponentsWithStats(binary, labels, stats, centroids, 8, CV_32S);
    std::vector<std::uint8_t> erase(n, 0);
    for (int i = 1; i < n; ++i) {
        const int w = stats.at<int>(i, cv::CC_STAT_WIDTH), h = stats.at<int>(i, cv::CC_STAT_HEIGHT);
        const bool dash = std::min(w, h) <= cell / 6 && std::max(w, h) >= cell / 3;
        // A bit more than a cell: a digit leaning over its cell's edge is still a digit.
        erase[i] = std::max(w, h) <= cell * 6 / 5 && !dash;
    }
    for (int y = 0; y < binary.rows; ++y) {
        auto* px = binary.ptr<std::uint8_t>(y);
        const auto* label = labels.ptr<int>(y);
        for (int x = 0; x < binary.cols; ++x)
            if (erase[label[x]]) px[x] = 0;
    }
}

}  // namespace sudoku
