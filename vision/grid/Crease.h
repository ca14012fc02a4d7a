#pragma once
// A fold's crease across a straightened grid, evened out before the cells are read. A newspaper is
// folded, and the fold often runs through the puzzle: a thin line, darker than the paper (its
// shade) and often with a bright ridge beside it, straight from one edge of the grid to the other
// (the warp keeps a straight line straight). Inside a cell it reads as a stroke: an empty cell
// crossed lengthways reads as a 1, a digit crossed as another (an 8 as a 4, a 1 as a 7).

#include <vector>

#include "vision/grid/WarpedGrid.h"

namespace sudoku {

// A straight line across the straightened grid, within 20 degrees of its columns (`alongColumns`)
// or of its rows: at the grid's middle row (or column) it crosses `offset` pixels from the grid's
// left (or top) edge, and it moves `slope` pixels across per pixel along.
struct GridCrease {
    bool alongColumns = true;
    double offset = 0;
    double slope = 0;
};

// The creases of a straightened grid: thin dark lines that run straight through three quarters
// or more of its length, away from its own lines (at most two each way).
std::vector<GridCrease> FindCreases(const WarpedGrid& grid);

// The grid with each crease's shade divided out: the light across the crease measured from the
// paper along it, a third of the grid at a time, and every pixel beside it brought back to the
// paper's light beside the crease. A digit's strokes stay as dark against the paper as they were.
WarpedGrid Uncreased(WarpedGrid grid);

}  // namespace sudoku
