#pragma once
// A second look at the entries the check calls wrong (and, in a shallow grid, at those it is
// unsure of: SettleUnsureEntries below). A person's real mistake is another digit
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
// The same looks are given to the unsure entries that lean wrong (read as another digit, the
// solution's kept below 0.02: EntryCheck.h), and every look agreeing makes one a mistake: held-out
// swapped entries found 60 -> 61 of 64 (image1000's 8 first read 0.44), all 159 composed 291 ->
// 292 of 318, no right entry called wrong more in any of them nor in the MNIST pages. Only the
// cells judged are read again (the rest of the grid is plain paper, which the classifier skips).
// In a grid smeared by a moving hand (Focus.h, LooksSmeared), the entries the other looks judge
// wrong get a fourth look, sharpened across the smear only, which must judge them wrong too:
// smeared by a hand, some right entries read surely as another digit in every other look. The
// held-out photos with two entries swapped, smeared 7 and 9 photo pixels (EntryCheckTest): right
// entries called wrong 10 -> 5 of 3,251 and 17 -> 10 of 2,591, swapped entries found 48 -> 48 of 62
// and 32 -> 31 of 50; the same blurred with a 7-pixel line kernel and read by `sudokucam eval`: 7
// -> 3; MNIST pages of seeds 12, 13 and 14: 16 -> 15, 4 -> 3, 18 -> 17; sharp and out-of-focus
// photos read as before.

#include <vector>

#include "solver/Board.h"
#include "vision/classifying/CellClassifier.h"
#include "vision/grid/WarpedGrid.h"

namespace sudoku {

// Reads the cells of `mistakes` and `leaningWrong` (some of `unsure`) again on the straightened
// grid as it was read (already sharpened when out of focus: Focus.h), turned `quarterTurns`
// clockwise as the solution stands: sharpened (once more), with each cell turned either way, and
// when the grid looks smeared, sharpened across the smear.
// A mistake that the sharpened look, or the mean of the three, or the look across a smear, does not
// also judge wrong against `solution` moves to `unsure`; an entry leaning wrong that they judge
// wrong moves to `mistakes` (both kept sorted), and each entry called wrong gets in `entries` (the
// hand-written digits) the digit its looks read. Nothing is read when there is neither.
void ConfirmMistakes(const WarpedGrid& warped, int quarterTurns, const CellClassifier& classifier,
                     const Board& solution, const std::vector<int>& leaningWrong, Board& entries,
                     std::vector<int>& mistakes, std::vector<int>& unsure);

// Reads the `unsure` entries that show the solution's digit in `entries` again on the grid
// sharpened (as ConfirmMistakes does); one the sharpened look judges right leaves `unsure`: two
// looks read the same digit, one of them surely. Only for a grid shallower than any sharp photo
// (EvenLight.h, LooksShallow), whose soft strokes the classifier doubts: on all 159 filled-in
// training photos with two entries swapped it settled 120 of 599 unsure right entries but called
// one swapped entry right (image99), a mistake hidden. On those photos as an old phone takes them
// (blurred 2 pixels at 1600, contrast 0.7), grids that are shallow: right entries unsure 808 ->
// 646 of 15,764, swapped entries still 278 of 310 found and none called right, right entries
// called wrong 5 -> 5. Never an entry called wrong: settling an unsure entry to wrong when a
// whole sharpened reading of the grid agreed called one more right entry wrong there.
void SettleUnsureEntries(const WarpedGrid& warped, int quarterTurns,
                         const CellClassifier& classifier, const Board& solution,
                         const Board& entries, std::vector<int>& unsure);

}  // namespace sudoku
