#pragma once
// Printed or hand-written is decided for the whole grid as well as for each cell. The classifier
// learnt both kinds in roughly equal numbers, but a grid is rarely balanced: a newspaper puzzle
// is all print, a finished one mostly hand-writing. Where a cell's own pixels leave the kind open
// (a thin printed 7 that looks penned), the grid's confident cells say which kind is the likelier
// here: Bayes' rule with the grid's kind frequencies as the prior in place of the training one
// (the usual correction for a shift of class priors between training and use).

#include <vector>

#include "vision/classifying/CellReading.h"

namespace sudoku {

// Reweights every digit guess by how common its kind is among the grid's confident digits
// (Laplace-smoothed, against an even training prior), keeping the probability each cell gives
// its digits in all, and re-sorts the guesses. Empty guesses keep their probability. Returns the
// number of cells whose first guess changed. Does nothing with fewer than a few confident digits.
int ApplyGridKindPrior(std::vector<CellReading>& cells);

}  // namespace sudoku
