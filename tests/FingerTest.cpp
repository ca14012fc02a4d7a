// A finger on the page: people hold the newspaper down while they take the photo, and a fingertip
// covers a cell or two of the grid's outer rows. A clue under it may be lost (the puzzle then has
// several solutions, and says so), but the finger must never make the reader draw a wrong
// solution; what reads as hand-writing under it (its edge, or an entry that cannot be judged) is
// left unread and listed. A shadow or a shaded box darkens cells too but keeps their lines.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "tests/SpoiltPhotos.h"
#include "tests/TrainingPhotos.h"
#include "vision/grid/WarpedGrid.h"
#include "vision/reading/CoveredCells.h"
#include "vision/reading/ReadSudoku.h"

namespace sudoku {
namespace {

namespace fs = std::filesystem;

// A straightened 9x9 grid of white paper with its lines (thin 2 pixels, the boxes' 4) and a few
// printed digits.
WarpedGrid PrintedGrid() {
    WarpedGrid grid = WarpedGrid::Paper(9);
    const int side = 9 * kCellPixels;
    for (int i = 0; i <= 9; ++i) {
        const int at = std::min(i * kCellPixels, side - 1);
        const int width = i % 3 == 0 ? 4 : 2;
        cv::line(grid.gray, {at, 0}, {at, side}, cv::Scalar(60), width);
        cv::line(grid.gray, {0, at}, {side, at}, cv::Scalar(60), width);
    }
    for (int cell = 0; cell < 81; cell += 7)
        cv::putText(grid.gray, std::to_string(1 + cell % 9),
                    {(cell % 9) * kCellPixels + 11, (cell / 9) * kCellPixels + 31},
                    cv::FONT_HERSHEY_SIMPLEX, 0.9, cv::Scalar(40), 2);
    return grid;
}

// `gray` darkened to `level` of its light inside `mask` (8-bit), the ink within it alike.
void DarkenedWithin(cv::Mat& gray, const cv::Mat& mask, double level) {
    cv::Mat darker;
    gray.convertTo(darker, -1, level);
    darker.copyTo(gray, mask);
}

TEST(Finger, AFingertipHidesTheLinesOfTheCellItCovers) {
    WarpedGrid grid = PrintedGrid();
    // A fingertip from the bottom edge: a flat tone of skin, no lines, over cell r9c5 (76) and
    // the bottom of r8c5 (67).
    cv::ellipse(grid.gray, {4 * kCellPixels + 20, 9 * kCellPixels + 10}, {17, 60}, 0, 0, 360,
                cv::Scalar(150), cv::FILLED);
    const std::vector<int> hidden = CellsWithHiddenLines(grid);
    EXPECT_NE(std::find(hidden.begin(), hidden.end(), 76), hidden.end());
    for (const int cell : hidden)
        EXPECT_TRUE(cell == 67 || cell == 76) << "cell " << cell << " is not under the finger";
}

TEST(Finger, AShadowOrAShadedBoxKeepsItsLines) {
    WarpedGrid shadowed = PrintedGrid();
    cv::Mat lowerLeft = cv::Mat::zeros(shadowed.gray.size(), CV_8U);
    cv::fillConvexPoly(lowerLeft, std::vector<cv::Point>{{0, 90}, {300, 360}, {0, 360}},
                       cv::Scalar(255));
    DarkenedWithin(shadowed.gray, lowerLeft, 0.45);
    EXPECT_TRUE(CellsWithHiddenLines(shadowed).empty());

    WarpedGrid shaded = PrintedGrid();
    cv::Mat middleBox = cv::Mat::zeros(shaded.gray.size(), CV_8U);
    middleBox(cv::Rect(3 * kCellPixels, 3 * kCellPixels, 3 * kCellPixels, 3 * kCellPixels))
        .setTo(255);
    DarkenedWithin(shaded.gray, middleBox, 0.6);
    EXPECT_TRUE(CellsWithHiddenLines(shaded).empty());
}

// A fingertip over the grid `outline` (clockwise from the top-left) of a photo, from the side and
// at the place its name picks: a shaded ellipse of skin's colour, a cell and a bit wide and six
// long, coming in from one side of the grid 0.8 to 2.2 cells deep, its edge softened.
cv::Mat WithAFinger(const cv::Mat& photo, const std::array<cv::Point2f, 4>& outline,
                    const std::string& name) {
    int sum = 0;
    for (const char c : name)
        sum += static_cast<unsigned char>(c);
    const auto share = [&](int a, int m) { return static_cast<double>(sum * a % m) / (m - 1); };
    const int side = sum % 4;
    const cv::Point2f from = outline[side], to = outline[(side + 1) % 4];
    const cv::Point2f middle = (outline[0] + outline[1] + outline[2] + outline[3]) * 0.25f;
    const cv::Point2f edge = from + (to - from) * static_cast<float>(0.15 + 0.7 * share(37, 31));
    const double cell = cv::norm(to - from) / 9;
    const cv::Point2f inward = (middle - edge) / static_cast<float>(cv::norm(middle - edge));
    const cv::Point2f tip = edge + inward * static_cast<float>(cell * (0.8 + 1.4 * share(53, 29)));
    const cv::Point2f centre = tip - inward * static_cast<float>(3 * cell);
    const double width = cell * (0.9 + 0.5 * share(17, 23));
    const double angle = std::atan2(inward.y, inward.x) * 180 / CV_PI - 20 + 40 * share(29, 19);
    cv::Mat mask = cv::Mat::zeros(photo.size(), CV_32F);
    cv::ellipse(
        mask,
        cv::RotatedRect(centre, cv::Size2f(static_cast<float>(6 * cell), static_cast<float>(width)),
                        static_cast<float>(angle)),
        cv::Scalar(1), cv::FILLED);
    cv::GaussianBlur(mask, mask, {0, 0}, std::max(1.0, 0.06 * cell));
    const double tone = 0.7 + 0.4 * share(41, 17);
    cv::Mat out;
    photo.convertTo(out, CV_32FC3);
    for (int y = 0; y < out.rows; ++y)
        for (int x = 0; x < out.cols; ++x) {
            const float m = mask.at<float>(y, x);
            if (m <= 0) continue;
            // Lit across its width: brighter along the finger's ridge.
            const double across = (x * inward.y - y * inward.x) / width * 2.5;
            const double shade = tone * (0.75 + 0.25 * std::cos(across));
            auto& px = out.at<cv::Vec3f>(y, x);
            const cv::Vec3f skin(static_cast<float>(120 * shade), static_cast<float>(150 * shade),
                                 static_cast<float>(205 * shade));
            px = px * (1 - m) + skin * m;
        }
    return TruncatedTo8Bits(out);
}

// Measured (2026-12-03), before the cells a finger covers were found
// (vision/reading/CoveredCells.h)
// -> after: printed 27 -> 27 of 31 solved right, 23 -> 23 read exactly, 2 -> 1 digits invented (a
// fingertip's edge read as a digit: image81 and image177 before, image177 after, all solved right);
// filled-in 26 -> 26 solved right, right entries called wrong 3 -> 2 (image61 and image189, under
// fingertips not found; image93's covered entry is left unread now), read exactly 11 -> 7 (entries
// under a finger are listed unread, not judged). Of the printed photos, image74, image202 and
// image1000 read with several solutions and image143 with none; nothing is solved wrong.
TEST(Finger, AFingerOnThePageIsNeverSolvedWrong) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    if (!fs::exists(kDataset / "mixed")) GTEST_SKIP() << "no dataset at " << kDataset;
    const auto finger = AlongItsOutline(WithAFinger);
    ExpectSpoiltHeldOutRead(
        "printed", "under a finger", finger,
        {.photos = 30, .found = 31, .exact = 23, .solvedRight = 27, .invented = 1});
    ExpectSpoiltHeldOutRead(
        "mixed", "under a finger", finger,
        {.photos = 30, .found = 31, .exact = 8, .solvedRight = 26, .rightCalledWrong = 2});
}

}  // namespace
}  // namespace sudoku
