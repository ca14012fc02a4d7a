#pragma once
// Telling a grid's lines from the digits in its cells, on ink straightened to so many pixels a
// cell: a grid full of digits (printed or hand-written, bolder than faint lines) must look as
// much like a grid as an empty one.

#include <opencv2/core.hpp>

namespace sudoku {

// Erases from a binary image (ink != 0) the blobs that fit in a cell and are not a dash of a
// worn or dotted line (at most a sixth of a cell thick and at least `shortestDash` pixels long):
// digits, specks. Lines, dashes and digits touching a line stay.
void EraseCellBlobs(cv::Mat& binary, int cell, int shortestDash);

}  // namespace sudoku
