// A grid whose frame runs into other print: a column rule beside it, a rule under the page's
// heading above it. Its outline is then no contour of its own, and the grid must be found from
// its boxes. Held-out photos, printed and filled in, with a printed rule drawn along the top and
// right sides of their hand-made outline and run to the photo's edges.

#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <string>

#include <opencv2/core.hpp>

#include "tests/SpoiltPhotos.h"
#include "tests/TrainingPhotos.h"

namespace sudoku {
namespace {

namespace fs = std::filesystem;

TEST(RuledGrid, AGridWhoseFrameRunsIntoRulesIsFoundAndNeverSolvedWrong) {
    if (!fs::exists(kDataset / "printed")) GTEST_SKIP() << "no dataset at " << kDataset;
    if (!CnnModelAvailable()) GTEST_SKIP() << "no digit model";
    const auto ruled =
        AlongItsOutline([](const cv::Mat& photo, const std::array<cv::Point2f, 4>& outline,
                           const std::string&) { return WithRulesAlongTheFrame(photo, outline); });
    // Measured (2026-11-28): 27 of 31 solved right, printed and filled-in alike (25 and 25 before
    // the grid was carried out from its boxes); the four others (image74, image196, image1067,
    // image1078) are not solved, none is solved wrong. 2026-12-01, since another mask's grid is
    // taken when the usual mask finds none: printed 28 (image196), filled-in 29 (image196 and
    // image1078); found 30 -> 31 and 28 -> 31. The printed photos' 65 digits invented (2026-12-04)
    // are all in three grids left unsolved (image74, image1067 uncertain, image1078 no solution).
    ExpectSpoiltHeldOutRead(
        "printed", "ruled along its frame", ruled,
        {.photos = 30, .found = 31, .exact = 28, .solvedRight = 28, .invented = 65});
    ExpectSpoiltHeldOutRead(
        "mixed", "ruled along its frame", ruled,
        {.photos = 30, .found = 31, .exact = 27, .solvedRight = 29, .rightCalledWrong = 1});
}

}  // namespace
}  // namespace sudoku
