// The second opinion on emptiness (vision/reading/FaintCells): a straightened grid drawn here, with
// the classifier's readings written by hand the way the CNN read real smudges.

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

#include "vision/reading/FaintCells.h"

namespace sudoku {
namespace {

constexpr int kSmudgeRow = 4, kSmudgeCol = 4;
constexpr int kSmudgeCell = kSmudgeRow * 9 + kSmudgeCol;

cv::Point CellCentre(int row, int col) {
    return {col * kCellPixels + kCellPixels / 2, row * kCellPixels + kCellPixels / 2};
}

// A 9x9 grid of white paper with black printed digits along the top row and the left column,
// and a grey blot (about a third of their contrast) in the middle cell.
WarpedGrid GridWithASmudge() {
    WarpedGrid grid{9, cv::Mat(9 * kCellPixels, 9 * kCellPixels, CV_8U, cv::Scalar(250))};
    for (int i = 0; i < 9; ++i) {
        cv::circle(grid.gray, CellCentre(0, i), 9, cv::Scalar(20), 3);
        cv::circle(grid.gray, CellCentre(i, 0), 9, cv::Scalar(20), 3);
    }
    cv::circle(grid.gray, CellCentre(kSmudgeRow, kSmudgeCol), 5, cv::Scalar(170), -1);
    return grid;
}

// The printed digits read with confidence, every other cell empty, the smudge as `smudge`.
std::vector<CellReading> Readings(const CellReading& smudge) {
    std::vector<CellReading> cells(81, CellReading{{{0, false, 0.99f}}});
    for (int i = 0; i < 9; ++i) {
        cells[i] = CellReading{{{i + 1, false, 0.99f}}};
        cells[i * 9] = CellReading{{{(i + 3) % 9 + 1, false, 0.99f}}};
    }
    cells[kSmudgeCell] = smudge;
    return cells;
}

// As the retrained networks read the smudges of the printed training photos: several
// hand-written digits near 0.3 and no empty paper among the first three.
const CellReading kWeakHandwritten{{{4, true, 0.38f}, {7, true, 0.21f}, {5, true, 0.11f}}};

TEST(FaintCells, TheSmudgeIsBetweenTheFaintAndTheNormalContrast) {
    const std::vector<double> contrasts = CellContrasts(GridWithASmudge());
    const double ratio = contrasts[kSmudgeCell] / contrasts[0];
    EXPECT_GT(ratio, 0.22);  // not faint enough for the rule every digit is held to
    EXPECT_LT(ratio, 0.4);
}

TEST(FaintCells, AWeakHandWrittenReadingInAGridNobodyWroteInIsPaper) {
    std::vector<CellReading> cells = Readings(kWeakHandwritten);
    EXPECT_EQ(DemoteFaintDigits(GridWithASmudge(), cells), 1);
    EXPECT_EQ(cells[kSmudgeCell].best().digit, 0);
    // The digits stay behind it as unlikely alternatives for the repair search.
    ASSERT_EQ(cells[kSmudgeCell].guesses.size(), 4u);
    EXPECT_EQ(cells[kSmudgeCell].guesses[1].digit, 4);
}

TEST(FaintCells, AConfidentHandWrittenReadingAtThatContrastStays) {
    std::vector<CellReading> cells = Readings(CellReading{{{4, true, 0.8f}, {0, false, 0.1f}}});
    EXPECT_EQ(DemoteFaintDigits(GridWithASmudge(), cells), 0);
    EXPECT_EQ(cells[kSmudgeCell].best().digit, 4);
}

TEST(FaintCells, AWeakFaintEntryStaysInAGridPeopleHaveWrittenIn) {
    WarpedGrid grid = GridWithASmudge();
    std::vector<CellReading> cells = Readings(kWeakHandwritten);
    for (int col = 6; col < 9; ++col) {
        cv::line(grid.gray, CellCentre(8, col) - cv::Point(0, 9),
                 CellCentre(8, col) + cv::Point(0, 9), cv::Scalar(40), 3);
        cells[8 * 9 + col] = CellReading{{{col - 5, true, 0.97f}}};
    }
    EXPECT_EQ(DemoteFaintDigits(grid, cells), 0);
    EXPECT_EQ(cells[kSmudgeCell].best().digit, 4);
}

TEST(FaintCells, APrintedReadingIsNotTakenForASmudge) {
    std::vector<CellReading> cells = Readings(CellReading{{{4, false, 0.38f}, {7, false, 0.3f}}});
    EXPECT_EQ(DemoteFaintDigits(GridWithASmudge(), cells), 0);
    EXPECT_EQ(cells[kSmudgeCell].best().digit, 4);
}

}  // namespace
}  // namespace sudoku
