#pragma once
// Printed or hand-written, told by the glyph's shape against the grid's own typeface. A
// newspaper prints every 5 of a grid with the same glyph, so two printed cells of one digit match
// almost pixel for pixel once straightened, while a person's 5 matches none of them: a thick,
// upright hand that the classifier takes for print (and a printed digit it takes for a pen's)
// is told apart by comparison with the grid, not with the training set. Measured on the
// held-out filled-in photos (normalised cross-correlation of a cell's middle within another
// cell, best over shifts): printed pairs of one digit match at 0.93 or more in 95 of 100 cases,
// a hand-written digit and the same printed digit at 0.84 or less in 95 of 100. A blurred grid's
// glyphs all look alike: the reader compares them only in focus.

#include <vector>

#include "vision/classifying/CellReading.h"
#include "vision/grid/WarpedGrid.h"

namespace sudoku {

// Two cells read as the same printed digit that match at least this well are the typeface's
// glyph of that digit.
inline constexpr float kSameGlyphAtLeast = 0.9f;
// A cell read as printed that matches none of its digit's typeface glyphs this well (nor another
// digit's as well as kSameGlyphAtLeast: a printed digit the classifier named wrong) is taken for
// hand-writing.
inline constexpr float kStrangeGlyphBelow = 0.7f;
// A cell read doubtfully as hand-written (below kConfidentGuess) that matches a typeface glyph
// of its digit this well is taken for print.
inline constexpr float kTypefaceGlyphAtLeast = 0.95f;

// How well the middle of cell `b` of `grid` is found in cell `a`: the best normalised
// cross-correlation over small shifts, -1 to 1 (-1 for a middle of flat paper, which matches
// nothing). Exact sums, not OpenCV's matchTemplate: the same scores within its rounding (1e-3) in
// a third of the time.
float GlyphMatch(const WarpedGrid& grid, int a, int b);

// Relabels the cells whose kind the grid's typeface contradicts: read as printed but matching no
// typeface glyph, hand-written; read doubtfully as hand-written but matching its digit's
// typeface glyph, printed. Only in a grid with confident hand-writing (a newspaper's own puzzle has
// no pen to mistake) and only against digits with a typeface glyph (two printed cells that match).
// Returns the number of cells relabelled.
int TellPrintByTypeface(const WarpedGrid& grid, std::vector<CellReading>& cells);

}  // namespace sudoku
