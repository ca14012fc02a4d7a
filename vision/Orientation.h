#pragma once
// Which way up a straightened grid is, decided by the digits themselves: an EXIF tag can be
// stale and the grid's outline is a square, so only the digits can tell.

#include <vector>

#include "vision/CellClassifier.h"
#include "vision/WarpedGrid.h"

namespace sudoku {

// The grid turned clockwise by quarterTurns * 90 degrees.
WarpedGrid RotateGrid(const WarpedGrid& grid, int quarterTurns);

// True when the classifier reads the grid's digits, as they stand, with a confidence rotated
// digits do not get: then the probe of FindUprightTurns is not needed.
bool LooksUpright(const std::vector<CellReading>& cells);

// How many clockwise quarter turns make the grid upright: the inkiest cells are classified in
// all four orientations (in one batch) and the one the classifier trusts most wins. 0 when the
// grid shows no ink to judge by.
int FindUprightTurns(const WarpedGrid& grid, const CellClassifier& classifier);

}  // namespace sudoku
