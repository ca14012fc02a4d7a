// A grid whose frame runs into other print: a column rule beside it, a rule under the page's
// heading above it. Its outline is then no contour of its own, and the grid must be found from
// its boxes. Held-out photos, printed and filled in, with a printed rule drawn along the top and
// right sides of their hand-made outline and run to the photo's edges.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include <opencv2/core.hpp>

#include "tests/SpoiltPhotos.h"
#include "tests/TrainingPhotos.h"

namespace sudoku {
namespace {

namespace fs = std::filesystem;

// Every held-out photo of `folder` with an outline, ruled along its frame, read.
SpoiltScore ReadRuledHeldOut(const std::string& folder) {
    const auto outlines = TrainingOutlines();
    return ReadEachSpoiltHeldOut(folder, [&](const cv::Mat& photo, const std::string& name) {
        const auto outline = outlines.find(name);
        return outline == outlines.end() ? cv::Mat()
                                         : WithRulesAlongTheFrame(photo, outline->second);
    });
}

TEST(RuledGrid, AGridWhoseFrameRunsIntoRulesIsFoundAndNeverSolvedWrong) {
    if (!fs::exists(kDataset / "printed")) GTEST_SKIP() << "no dataset at " << kDataset;
    if (!CnnModelAvailable()) GTEST_SKIP() << "no digit model";
    const SpoiltScore printed = ReadRuledHeldOut("printed");
    const SpoiltScore filled = ReadRuledHeldOut("mixed");
    ASSERT_GE(printed.photos, 30) << "models/holdout.txt or outlines.csv lists too few photos";
    // Measured (2026-11-28): 27 of 31 solved right, printed and filled-in alike (25 and 25 before
    // the grid was carried out from its boxes); the four others (image74, image196, image1067,
    // image1078) are not solved, none is solved wrong. 2026-12-01, since another mask's grid is
    // taken when the usual mask finds none: printed 28 (image196), filled-in 29 (image196 and
    // image1078); found 30 -> 31 and 28 -> 31.
    EXPECT_GE(printed.solvedRight, 28);
    EXPECT_GE(filled.solvedRight, 29);
    EXPECT_EQ(printed.solvedWrong + filled.solvedWrong, 0);
}

}  // namespace
}  // namespace sudoku
