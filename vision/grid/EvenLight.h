#pragma once
// A shadow across a straightened grid evened out before its cells are read. A shadow with a
// sharp edge (a phone's or a hand's) runs through cells, and a cell's contrast stretch would
// turn its dark half into strokes.

#include "vision/grid/WarpedGrid.h"

namespace sudoku {

// The paper's brightness at every pixel of the grid: the ink (strokes narrower than half a cell)
// closed over with the paper beside it.
cv::Mat PaperLight(const cv::Mat& gray);

// Whether the paper's light changes by more than half within a fifth of a cell somewhere: a
// shadow's edge. A lamp's fall-off and a page's curve change it slowly (at most 1.41 times over a
// fifth of a cell in the 320 training photos; a hand's shadow: 1.76 and more).
bool HasShadowEdge(const cv::Mat& paper);

// The grid as it is without a shadow's edge; with one, every pixel divided by its paper's
// brightness and brought back to the brightest paper's level, so that paper reads the same in
// the shadow as beside it.
WarpedGrid EvenlyLit(WarpedGrid grid);

}  // namespace sudoku
