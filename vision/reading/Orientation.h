#pragma once
// Which way up a straightened grid is, decided by the digits themselves: an EXIF tag can be
// stale and the grid's outline is a square, so only the digits can tell.

#include <vector>

#include "vision/classifying/CellClassifier.h"
#include "vision/grid/WarpedGrid.h"

namespace sudoku {

// The grid turned clockwise by quarterTurns * 90 degrees.
WarpedGrid RotateGrid(const WarpedGrid& grid, int quarterTurns);
// Cell indices of an n x n grid turned the same way, sorted.
std::vector<int> TurnCells(std::vector<int> cells, int n, int quarterTurns);

// True when the classifier reads the grid's digits, as they stand, with a confidence rotated
// digits do not get (nearly all of them read at kConfidentGuess or more): then the probe of
// RankUprightTurns is not needed, unless the solver rejects the reading.
bool LooksUpright(const std::vector<CellReading>& cells);

// Clockwise quarter turns (0-3) worth trying, the likeliest to make the grid upright first: the
// inkiest cells are classified quickly (CellClassifier::classifyQuickly) in all four
// orientations (in one batch) and ranked by how much the classifier trusts its digits; turns
// trusted much less than the best are left out. {0} when the grid shows no ink to judge by. The
// first is the probe's verdict; the caller may try the others when the solver rejects its reading.
std::vector<int> RankUprightTurns(const WarpedGrid& grid, const CellClassifier& classifier);

}  // namespace sudoku
