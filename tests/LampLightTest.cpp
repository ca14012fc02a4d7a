// Photos taken by lamp light: the held-out printed photos tinted warm (a bulb's yellow), cool (a
// window's blue) or lit from one side, saved as a phone would. Such light changes a grid's gray
// levels a little, and a cell the network was in doubt about, print showing through from the
// back of the page beside a fold's shade, can tip over into a faint hand-written digit. A digit
// must never be put in an empty cell of a puzzle nobody has written in.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <opencv2/core.hpp>

#include "tests/Darkened.h"
#include "tests/NameDraws.h"
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
    for (const auto& [what, light] : lights)
        ExpectSpoiltHeldOutRead("printed", what, light,
                                {.found = 32, .exact = 32, .solvedRight = 32});
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
    ExpectSpoiltHeldOutRead("printed", "dim", dim, {.found = 32, .exact = 32, .solvedRight = 32});
    ExpectSpoiltHeldOutRead("mixed", "dim", dim,
                            {.found = 32, .exact = 31, .solvedRight = 32, .rightCalledWrong = 1});
}

// The photo with each pixel moved towards white by its `veil` (CV_32F, the photo's size, 0 to 1):
// a reflection's light added over the print.
cv::Mat VeiledTowardsWhite(const cv::Mat& photo, const cv::Mat& veil) {
    cv::Mat veiled = photo.clone();
    for (int y = 0; y < veiled.rows; ++y) {
        auto* row = veiled.ptr<cv::Vec3b>(y);
        const float* light = veil.ptr<float>(y);
        for (int x = 0; x < veiled.cols; ++x)
            for (int k = 0; k < 3; ++k)
                row[x][k] = cv::saturate_cast<uchar>(row[x][k] * (1 - light[x]) + 255 * light[x]);
    }
    return veiled;
}

// A flash's or a lamp's glare: the photo veiled towards white by up to `strength` in a round
// spot a fifth of its shorter side across, somewhere around its middle (where the name puts it),
// as a phone held over the page reflects its light.
cv::Mat WithGlare(const cv::Mat& photo, const std::string& name, double strength) {
    int sum = 0;
    for (const char c : name)
        sum += static_cast<unsigned char>(c);
    const double x = photo.cols * (0.35 + 0.3 * (sum * 37 % 31) / 30.0);
    const double y = photo.rows * (0.35 + 0.3 * (sum * 53 % 29) / 28.0);
    const double radius = 0.18 * std::min(photo.cols, photo.rows);
    cv::Mat veil(photo.size(), CV_32F);
    for (int row = 0; row < photo.rows; ++row)
        for (int col = 0; col < photo.cols; ++col) {
            const double d2 = (col - x) * (col - x) + (row - y) * (row - y);
            veil.at<float>(row, col) =
                static_cast<float>(strength * std::exp(-d2 / (2 * radius * radius)));
        }
    return VeiledTowardsWhite(photo, veil);
}

// The held-out photos under a glare 80% white at its middle (WithGlare). Measured (2026-12-03):
// before the cells a glare washes out were read stretched back to the grid's depth
// (vision/grid/EvenLight.h, Deglared), printed 20 of 32 read exactly, 28 solved, one digit
// invented (image1078), and filled-in 12 read exactly, 29 solved (the digits in the glare's middle
// read as paper); after, printed 30, 32 solved, none invented, and filled-in 26, 32 solved.
// Nothing solved wrong either way.
TEST(LampLight, DigitsUnderAGlareAreRead) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    if (!fs::exists(kDataset / "mixed")) GTEST_SKIP() << "no dataset at " << kDataset;
    const auto glare = [](const cv::Mat& photo, const std::string& name) {
        return WithGlare(photo, name, 0.8);
    };
    ExpectSpoiltHeldOutRead("printed", "under a glare", glare, {.exact = 30, .solvedRight = 32});
    ExpectSpoiltHeldOutRead("mixed", "under a glare", glare, {.exact = 26, .solvedRight = 32});
}

// A Gaussian patch of light, its centre anywhere in the middle 70% of the grid (`outline`), 10%
// to 22% of the grid's side across one way and half to all of that the other, turned at random:
// each pixel moved towards white by 1.3 x `strength` times the patch, held at white where that
// passes 1 (the reflection's burnt-out core).
cv::Mat WithBurntOutGlare(const cv::Mat& photo, const std::array<cv::Point2f, 4>& outline,
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
    cv::Mat light(photo.size(), CV_32F);
    for (int y = 0; y < light.rows; ++y)
        for (int x = 0; x < light.cols; ++x) {
            const double dx = x - centre.x, dy = y - centre.y;
            const double a = (dx * cosA + dy * sinA) / across;
            const double b = (-dx * sinA + dy * cosA) / along;
            light.at<float>(y, x) = static_cast<float>(
                std::min(1.0, 1.3 * strength * std::exp(-0.5 * (a * a + b * b))));
        }
    return VeiledTowardsWhite(photo, light);
}

// A lamp's or a window's reflection burnt out at its core: where it passes white, the print is
// gone, not only faded as under WithGlare. A printed digit lost there leaves a reading with
// several solutions, and the repair search used to pick one of them by adding a digit the
// classifier had barely offered in some other cell (a hand-written 6 at 0.016 where it saw paper at
// 0.94): a solution drawn for a board not read right. A reading that breaks no rule now takes only
// changes nearly as likely as itself (vision/reading/ReadingRepair.cpp).
//
// Measured (2026-12-04), the 31 held-out photos with an outline under glare of strength 0.7 / 0.9
// (exactly / solved right / solved wrong), before a reading that breaks no rule was held to likely
// changes -> after:
//   printed: 23 / 28 / 0 -> 22 / 26 / 0 and 5 / 13 / 1 -> 4 / 10 / 0 (image26 solved wrong);
//   filled-in: 15 / 25 / 0 and 0 / 18 / 0, unchanged (its entries decide between the solutions).
// Five right solutions given up for one wrong: each of the five rested on a change the classifier
// thought under 1/20 as likely as its reading (README, "A lamp's glare").
struct Glare {
    double strength;
    const char* what;
};
constexpr Glare kGlares[] = {{0.7, "glare of strength 0.7"}, {0.9, "glare of strength 0.9"}};

void ExpectGlaredPhotosRead(const char* folder, const SpoiltBar (&bars)[2]) {
    for (int s = 0; s < 2; ++s) {
        const auto glare =
            AlongItsOutline([&](const cv::Mat& photo, const std::array<cv::Point2f, 4>& outline,
                                const std::string& name) {
                return WithBurntOutGlare(photo, outline, name, kGlares[s].strength);
            });
        ExpectSpoiltHeldOutRead(folder, kGlares[s].what, glare, bars[s]);
    }
}

TEST(LampLight, APrintedPuzzleUnderABurntOutGlareIsNeverSolvedWrong) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    if (!fs::exists(kDataset / "printed")) GTEST_SKIP() << "no dataset at " << kDataset;
    ExpectGlaredPhotosRead("printed",
                           {{.exact = 22, .solvedRight = 26}, {.exact = 4, .solvedRight = 10}});
}

TEST(LampLight, AFilledInPuzzleUnderABurntOutGlareIsNeverSolvedWrong) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    if (!fs::exists(kDataset / "mixed")) GTEST_SKIP() << "no dataset at " << kDataset;
    ExpectGlaredPhotosRead("mixed",
                           {{.exact = 15, .solvedRight = 25}, {.exact = 0, .solvedRight = 18}});
}

}  // namespace
}  // namespace sudoku
