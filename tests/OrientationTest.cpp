// LooksUpright: when the reading of a grid as it stands is trusted without the rotation probe;
// and which way up a reading no turn solves is given back.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <span>
#include <string>
#include <vector>

#include "tests/TrainingPhotos.h"
#include "vision/reading/ImageDecode.h"
#include "vision/reading/Orientation.h"
#include "vision/reading/ReadSudoku.h"

namespace sudoku {
namespace {

// 81 cells: `sure` digits read at 0.99, `unsure` hand-written ones at `unsureProbability`, the
// rest empty.
std::vector<CellReading> Cells(int sure, int unsure, float unsureProbability = 0.5f) {
    std::vector<CellReading> cells(81, CellReading{{{0, false, 1.0f}}});
    for (int i = 0; i < sure; ++i)
        cells[i].guesses = {{1 + i % 9, false, 0.99f}};
    for (int i = sure; i < sure + unsure; ++i)
        cells[i].guesses = {{1 + i % 9, true, unsureProbability}, {0, false, 0.1f}};
    return cells;
}

TEST(LooksUpright, ADozenSureDigitsAreEnough) {
    EXPECT_TRUE(LooksUpright(Cells(12, 0)));
    EXPECT_FALSE(LooksUpright(Cells(11, 0))) << "too few digits to judge by";
}

TEST(LooksUpright, AFewUnsureHandWrittenDigitsDoNotHideAnUprightGrid) {
    // A filled-in grid: 28 printed and hand-written digits read with confidence, two doubtful.
    EXPECT_TRUE(LooksUpright(Cells(28, 2, 0.3f)));
}

TEST(LooksUpright, ManyUnsureDigitsSendTheGridToTheProbe) {
    // Turned grids had at most 0.77 of their digits read with confidence.
    EXPECT_FALSE(LooksUpright(Cells(17, 3)));
    EXPECT_FALSE(LooksUpright(Cells(20, 10, 0.89f)));
}

// The truth's printed digits read in their cells: half of them or more when the reading is the
// right way up, few when it is turned.
int GivensReadInPlace(const Reading& r, const std::vector<int>& truth) {
    if (!r.found() || static_cast<int>(truth.size()) != r.givens.cellCount()) return 0;
    int same = 0;
    for (int cell = 0; cell < r.givens.cellCount(); ++cell)
        same += truth[cell] && r.givens.value(cell) == truth[cell];
    return same;
}

// Five upright photos of rendered pages (bench/newspaper_probes.py: probe010 and probe418 of
// `--count 500 --span 0.3 0.5 --seed 46`, probe008 of seed 44, probe317 and probe319 of seed 45)
// whose small grids are printed in fonts the classifier misreads some digits of: no turn reads
// with one solution, and the rotation probe ranked the half turn first, its digits clashing in 8
// to 14 cells against 0 to 2 as they stand. The reading given back, for a person to correct, was
// the half turn's (0 of 5); it is now the one as they stand, still unsolved.
TEST(Orientation, AReadingNoTurnSolvesIsGivenBackTheWayUpItsDigitsClashInFewCells) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    const std::filesystem::path dir =
        std::filesystem::path(SUDOKU_SOURCE_DIR) / "tests" / "data" / "fontmisreads";
    constexpr int kPages = 5;
    int upright = 0;
    for (int page = 1; page <= kPages; ++page) {
        const std::filesystem::path photo = dir / ("page" + std::to_string(page) + ".jpg");
        const std::vector<int> truth =
            DatDigits(std::filesystem::path(photo).replace_extension(".dat"));
        ASSERT_EQ(truth.size(), 81u) << photo;
        std::string error;
        const std::vector<std::uint8_t> bytes = ReadFileBytes(photo, error);
        ASSERT_TRUE(error.empty()) << error;
        const Reading r = ReadSudoku(std::span<const std::uint8_t>(bytes));
        const int printed = static_cast<int>(
            std::count_if(truth.begin(), truth.end(), [](int d) { return d != 0; }));
        const int inPlace = GivensReadInPlace(r, truth);
        std::cout << "  " << photo.filename().string() << ": " << ReadStatusId(r.status) << ", "
                  << inPlace << " of " << printed << " printed digits read in their cells\n";
        if (r.status == ReadStatus::Solved) {
            EXPECT_TRUE(GivensAsTruth(r, truth))
                << photo << ": a solution given for a board not read right";
        }
        upright += 2 * inPlace >= printed;
    }
    std::cout << "  " << upright << " of " << kPages << " readings given back the right way up\n";
    EXPECT_GE(upright, kPages);
}

}  // namespace
}  // namespace sudoku
