#pragma once
// Entries written in a coloured pen that the gray photo loses. A red or pink pen on yellowed
// newsprint can be nearly as light as the paper: in gray the cell looks empty and the classifier
// reads it so, but its colour still shows every stroke. In a grid whose pen is clearly apart
// in colour from its print, each cell read as empty (or as a digit so doubtfully that it may be
// paper) is drawn anew from its colour (its pixels as dark as they are moved towards the pen's
// colour) and, when that shows strokes, read again.

#include <vector>

#include "vision/classifying/CellClassifier.h"
#include "vision/classifying/CellReading.h"
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

}  // namespace sudoku
