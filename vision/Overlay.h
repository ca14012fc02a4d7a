#pragma once
// Drawing the answer back onto the photo: the solution's digits in the cells that were empty,
// in perspective, as if written on the page.

#include <opencv2/core.hpp>

#include "vision/ReadSudoku.h"

namespace sudoku {

// Draws onto an 8-bit BGR photo (as displayed, the frame the reading's corners are in): the
// grid's outline, and when the reading is solved every digit the solution adds. Nothing is
// drawn for a reading that found no grid. Throws std::invalid_argument for another image type.
void DrawReading(cv::Mat& photo, const Reading& reading);

}  // namespace sudoku
