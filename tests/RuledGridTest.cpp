// A grid whose frame runs into other print: a column rule beside it, a rule under the page's
// heading above it. Its outline is then no contour of its own, and the grid must be found from
// its boxes. Held-out photos, printed and filled in, with a printed rule drawn along the top and
// right sides of their hand-made outline and run to the photo's edges.

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <span>
#include <string>
#include <vector>

#include <opencv2/imgcodecs.hpp>

#include "tests/SpoiltPhotos.h"
#include "tests/TrainingPhotos.h"
#include "vision/reading/ReadSudoku.h"

namespace sudoku {
namespace {

namespace fs = std::filesystem;

struct RuledScore {
    int photos = 0, solvedRight = 0, solvedWrong = 0;
};

RuledScore ReadRuledHeldOut(const std::string& folder) {
    const auto outlines = TrainingOutlines();
    RuledScore score;
    for (const std::string& name : HeldOutNames()) {
        const fs::path path = kDataset / folder / name;
        const cv::Mat photo = cv::imread(path.string());
        const auto truth = DatDigits(fs::path(path).replace_extension(".dat"));
        const auto outline = outlines.find(name);
        if (photo.empty() || truth.size() != 81 || outline == outlines.end()) continue;
        ++score.photos;
        const std::vector<std::uint8_t> jpeg =
            Jpeg92(WithRulesAlongTheFrame(photo, outline->second));
        const Reading r = ReadSudoku(std::span<const std::uint8_t>(jpeg));
        const bool solved = r.status == ReadStatus::Solved;
        score.solvedRight += solved && SolutionAgrees(r, truth);
        score.solvedWrong += solved && !SolutionAgrees(r, truth);
        if (!solved)
            std::cout << "  " << folder << "/" << name << ": " << ReadStatusId(r.status) << "\n";
    }
    std::cout << "  " << folder << ": " << score.solvedRight << " of " << score.photos
              << " solved right, " << score.solvedWrong << " solved wrong\n";
    return score;
}

TEST(RuledGrid, AGridWhoseFrameRunsIntoRulesIsFoundAndNeverSolvedWrong) {
    if (!fs::exists(kDataset / "printed")) GTEST_SKIP() << "no dataset at " << kDataset;
    if (!CnnModelAvailable()) GTEST_SKIP() << "no digit model";
    const RuledScore printed = ReadRuledHeldOut("printed");
    const RuledScore filled = ReadRuledHeldOut("mixed");
    ASSERT_GE(printed.photos, 30) << "models/holdout.txt or outlines.csv lists too few photos";
    // Measured (2026-11-28): 27 of 31 solved right, printed and filled-in alike (25 and 25 before
    // the grid was carried out from its boxes); the four others (image74, image196, image1067,
    // image1078) are not solved, none is solved wrong.
    EXPECT_GE(printed.solvedRight, 27);
    EXPECT_GE(filled.solvedRight, 27);
    EXPECT_EQ(printed.solvedWrong + filled.solvedWrong, 0);
}

}  // namespace
}  // namespace sudoku
