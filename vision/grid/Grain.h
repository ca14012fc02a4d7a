#pragma once
// A noisy straightened grid smoothed before its cells are read. A photo taken in poor light, or
// by a small sensor, speckles the paper; the classifier stretches each cell's contrast and reads
// the speckles as strokes: a printed 1 as a 9, a thin pen stroke broken or thickened.

#include "vision/grid/WarpedGrid.h"

namespace sudoku {

// The grid's grain: the median of |Laplacian| (3x3) over the straightened grid, in gray levels.
// Paper, lines and digits are smooth but for their edges, which are few; noise raises every pixel.
int GrainOf(const WarpedGrid& grid);

// The grid as it is, unless its grain is above every training photo's (10); then smoothed with a
// bilateral filter, which keeps strokes' edges and evens the paper between them.
WarpedGrid Quieted(WarpedGrid grid);

}  // namespace sudoku
