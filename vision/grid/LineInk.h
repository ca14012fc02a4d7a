#pragma once
// Telling a grid's lines from the digits in its cells, on ink straightened to so many pixels a
// cell: a grid full of digits (printed or hand-written, bolder than faint lines) must look as
// much like a grid as an empty one.

#include <opencv2/core.hpp>

namespace sudoku {

// Erases from a binary image (ink != 0) the blobs that fit in a cell and are not a dash of a
// worn or dotted line (at most a sixth of a cell thick and at least `shortestDash` pixels long):
// digits, specks. Lines, dashes and digits touching a line stay. With `largestDot` above 0, specks
// no larger than it either way stay too: the dots a hair-thin line of a small grid breaks into
// in the ink mask, too short and too thick (the mask grows them) to be dashes.
void EraseCellBlobs(cv::Mat& binary, int cell, int shortestDash, int largestDot = 0);

}  // namespace sudoku
