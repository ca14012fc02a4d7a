#pragma once
// A second look at the entries the check calls wrong. A person's real mistake is another digit
// written plainly, and reads as that digit however the cell is sharpened; a right entry blurred
// or shaken into the shape of another digit (an out-of-focus 7 read as a 9) reads otherwise once
// its edges are sharpened. Calling a right entry wrong is the worse error, so an entry is called
// wrong only when both looks agree, and is reported unsure otherwise.

#include <vector>

#include "solver/Board.h"
#include "vision/classifying/CellClassifier.h"
#include "vision/grid/WarpedGrid.h"

namespace sudoku {

// Reads the cells of `mistakes` again on the straightened grid as it was read (already sharpened
// when out of focus: Focus.h), turned `quarterTurns` clockwise as the solution stands, and
// sharpened (once more); moves to `unsure` (kept sorted) each one the second look does not also
// judge wrong against `solution`. Nothing is read when there is no mistake.
void ConfirmMistakes(const WarpedGrid& warped, int quarterTurns, const CellClassifier& classifier,
                     const Board& solution, std::vector<int>& mistakes, std::vector<int>& unsure);

}  // namespace sudoku
