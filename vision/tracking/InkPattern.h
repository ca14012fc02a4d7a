#pragma once
// Checking that a followed grid still sits on the cells it was read on. A lattice is periodic,
// so optical flow that loses a fast-moving grid can lock onto it again one or more cells off,
// and the printed lines then confirm the wrong position just as well as the right one. The
// cells that hold a digit do not repeat that way: the ink measured in each cell under the
// lattice is compared with the cells the reading found digits in.

#include <optional>
#include <vector>

#include <opencv2/core.hpp>

namespace sudoku {

// How much ink each cell under a (size+1)^2 lattice (row-major intersections, image pixels)
// holds: the contrast (standard deviation over mean) of the middle of the cell, in row-major
// cell order. A cell whose middle is not wholly in the image is NaN. `gray` is 8-bit gray.
std::vector<double> CellInk(const cv::Mat& gray, const std::vector<cv::Point2f>& lattice, int size);

// How well the ink measured in the cells follows the cells expected to hold a digit: the
// correlation (-1..1) between the two over the cells in view; near 1 when the lattice sits on
// the cells read, near 0 when it is a cell or more off. Nothing when too few cells are in view,
// or those in view are all inked or all empty, to tell.
std::optional<double> InkAgreement(const std::vector<double>& ink, const std::vector<bool>& inked);

}  // namespace sudoku
