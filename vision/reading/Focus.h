#pragma once
// Whether a straightened grid is out of focus, and its edges sharpened. A phone that focused
// behind the page blurs everything alike: the grid's thin lines, a pixel or two wide when sharp,
// spread over several, and digits blur into the shapes of others (an 8 into a 3). Sharpening
// such a grid gives the classifier back most of the digits; sharpening a sharp grid, or one
// smeared in one direction by a moving hand, loses some. So the reader sharpens only a grid whose
// lines are wide both across and down.

#include "vision/grid/WarpedGrid.h"

namespace sudoku {

// The widths (pixels at half depth, of kCellPixels a cell) of a straightened grid's inner lines:
// `across` is the width of the lines that run down the grid (the blur from side to side), `down`
// that of the lines that run across it. The median over the lines of each direction; 0 when the
// lines cannot be measured (a grid of paper only).
struct LineWidths {
    double across = 0;
    double down = 0;
};
LineWidths MeasureLineWidths(const WarpedGrid& grid);

// Out of focus, so to be read sharpened: lines wide in both directions, and about alike.
bool ShouldSharpen(const LineWidths& widths);

// The straightened grid with its edges sharpened (an unsharp mask).
WarpedGrid Sharpened(const WarpedGrid& grid);

// Perhaps smeared by a moving hand: the lines of one direction at least 1.15 times as wide as the
// other's. Not a sure sign: 7 of the 32 sharp held-out filled-in photos measure so (up to 1.8);
// smeared sideways by 7 photo pixels, 29 of them do.
bool LooksSmeared(const LineWidths& widths);

// The grid sharpened only across the smear: an unsharp mask along the direction whose lines are
// the wider (the direction the hand moved), which gives the strokes that run across it back
// their edges and leaves the others as they are.
WarpedGrid SharpenedAcrossSmear(const WarpedGrid& grid, const LineWidths& widths);

}  // namespace sudoku
