// A curved page: a newspaper held in the hand or lying over its own fold bends, and the
// photo, taken from above, shows the part nearer the camera larger. The grid's lines bow and its
// rows (or columns) crowd towards one side. Its border then strays from the homography of its
// corners by more than the lines' search reaches, and was found on the print beside the grid or
// across its outer row's digits; the lattice now follows the bend the first search's lines show
// (vision/grid/GridWarper.cpp). Measured on the held-out photos bent as below.

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include "tests/NameDraws.h"
#include "tests/SpoiltPhotos.h"

namespace sudoku {
namespace {

namespace fs = std::filesystem;

// The page bent over a cylinder and photographed in perspective from above: its height over the
// table, as a share `depth` of the camera's distance, follows a cosine along the photo's x (or y)
// with its crest in the middle 40% and a span of 1 to 1.6 photo widths, towards or away from the
// camera. Scaled so that nothing is magnified: no part of the grid is pushed out of the frame.
cv::Mat Bent(const cv::Mat& photo, const std::string& name, bool alongY, double depth) {
    NameDraws draw(name);
    const double crest = 0.3 + 0.4 * draw.next(), span = 1.0 + 0.6 * draw.next();
    const double sign = draw.next() < 0.5 ? 1 : -1;
    const double length = alongY ? photo.rows : photo.cols;
    const double cx = photo.cols / 2.0, cy = photo.rows / 2.0;
    const auto height = [&](double t) {
        return sign * depth * std::cos(CV_PI * (t / length - crest) / span);
    };
    // The photo's pixel at t along the bend shows the page's point p magnified by 1 / (1 -
    // height(p)), found by a few fixed-point steps: p depends on t alone, and so does the shrink
    // across it.
    const double middle = alongY ? cy : cx;
    std::vector<double> shrinkAt(static_cast<std::size_t>(length));
    for (std::size_t t = 0; t < shrinkAt.size(); ++t) {
        double p = static_cast<double>(t), shrink = 1;
        for (int step = 0; step < 6; ++step) {
            shrink = (1 - height(p)) / (1 - depth);
            p = middle + (static_cast<double>(t) - middle) * shrink;
        }
        shrinkAt[t] = shrink;
    }
    cv::Mat mapX(photo.size(), CV_32F), mapY(photo.size(), CV_32F);
    for (int y = 0; y < photo.rows; ++y)
        for (int x = 0; x < photo.cols; ++x) {
            const double shrink = shrinkAt[static_cast<std::size_t>(alongY ? y : x)];
            mapX.at<float>(y, x) = static_cast<float>(cx + (x - cx) * shrink);
            mapY.at<float>(y, x) = static_cast<float>(cy + (y - cy) * shrink);
        }
    cv::Mat bent;
    cv::remap(photo, bent, mapX, mapY, cv::INTER_LINEAR, cv::BORDER_REPLICATE);
    return bent;
}

struct Curve {
    const char* what;
    bool alongY;
};
constexpr Curve kCurves[] = {{"bent along its width", false}, {"bent along its height", true}};

// Measured (2026-12-04), the held-out photos bent 12% deep, bent along their width / along their
// height (exactly / solved right / right entries called wrong), before the lattice followed the
// bend -> after:
//   printed: 32 / 32 / 0 -> the same, and 26 / 26 / 0 -> 32 / 32 / 0;
//   filled-in: 27 / 31 / 1 -> 27 / 32 / 1 and 27 / 31 / 0 -> 29 / 32 / 1.
// Never solved wrong. The entry called wrong is image1040's 9, read 5 in the photo as it is too
// (bent along the height it was left unsure before); the rest are hand-written digits misread.
constexpr double kDepth = 0.12;

void ExpectBentPhotosRead(const char* folder, const SpoiltBar (&bars)[2]) {
    for (int c = 0; c < 2; ++c) {
        const Curve& curve = kCurves[c];
        const auto bend = [&](const cv::Mat& photo, const std::string& name) {
            return Bent(photo, name, curve.alongY, kDepth);
        };
        ExpectSpoiltHeldOutRead(folder, curve.what, bend, bars[c]);
    }
}

TEST(CurvedPage, ABentPrintedPuzzleIsRead) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    if (!fs::exists(kDataset / "printed")) GTEST_SKIP() << "no dataset at " << kDataset;
    ExpectBentPhotosRead("printed",
                         {{.exact = 32, .solvedRight = 32}, {.exact = 32, .solvedRight = 32}});
}

TEST(CurvedPage, ABentFilledInPuzzleIsRead) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    if (!fs::exists(kDataset / "mixed")) GTEST_SKIP() << "no dataset at " << kDataset;
    ExpectBentPhotosRead("mixed", {{.exact = 27, .solvedRight = 32, .rightCalledWrong = 1},
                                   {.exact = 29, .solvedRight = 32, .rightCalledWrong = 1}});
}

}  // namespace
}  // namespace sudoku
