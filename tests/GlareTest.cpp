// A lamp's or a window's reflection on the page: a bright patch over part of the grid, where the
// print fades towards the paper and, at the patch's core, is gone. A printed digit lost there
// leaves a reading with several solutions, and the repair search used to pick one of them by
// adding a digit the classifier had barely offered in some other cell (a hand-written 6 at 0.014
// where it saw paper at 0.95): a solution drawn for a board not read right. A reading that breaks
// no rule now takes only changes nearly as likely as itself (vision/reading/ReadingRepair.cpp).
// Measured on the held-out photos under the glare drawn below.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <map>
#include <string>

#include <opencv2/core.hpp>

#include "tests/NameDraws.h"
#include "tests/SpoiltPhotos.h"

namespace sudoku {
namespace {

namespace fs = std::filesystem;

// A Gaussian patch of light, its centre anywhere in the middle 70% of the grid (`outline`), 10%
// to 22% of the grid's side across one way and half to all of that the other, turned at random:
// each pixel moved towards white by `strength` times the patch, held at white where that passes
// 1 (the reflection's burnt-out core).
cv::Mat Glared(const cv::Mat& photo, const std::array<cv::Point2f, 4>& outline,
               const std::string& name, double strength) {
    NameDraws draw(name);
    const float u = static_cast<float>(0.15 + 0.7 * draw.next());
    const float v = static_cast<float>(0.15 + 0.7 * draw.next());
    const cv::Point2f top = outline[0] + (outline[1] - outline[0]) * u;
    const cv::Point2f bottom = outline[3] + (outline[2] - outline[3]) * u;
    const cv::Point2f centre = top + (bottom - top) * v;
    const double side = cv::norm(outline[1] - outline[0]);
    const double across = side * (0.10 + 0.12 * draw.next());
    const double along = across * (0.5 + 0.5 * draw.next());
    const double angle = CV_PI * draw.next();
    const double cosA = std::cos(angle), sinA = std::sin(angle);
    cv::Mat glared = photo.clone();
    for (int y = 0; y < glared.rows; ++y) {
        auto* row = glared.ptr<cv::Vec3b>(y);
        for (int x = 0; x < glared.cols; ++x) {
            const double dx = x - centre.x, dy = y - centre.y;
            const double a = (dx * cosA + dy * sinA) / across;
            const double b = (-dx * sinA + dy * cosA) / along;
            const double light = std::min(1.0, 1.3 * strength * std::exp(-0.5 * (a * a + b * b)));
            for (int k = 0; k < 3; ++k)
                row[x][k] = cv::saturate_cast<uchar>(row[x][k] * (1 - light) + 255 * light);
        }
    }
    return glared;
}

struct Expected {
    int exact;
    int solved;
    int solvedWrong;  // at most
};

// Measured (2026-12-04), the 31 held-out photos with an outline under glare of strength 0.7 / 0.9
// (exactly / solved right / solved wrong), before a reading that breaks no rule was held to likely
// changes -> after:
//   printed: 23 / 28 / 0 -> 22 / 26 / 0 and 5 / 13 / 1 -> 4 / 10 / 0 (image26 solved wrong);
//   filled-in: 15 / 25 / 0 and 0 / 18 / 0, unchanged (its entries decide between the solutions).
// Five right solutions given up for one wrong: each of the five rested on a change the classifier
// thought under 1/20 as likely as its reading (README, "A lamp's glare").
constexpr double kStrengths[] = {0.7, 0.9};

void ExpectGlaredPhotosRead(const char* folder, const Expected (&expected)[2]) {
    const auto outlines = TrainingOutlines();
    for (int s = 0; s < 2; ++s) {
        std::cout << folder << ", glare of strength " << kStrengths[s] << ":\n";
        const SpoiltScore score =
            ReadEachSpoiltHeldOut(folder, [&](const cv::Mat& photo, const std::string& name) {
                const auto outline = outlines.find(name);
                if (outline == outlines.end()) return cv::Mat();
                return Glared(photo, outline->second, name, kStrengths[s]);
            });
        ASSERT_GT(score.photos, 0);
        EXPECT_GE(score.exact, expected[s].exact) << kStrengths[s];
        EXPECT_GE(score.solvedRight, expected[s].solved) << kStrengths[s];
        EXPECT_LE(score.solvedWrong, expected[s].solvedWrong) << kStrengths[s];
    }
}

TEST(Glare, APrintedPuzzleUnderGlareIsNeverSolvedWrong) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    if (!fs::exists(kDataset / "printed")) GTEST_SKIP() << "no dataset at " << kDataset;
    ExpectGlaredPhotosRead("printed", {{22, 26, 0}, {4, 10, 0}});
}

TEST(Glare, AFilledInPuzzleUnderGlareIsNeverSolvedWrong) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    if (!fs::exists(kDataset / "mixed")) GTEST_SKIP() << "no dataset at " << kDataset;
    ExpectGlaredPhotosRead("mixed", {{15, 25, 0}, {0, 18, 0}});
}

}  // namespace
}  // namespace sudoku
