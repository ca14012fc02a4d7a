// A finger on the page: people hold the newspaper down while they take the photo, and a fingertip
// covers a cell or two of the grid's outer rows. A clue under it may be lost (the puzzle then has
// several solutions, and says so), but the finger must never make the reader draw a wrong
// solution, and as few digits as can be are read into its edge or right entries called wrong
// under it.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <string>

#include <opencv2/imgproc.hpp>

#include "tests/SpoiltPhotos.h"
#include "tests/TrainingPhotos.h"
#include "vision/reading/ReadSudoku.h"

namespace sudoku {
namespace {

namespace fs = std::filesystem;

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

SpoiltScore ReadHeldOutUnderAFinger(const std::string& folder) {
    const auto outlines = TrainingOutlines();
    return ReadEachSpoiltHeldOut(folder, [&](const cv::Mat& photo, const std::string& name) {
        const auto outline = outlines.find(name);
        return outline == outlines.end() ? cv::Mat() : WithAFinger(photo, outline->second, name);
    });
}

// Measured (2026-12-03): printed 27 of 31 solved right, 23 read exactly, 2 digits invented (a
// fingertip's edge read as a digit, image81 and image177, both still solved right); filled-in 26
// solved right, 11 read exactly, 3 right entries called wrong (image61, image93 and image189, each
// the entry a finger covers part of). Of the printed photos, image74, image202 and image1000 read
// with several solutions and image143 with none; nothing is solved wrong. Tried (README, "A finger
// over the grid"): finding the covered cells by the lines they hide.
TEST(Finger, AFingerOnThePageIsNeverSolvedWrong) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    if (!fs::exists(kDataset / "mixed")) GTEST_SKIP() << "no dataset at " << kDataset;
    const SpoiltScore printed = ReadHeldOutUnderAFinger("printed");
    const SpoiltScore filled = ReadHeldOutUnderAFinger("mixed");
    ASSERT_GE(printed.photos, 30) << "models/holdout.txt or outlines.csv lists too few photos";
    EXPECT_GE(printed.solvedRight, 27);
    EXPECT_LE(printed.invented, 2);
    EXPECT_GE(filled.solvedRight, 26);
    EXPECT_LE(filled.rightCalledWrong, 3);
    EXPECT_EQ(printed.solvedWrong + filled.solvedWrong, 0);
}

}  // namespace
}  // namespace sudoku
