// LooksUpright: when the reading of a grid as it stands is trusted without the rotation probe.

#include <gtest/gtest.h>

#include <vector>

#include "vision/reading/Orientation.h"

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

}  // namespace
}  // namespace sudoku
