#pragma once
// A second opinion on emptiness. A digit classifier sees one cell at a time, and a smudge or the
// print showing through from the other side of the page can look like a weak digit to it.
// Against the grid's own printed digits such a cell has almost no contrast, which no real
// digit of the same grid lacks.

#include <vector>

#include "vision/classifying/CellReading.h"
#include "vision/grid/WarpedGrid.h"

namespace sudoku {

// Paper brightness minus the darkest ink near the centre of each cell, row-major.
std::vector<double> CellContrasts(const WarpedGrid& grid);

// Makes "empty" the first guess of every cell read as a digit whose contrast is below a small
// share of the median contrast of the digits read with confidence, and, in a grid with hardly
// any confident hand-writing, of every weak hand-written reading below a larger share (a smudge
// the classifier cannot name). The digit guesses stay as unlikely alternatives for the repair
// search. Returns how many cells changed. Does nothing when too few confident digits give a
// reference.
int DemoteFaintDigits(const WarpedGrid& grid, std::vector<CellReading>& cells);

}  // namespace sudoku
