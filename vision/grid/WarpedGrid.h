#pragma once
// A Sudoku grid cut out of a photo and straightened: the hand-off between finding the grid and
// reading its cells.

#include <opencv2/core.hpp>

namespace sudoku {

// Every straightened grid has this many pixels per cell side, whatever the photo's resolution.
inline constexpr int kCellPixels = 40;

// Where a cell of an n x n grid goes when the grid turns a quarter clockwise: (r, c) moves to
// (c, n - 1 - r).
inline int CellTurnedClockwise(int cell, int n) {
    return (cell % n) * n + (n - 1 - cell / n);
}

struct WarpedGrid {
    int size = 9;  // cells per side
    // 8-bit gray, size*kCellPixels square; cell (r, c) covers columns [c, c+1) * kCellPixels and
    // rows [r, r+1) * kCellPixels. Ink is dark on light paper, as in the photo.
    cv::Mat gray;

    cv::Rect cellRect(int row, int col) const {
        return {col * kCellPixels, row * kCellPixels, kCellPixels, kCellPixels};
    }

    // A grid of plain white paper, to draw a few cells into and read them alone: the classifier
    // skips paper, so reading it costs only the cells drawn.
    static WarpedGrid Paper(int size) {
        return {size, cv::Mat(size * kCellPixels, size * kCellPixels, CV_8U, cv::Scalar(255))};
    }
};

}  // namespace sudoku
