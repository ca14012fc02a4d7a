#pragma once
// Recognising a board already read when its grid comes back into view, without reading its
// digits again (the slow part of the live loop): the grid found is straightened, turned each of
// the four ways, and compared with the picture of the board kept from its reading. It must hold
// ink in the very cells that were read with digits, and those digits must look the same, so a
// different puzzle printed on the same pattern of cells is not taken for the known one.

#include <optional>
#include <vector>

#include <opencv2/core.hpp>

#include "vision/grid/GridWarper.h"
#include "vision/reading/ReadSudoku.h"

namespace sudoku {

class KnownBoard {
public:
    // `gray` (8-bit) is the picture the board was read in and `lattice` its upright (size+1)^2
    // intersections in that picture's pixels. Throws std::invalid_argument for a reading that
    // is not Solved or a lattice of the wrong length.
    KnownBoard(const cv::Mat& gray, const std::vector<cv::Point2f>& lattice, Reading reading);

    const Reading& reading() const { return reading_; }
    // The cells read with a digit, printed or hand-written, row-major.
    const std::vector<bool>& inked() const { return inked_; }

    // When the grid at `found` in `gray` is this board, its upright intersections (in `gray`'s
    // pixels); nothing when it is another board or cannot be told.
    std::optional<std::vector<cv::Point2f>> match(const cv::Mat& gray,
                                                  const GridLattice& found) const;

private:
    double digitLikeness(const cv::Mat& straight) const;

    Reading reading_;
    std::vector<bool> inked_;
    cv::Mat straight_;  // the board straightened, upright (WarpLattice)
};

}  // namespace sudoku
