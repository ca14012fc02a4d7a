#pragma once
// Telling a crossword from a Sudoku: a crossword printed beside a Sudoku has a lattice as complete
// as a grid's (more complete than a Sudoku's whose thin lines are dashes), but squares printed
// solid, which no Sudoku has.

#include <array>

#include <opencv2/core.hpp>

namespace sudoku {

// Whether the size x size lattice inside `corners` (clockwise, image pixels) has cells printed
// solid: three or more cells nearly all ink (90%, but for a margin where the lattice may be off),
// ink meaning under 0.6 of the paper's light around the cell, so that a shadow or a dim corner is
// not ink. A digit, however bold, leaves most of its cell paper; a shaded box keeps most of the
// light; a crossword has dozens of solid squares.
bool HasSolidCells(const cv::Mat& gray, const std::array<cv::Point2f, 4>& corners, int size);

// The gray photo with the quadrilateral `corners` painted over with its paper's gray level (the
// median level: a page is mostly paper), so that a grid can be looked for without it.
cv::Mat PaintedOver(const cv::Mat& gray, const std::array<cv::Point2f, 4>& corners);

}  // namespace sudoku
