// Photos taken by lamp light: the held-out printed photos tinted warm (a bulb's yellow), cool (a
// window's blue) or lit from one side, saved as a phone would. Such light changes a grid's gray
// levels a little, and a cell the network was in doubt about, print showing through from the
// back of the page beside a fold's shade, can tip over into a faint hand-written digit. A digit
// must never be put in an empty cell of a puzzle nobody has written in.

#include <gtest/gtest.h>

#include <functional>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

#include <opencv2/core.hpp>

#include "tests/Darkened.h"
#include "tests/SpoiltPhotos.h"
#include "vision/reading/ReadSudoku.h"

namespace sudoku {
namespace {

namespace fs = std::filesystem;

// Each colour channel (B, G, R) multiplied by its factor, in floating point and truncated to 8
// bits, as the README's spoilt sets were made.
cv::Mat Tinted(const cv::Mat& photo, const cv::Scalar& bgr) {
    cv::Mat out;
    photo.convertTo(out, CV_32F);
    cv::multiply(out, bgr, out);
    return TruncatedTo8Bits(out);
}

// Light falling off from the left edge (all of it) to the right (`right` of it).
cv::Mat LitFromTheLeft(const cv::Mat& photo, double right) {
    cv::Mat shade(photo.size(), CV_32F);
    for (int x = 0; x < photo.cols; ++x)
        shade.col(x).setTo(float(x) / float(photo.cols - 1));
    return Darkened(photo, shade, 1.0 - right);
}

// A bulb's yellow, a window's blue, and a lamp to the left of the page.
cv::Mat BulbLit(const cv::Mat& photo) {
    return Tinted(photo, {0.6, 0.9, 1.0});
}
cv::Mat WindowLit(const cv::Mat& photo) {
    return Tinted(photo, {1.0, 0.92, 0.75});
}
cv::Mat SideLit(const cv::Mat& photo) {
    return LitFromTheLeft(photo, 0.3);
}

// Measured (2026-11-27): when the smudge share was raised from 0.4 to 0.5 of the median contrast
// (vision/reading/FaintCells.cpp), warm, cool and lit from the left each read 31 of 32 exactly,
// with a digit invented in image1067 (reported uncertain; tints then rounded); after, 32 of 32 and
// none. With the later rules in (a dim grid brightened, a reading under 0.3 taken for a smudge),
// a share of 0.4 still invents one in image1087 window-lit: 31 of 32.
TEST(LampLight, NoDigitIsInventedInTintedOrSideLitPhotos) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    if (!fs::exists(kDataset / "printed")) GTEST_SKIP() << "no dataset at " << kDataset;
    const std::vector<std::pair<std::string, std::function<cv::Mat(const cv::Mat&)>>> lights = {
        {"warm", BulbLit}, {"cool", WindowLit}, {"lit from the left", SideLit}};
    for (const auto& [what, light] : lights) {
        std::cout << what << ":\n";
        const SpoiltScore score = ReadSpoiltHeldOut("printed", light);
        ASSERT_GT(score.photos, 0);
        EXPECT_GE(score.exact, 32) << what;
        EXPECT_EQ(score.invented, 0) << what;
    }
}

// A room's dim light: the held-out photos at 0.45 of their light. Measured (2026-11-27): before a
// dim grid was brightened (vision/grid/EvenLight.h, Brightened), printed 31 of 32 read
// exactly, filled-in 25 (their pen's strokes read as paper); after, 32 and 31 (image1040, read 5
// for a 9 in daylight too).
TEST(LampLight, ADimPhotoIsReadAsADaylitOne) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    if (!fs::exists(kDataset / "mixed")) GTEST_SKIP() << "no dataset at " << kDataset;
    const auto dim = [](const cv::Mat& photo) {
        cv::Mat out;
        photo.convertTo(out, -1, 0.45);
        return out;
    };
    for (const auto& [folder, minExact] : {std::pair{"printed", 32}, std::pair{"mixed", 31}}) {
        std::cout << folder << ", dim:\n";
        const SpoiltScore score = ReadSpoiltHeldOut(folder, dim);
        ASSERT_GT(score.photos, 0);
        EXPECT_GE(score.exact, minExact) << folder;
        EXPECT_EQ(score.invented, 0) << folder;
        EXPECT_EQ(score.solvedWrong, 0) << folder;
    }
}

}  // namespace
}  // namespace sudoku
