#pragma once
// Entries the photo makes too faint to read as they stand, read again.
//
// A coloured pen: a red or pink pen on yellowed newsprint can be nearly as light as the paper:
// in gray the cell looks empty and the classifier reads it so, but its colour still shows every
// stroke. In a grid whose pen is clearly apart in colour from its print, each cell read as empty
// (or as a digit so doubtfully that it may be paper) is drawn anew from its colour (its pixels as
// dark as they are moved towards the pen's colour) and, when that shows strokes, read again.
//
// A light pen in a washed-out photo: the classifier stretches each cell's contrast but never
// divides by fewer than kCnnLeastStretch gray levels, so that an empty cell's texture stays
// faint. An old phone's flat, soft photo leaves a pencil's or a light pen's strokes spanning
// fewer levels than that, and they read as paper. Such a cell is read again stretched to its own
// ink.

#include <vector>

#include "vision/classifying/CellClassifier.h"
#include "vision/classifying/CellReading.h"
#include "vision/grid/WarpedGrid.h"
#include "vision/reading/PhotoColour.h"

namespace sudoku {

// Whether the grid has confident digits of both kinds (to know its pen's colour by) and a cell
// read as empty, or as a doubtful digit that may be paper: only then is its colour worth decoding.
bool MayHoldFaintPen(const std::vector<CellReading>& cells);

// Replaces the reading of each cell read as empty, or as a doubtful digit with a tenth or more
// left for paper, whose strokes in the pen's colour the classifier reads as a hand-written digit
// at 0.8 or more; the cells are row-major in the grid as straightened (not turned). Returns the
// number of cells replaced.
int RereadFaintPen(std::vector<CellReading>& cells, const CellInks& inks,
                   const CellClassifier& classifier);

// Replaces the reading of each cell read as empty, or as a doubtful digit that may be paper,
// whose ink spans fewer gray levels than the classifier stretches (and more than paper's
// texture), when the cell stretched to its own ink reads as a hand-written digit at 0.8 or
// more (as RereadFaintPen). `grid` is the grid the cells were read from; `skip` lists cells to
// leave as they are (cut off or covered). Returns the number of cells replaced.
int RereadLightStrokes(std::vector<CellReading>& cells, const WarpedGrid& grid,
                       const std::vector<int>& skip, const CellClassifier& classifier);

}  // namespace sudoku
