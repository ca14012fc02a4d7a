// A folded newspaper: the fold's crease runs through the puzzle, a thin line darker than the paper
// with a bright ridge beside it. Inside a cell it reads as a stroke (an empty cell crossed down
// its length as a 1, an 8 crossed as a 4), so the crease's shade is divided out of the grid as
// straightened before its cells are read (vision/grid/Crease.h). Measured on the held-out photos
// creased as below, and on a straightened grid drawn here.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include "tests/Darkened.h"
#include "tests/NameDraws.h"
#include "tests/SpoiltPhotos.h"
#include "vision/grid/Crease.h"
#include "vision/reading/ReadSudoku.h"

namespace sudoku {
namespace {

namespace fs = std::filesystem;

// The photo folded and opened flat again: a crease through a point near its middle, within 8
// degrees of its rows (or columns), `depth` darker at its middle over about 2 pixels of a 640-pixel
// photo, a bright ridge 3.5 pixels beside it, and the page on one side falling away into a little
// shade (12% at the crease).
cv::Mat Creased(const cv::Mat& photo, const std::string& name, bool alongColumns, double depth) {
    NameDraws draw(name);
    const double cx = photo.cols * (0.35 + 0.3 * draw.next());
    const double cy = photo.rows * (0.35 + 0.3 * draw.next());
    const double angle = (16 * draw.next() - 8) * CV_PI / 180;
    const double scale = std::max(photo.rows, photo.cols) / 640.0;
    cv::Mat darker(photo.size(), CV_32F);
    for (int y = 0; y < photo.rows; ++y)
        for (int x = 0; x < photo.cols; ++x) {
            const double across = alongColumns
                                      ? (x - cx) * std::cos(angle) - (y - cy) * std::sin(angle)
                                      : (y - cy) * std::cos(angle) - (x - cx) * std::sin(angle);
            const double line = std::exp(-std::pow(across / (2 * scale), 2));
            const double ridge = std::exp(-std::pow((across - 3.5 * scale) / (1.2 * scale), 2));
            const double shade = across < 0 ? 1 - 0.12 * std::exp(across / (60 * scale)) : 1.0;
            darker.at<float>(y, x) =
                static_cast<float>(1 - (shade * (1 - depth * line) + 0.1 * ridge));
        }
    return Darkened(photo, darker, 1.0);
}

struct Fold {
    const char* what;
    bool alongColumns;
};
constexpr Fold kFolds[] = {{"folded across the rows", false}, {"folded down the columns", true}};

// Measured (2026-12-04), the held-out photos creased 35% deep, folded across the rows / down the
// columns (exactly / solved right / digits invented / right entries called wrong), before the
// crease was divided out -> after:
//   printed: 16 / 18 / 36 / 0 -> 25 / 28 / 36 / 0 and 12 / 20 / 76 / 0 -> 26 / 28 / 45 / 0;
//   filled-in: 9 / 16 / 0 / 3 -> 21 / 25 / 0 / 1 and 15 / 22 / 0 / 0 -> 22 / 28 / 0 / 0.
// Never solved wrong. The digits invented are in grids left unsolved (the crease runs on from the
// grid's frame across the page, and the lattice is fitted to it: image1040, image1087); the
// entry called wrong is image1040's 9, read 5 in the photo as it is too. The rest is lost to the
// grid's detection (image1067) and to digits the crease crosses where the grid is straightened
// cell by cell and the crease bends with it.
void ExpectCreasedPhotosRead(const char* folder, const SpoiltBar (&bars)[2]) {
    for (int f = 0; f < 2; ++f) {
        const Fold& fold = kFolds[f];
        const auto crease = [&](const cv::Mat& photo, const std::string& name) {
            return Creased(photo, name, fold.alongColumns, 0.35);
        };
        ExpectSpoiltHeldOutRead(folder, fold.what, crease, bars[f]);
    }
}

TEST(Crease, AFoldedPrintedPuzzleIsRead) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    if (!fs::exists(kDataset / "printed")) GTEST_SKIP() << "no dataset at " << kDataset;
    ExpectCreasedPhotosRead("printed", {{.exact = 25, .solvedRight = 28, .invented = 36},
                                        {.exact = 26, .solvedRight = 28, .invented = 45}});
}

TEST(Crease, AFoldedFilledInPuzzleIsRead) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    if (!fs::exists(kDataset / "mixed")) GTEST_SKIP() << "no dataset at " << kDataset;
    ExpectCreasedPhotosRead("mixed", {{.exact = 21, .solvedRight = 25, .rightCalledWrong = 1},
                                      {.exact = 22, .solvedRight = 28}});
}

