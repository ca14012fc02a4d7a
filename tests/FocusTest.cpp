// The focus measure on drawn grids: a sharp grid's thin lines are a pixel or two wide, a grid out
// of focus has them wide both ways and is read sharpened, a grid smeared sideways has only one
// direction's lines wide and is read as it is.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include <opencv2/imgproc.hpp>

#include "tests/Blurred.h"
#include "vision/reading/Focus.h"

namespace sudoku {
namespace {

constexpr int kSide = 9 * kCellPixels;

// A 9x9 grid as the warp leaves it: thin lines 1 px, box lines 3 px, a digit in a few cells.
WarpedGrid DrawnGrid() {
    WarpedGrid grid{9, cv::Mat(kSide, kSide, CV_8U, cv::Scalar(230))};
    for (int line = 0; line <= 9; ++line) {
        const int at = std::min(line * kCellPixels, kSide - 1);
        const int thickness = line % 3 == 0 ? 3 : 1;
        cv::line(grid.gray, {at, 0}, {at, kSide - 1}, cv::Scalar(40), thickness);
        cv::line(grid.gray, {0, at}, {kSide - 1, at}, cv::Scalar(40), thickness);
    }
    for (int cell = 0; cell < 81; cell += 7)
        cv::putText(grid.gray, std::to_string(cell % 9 + 1),
                    {(cell % 9) * kCellPixels + 11, (cell / 9) * kCellPixels + 31},
                    cv::FONT_HERSHEY_SIMPLEX, 0.9, cv::Scalar(30), 2);
    return grid;
}

TEST(Focus, ASharpGridIsReadAsItIs) {
    const LineWidths widths = MeasureLineWidths(DrawnGrid());
    EXPECT_GT(widths.across, 0.5);
    EXPECT_LT(widths.across, 3.0);
    EXPECT_GT(widths.down, 0.5);
    EXPECT_LT(widths.down, 3.0);
    EXPECT_FALSE(ShouldSharpen(widths));
}

TEST(Focus, AGridOutOfFocusIsReadSharpened) {
    const WarpedGrid blurred{9, OutOfFocus(DrawnGrid().gray, 3.0)};
    const LineWidths widths = MeasureLineWidths(blurred);
    EXPECT_GT(widths.across, 6.0);
    EXPECT_GT(widths.down, 6.0);
    EXPECT_TRUE(ShouldSharpen(widths));
    // Sharpening narrows the lines again (6.8 to 6.1 pixels here).
    const LineWidths sharpened = MeasureLineWidths(Sharpened(blurred));
    EXPECT_LT(sharpened.across, 0.95 * widths.across);
    EXPECT_LT(sharpened.down, 0.95 * widths.down);
}

TEST(Focus, AGridSmearedSidewaysIsReadAsItIs) {
    const WarpedGrid smeared{9, SmearedSideways(DrawnGrid().gray, 15)};
    const LineWidths widths = MeasureLineWidths(smeared);
    EXPECT_GT(widths.across, 10.0);  // the lines that run down the grid, smeared across
    EXPECT_LT(widths.down, 3.0);
    EXPECT_FALSE(ShouldSharpen(widths));
    EXPECT_TRUE(LooksSmeared(widths));
}

TEST(Focus, OnlyASmearedGridLooksSmeared) {
    EXPECT_FALSE(LooksSmeared(MeasureLineWidths(DrawnGrid())));
    EXPECT_FALSE(LooksSmeared(MeasureLineWidths({9, OutOfFocus(DrawnGrid().gray, 3.0)})));
    EXPECT_FALSE(LooksSmeared({}));  // nothing measured
    cv::Mat upAndDown;
    cv::blur(DrawnGrid().gray, upAndDown, {1, 9});
    const LineWidths widths = MeasureLineWidths({9, upAndDown});
    EXPECT_GT(widths.down, 1.5 * widths.across);
    EXPECT_TRUE(LooksSmeared(widths));
}

// How steeply the grid's mean gray changes along a direction (0: from column to column, 1: from
// row to row): the sum of the steps between neighbouring columns' (rows') means.
double Steepness(const cv::Mat& gray, int direction) {
    cv::Mat mean;
    cv::reduce(gray, mean, direction, cv::REDUCE_AVG, CV_64F);
    mean = mean.reshape(1, 1);
    return cv::norm(mean.colRange(1, mean.cols), mean.colRange(0, mean.cols - 1), cv::NORM_L1);
}

// Sharpened across the smear, the smeared edges steepen and the lines of the other direction
// keep their width.
TEST(Focus, ASmearIsSharpenedAlongTheWayTheHandMoved) {
    for (const bool sideways : {true, false}) {
        cv::Mat smeared;
        cv::blur(DrawnGrid().gray, smeared, sideways ? cv::Size(7, 1) : cv::Size(1, 7));
        const WarpedGrid grid{9, smeared};
        const LineWidths before = MeasureLineWidths(grid);
        const WarpedGrid sharp = SharpenedAcrossSmear(grid, before);
        const LineWidths after = MeasureLineWidths(sharp);
        const int along = sideways ? 0 : 1;
        EXPECT_GT(Steepness(sharp.gray, along), 1.2 * Steepness(smeared, along))
            << (sideways ? "sideways" : "up and down");
        const double otherBefore = sideways ? before.down : before.across;
        const double otherAfter = sideways ? after.down : after.across;
        EXPECT_NEAR(otherAfter, otherBefore, 0.05 * otherBefore)
            << (sideways ? "sideways" : "up and down");
    }
}

TEST(Focus, PaperWithoutLinesIsNotMeasured) {
    const WarpedGrid paper{9, cv::Mat(kSide, kSide, CV_8U, cv::Scalar(230))};
    const LineWidths widths = MeasureLineWidths(paper);
    EXPECT_EQ(widths.across, 0);
    EXPECT_EQ(widths.down, 0);
    EXPECT_FALSE(ShouldSharpen(widths));
}

}  // namespace
}  // namespace sudoku
