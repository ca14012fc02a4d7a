#include <gtest/gtest.h>

#include <set>

#include "solver/Board.h"

namespace sudoku {
namespace {

TEST(Geometry, ShapesForEverySupportedSize) {
    const std::pair<int, std::pair<int, int>> expected[] = {{4, {2, 2}}, {6, {2, 3}},  {8, {2, 4}},
                                                            {9, {3, 3}}, {12, {3, 4}}, {16, {4, 4}},
                                                            {25, {5, 5}}};
    for (auto [size, shape] : expected) {
        auto g = Geometry::ForSize(size);
        ASSERT_TRUE(g) << size;
        EXPECT_EQ(g->boxRows(), shape.first) << size;
        EXPECT_EQ(g->boxCols(), shape.second) << size;
    }
    EXPECT_FALSE(Geometry::ForSize(7));
    EXPECT_FALSE(Geometry::ForSize(26));
    EXPECT_THROW(Geometry(6, 5), std::invalid_argument);
}

TEST(Geometry, UnitsAndPeersAreConsistent) {
    for (int size : {4, 6, 9, 12, 16, 25}) {
        Geometry g = *Geometry::ForSize(size);
        for (int unit = 0; unit < g.unitCount(); ++unit) {
            std::set<int> cells(g.unitCells(unit).begin(), g.unitCells(unit).end());
            EXPECT_EQ(static_cast<int>(cells.size()), size);
        }
        const int expectedPeers = 3 * (size - 1) - (g.boxRows() - 1) - (g.boxCols() - 1);
        for (int cell = 0; cell < g.cellCount(); ++cell) {
            EXPECT_EQ(static_cast<int>(g.peers(cell).size()), expectedPeers);
            for (int peer : g.peers(cell))
                EXPECT_TRUE(g.sees(cell, peer));
            EXPECT_FALSE(g.sees(cell, cell));
        }
    }
}

TEST(Geometry, NamesAreOneBased) {
    Geometry g(3, 3);
    EXPECT_EQ(g.cellName(g.cellAt(4, 1)), "r5c2");
    EXPECT_EQ(g.unitName(g.boxUnit(3)), "box 4");
    EXPECT_EQ(g.unitName(g.colUnit(2)), "column 3");
    EXPECT_EQ(Geometry::DigitChar(16), 'G');
    EXPECT_EQ(Geometry::DigitFromChar('g'), 16);
    EXPECT_EQ(Geometry::DigitFromChar('0'), 0);
}

TEST(Board, CandidatesAreWhatEachUnitStillMisses) {
    Board board;
    board.set(0, 5);
    board.set(board.geometry().cellAt(1, 4), 3);
    board.set(board.geometry().cellAt(8, 1), 7);
    const int cell = board.geometry().cellAt(1, 1);  // sees 5 (box), 3 (row) and 7 (column)
    EXPECT_EQ(board.allowed(cell),
              board.geometry().allDigits() & ~(DigitBit(5) | DigitBit(3) | DigitBit(7)));
    CandidateGrid grid(board);
    EXPECT_EQ(grid.candidates(cell), board.allowed(cell));
    grid.place(cell, 9);
    EXPECT_FALSE(grid.has(cell + 1, 9));
    EXPECT_EQ(grid.board().origin(cell), CellOrigin::Filled);
}

TEST(Board, BrokenGridIsDetected) {
    Board board(Geometry(2, 2));
    // Row 1 holds 1 2 3 and the last cell's column already has 4: no candidate left.
    board.set(0, 1);
    board.set(1, 2);
    board.set(2, 3);
    board.set(board.geometry().cellAt(3, 3), 4);
    CandidateGrid grid(board);
    EXPECT_TRUE(grid.isBroken());
}

}  // namespace
}  // namespace sudoku
