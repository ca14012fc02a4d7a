#pragma once
// A second look at the entries the check calls wrong. A person's real mistake is another digit
// written plainly, and reads as that digit however the cell is sharpened or slanted; a right entry
// blurred or shaken into the shape of another digit (an out-of-focus 7 read as a 9) reads
// otherwise once its edges are sharpened, and one written in a hand the classifier has not seen
// (a crossed 7, an open 4) often once it is slanted a little. Calling a right entry wrong is the
// worse error, so an entry is called wrong only when every look agrees, and is reported unsure
// otherwise: the grid sharpened, and the mean of that look and two with every cell turned 8
// degrees each way. Against the sharpened look alone, on filled-in photos rendered in other
// newspapers' styles and written in MNIST's hands, which the classifier never saw
// (bench/newspaper_probes.py --handwriting: 300 photos of seed 12, 200 of seed 11), right entries
// called wrong 27 -> 13 and 13 -> 6; the held-out photos with two entries swapped
// (EntryCheckTest) 2 -> 1 of 3,304, their swapped entries still 60 of 64 found wrong (the others
// unsure); the same out of focus 3 -> 3, 57 -> 55 found; all 159 filled-in training photos so
// composed 8 -> 5 of 16,145 called wrong, 295 -> 289 of 316 found. Turned 6, 10 or 12 degrees,
// shrunk by 5%, or the slanted looks without the sharpened one, found fewer or called more.

#include <vector>

#include "solver/Board.h"
#include "vision/classifying/CellClassifier.h"
#include "vision/grid/WarpedGrid.h"

namespace sudoku {

// Reads the cells of `mistakes` again on the straightened grid as it was read (already sharpened
// when out of focus: Focus.h), turned `quarterTurns` clockwise as the solution stands: sharpened
// (once more), and with each cell turned either way; moves to `unsure` (kept sorted) each one
// that the sharpened look, or the mean of the three, does not also judge wrong against
// `solution`. Nothing is read when there is no mistake.
void ConfirmMistakes(const WarpedGrid& warped, int quarterTurns, const CellClassifier& classifier,
                     const Board& solution, std::vector<int>& mistakes, std::vector<int>& unsure);

}  // namespace sudoku