// A straightened 9x9 grid drawn here: paper at 200, its lines at 60 (thick every third), a few
// digits, and, when `crease` is given, that crease 35% deep over 4 pixels.
cv::Mat DrawnGrid(const GridCrease* crease) {
    const int side = 9 * kCellPixels;
    cv::Mat gray(side, side, CV_8U, cv::Scalar(200));
    for (int i = 0; i <= 9; ++i) {
        const int at = std::min(i * kCellPixels, side - 1);
        const int width = i % 3 == 0 ? 3 : 1;
        cv::line(gray, {at, 0}, {at, side - 1}, cv::Scalar(60), width);
        cv::line(gray, {0, at}, {side - 1, at}, cv::Scalar(60), width);
    }
    for (int cell : {0, 10, 20, 31, 44, 52, 67, 75, 80})
        cv::putText(gray, std::to_string(cell % 9 + 1),
                    {(cell % 9) * kCellPixels + 11, (cell / 9) * kCellPixels + 31},
                    cv::FONT_HERSHEY_SIMPLEX, 1.0, cv::Scalar(40), 2);
    if (!crease) return gray;
    for (int along = 0; along < side; ++along)
        for (int x = 0; x < side; ++x) {
            const double middle = crease->offset + crease->slope * (along - side / 2.0);
            const double line = std::exp(-std::pow((x - middle) / 2.0, 2));
            auto& pixel = crease->alongColumns ? gray.at<std::uint8_t>(along, x)
                                               : gray.at<std::uint8_t>(x, along);
            pixel = cv::saturate_cast<std::uint8_t>(pixel * (1 - 0.35 * line));
        }
    return gray;
}

TEST(Crease, IsFoundWhereItRunsAndNowhereElse) {
    EXPECT_TRUE(FindCreases({9, DrawnGrid(nullptr)}).empty());
    for (const GridCrease drawn : {GridCrease{true, 150.0, 0.1}, GridCrease{false, 212.0, -0.15}}) {
        const std::vector<GridCrease> found = FindCreases({9, DrawnGrid(&drawn)});
        ASSERT_EQ(found.size(), 1u);
        EXPECT_EQ(found[0].alongColumns, drawn.alongColumns);
        EXPECT_NEAR(found[0].offset, drawn.offset, 2.0);
        EXPECT_NEAR(found[0].slope, drawn.slope, 0.02);
    }
}

TEST(Crease, ItsShadeIsDividedOutAndTheDigitsKept) {
    const GridCrease drawn{true, 150.0, 0.1};
    const cv::Mat clean = DrawnGrid(nullptr);
    const cv::Mat creased = DrawnGrid(&drawn);
    const cv::Mat evened = Uncreased({9, creased}).gray;
    // Pixels more than 20 levels off the clean grid's: the crease's before (1,495), 206 after,
    // where the crease runs within a few pixels of a line of the grid, whose pixels are left out
    // of its measure.
    const auto off = [&](const cv::Mat& gray) {
        cv::Mat difference;
        cv::absdiff(gray, clean, difference);
        return cv::countNonZero(difference > 20);
    };
    std::cout << "pixels off: creased " << off(creased) << ", evened " << off(evened) << "\n";
    EXPECT_GE(off(creased), 1000);
    EXPECT_LE(off(evened), off(creased) / 5);
    // The grid as it is when no crease is found.
    EXPECT_EQ(off(Uncreased({9, clean}).gray), 0);
}

}  // namespace
}  // namespace sudoku
