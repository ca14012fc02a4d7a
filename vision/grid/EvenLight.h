#pragma once
// The light of a straightened grid made fit for reading its cells: a shadow's edge evened out, a
// dim grid brightened. A shadow with a sharp edge (a phone's or a hand's) runs through cells, and
// a cell's contrast stretch would turn its dark half into strokes.

#include "vision/grid/WarpedGrid.h"

namespace sudoku {

// The grid as it is, unless its paper's light changes by half within a fifth of a cell somewhere
// (a shadow's edge: a lamp's fall-off and a page's curve change it slowly, at most 1.40 times
// over a fifth of a cell in the 320 training photos; a hand's shadow 1.74 times and more). Then
// every pixel is divided by its paper's light and brought back to the brightest paper's level,
// so that paper reads the same in the shadow as beside it.
WarpedGrid EvenlyLit(WarpedGrid grid);

// The grid brought up to a daylit page's light when its paper is dim (a room's lamp, a photo
// taken without enough light): every pixel multiplied alike. The classifier stretches a cell's
// contrast but never divides by fewer than 48 gray levels (CnnClassifier.cpp), so in a dim grid a
// pen's strokes span fewer levels, read faint, and are taken for paper.
WarpedGrid Brightened(WarpedGrid grid);

// The grid with the cells a glare washes out (their paper brighter, their ink shallower under it
// than the grid's middle cell's) stretched about their paper back to the middle cell's depth; any
// other grid as it is.
WarpedGrid Deglared(WarpedGrid grid);

// How far a straightened grid's darkest ink lies under its paper, in gray levels: the 80th
// percentile of its pixels (paper) less the 1st (the thick lines and the print).
struct InkDepth {
    int paper = 0;
    int ink = 0;
    int levels() const { return paper - ink; }
};
InkDepth MeasureInkDepth(const WarpedGrid& grid);

// Flatter than any photo of the training folder: an old phone's washed-out shot (a third of the
// unseen test photos, ../shared/READING-NOTES.md). Such a grid is read deepened and sharpened.
bool LooksFlat(const InkDepth& depth);

// Shallower than every filled-in photo of the training folder (flat or not): an old phone's
// strokes may be soft where its lines measure thin, and so may a blurred, shaken or shadowed
// grid's.
bool LooksShallow(const InkDepth& depth);

// A flat grid's levels stretched about its paper until its ink lies as deep as the flatness
// bound (LooksFlat); any other grid as it is.
WarpedGrid Deepened(WarpedGrid grid, const InkDepth& depth);

}  // namespace sudoku
