#pragma once
// Straightening a found grid. One homography cannot follow a curved newspaper page, so the
// inner line intersections are located one by one and every cell is warped on its own corners.

#include <vector>

#include <opencv2/core.hpp>

#include "vision/grid/GridDetector.h"
#include "vision/grid/WarpedGrid.h"

namespace sudoku {

// The (size+1) x (size+1) line intersections of a grid in image pixels, row-major: point (r, c)
// is where horizontal line r meets vertical line c.
struct GridLattice {
    int size = 9;
    std::vector<cv::Point2f> points;

    const cv::Point2f& at(int row, int col) const { return points[row * (size + 1) + col]; }
    // The point at (u, v) in 0..1 across cell (row, col), bilinear between its four corners:
    // continuous across cell borders.
    cv::Point2f inCell(int row, int col, float u, float v) const {
        return (1 - u) * (1 - v) * at(row, col) + u * (1 - v) * at(row, col + 1) +
               (1 - u) * v * at(row + 1, col) + u * v * at(row + 1, col + 1);
    }
    // The outer corners, clockwise from intersection (0, 0).
    Quad corners() const { return {at(0, 0), at(0, size), at(size, size), at(size, 0)}; }
};

// The lattice a homography `h` from the grid's own coordinates (cell (r, c) the unit square at
// (c, r)) to the image predicts.
GridLattice LatticeFromHomography(const cv::Mat& h, int size);

// The lattice one homography predicts from four corners.
GridLattice LatticeFromQuad(const Quad& quad, int size);

// The homography from the grid's own coordinates that best explains a lattice (RANSAC over its
// intersections, one within `ransacPixels` of it agreeing); empty when none is found.
cv::Mat LatticeHomography(const GridLattice& lattice, double ransacPixels);

// The corners of the homography that best explains a lattice (RANSAC over its intersections): a
// quad a refinement can start from again, closer to the truth than the first guess when one of
// its edges was off by a line.
Quad FittedQuad(const GridLattice& lattice);

// Gray levels a pixel must be below its neighbourhood's mean to count as part of a line.
constexpr double kLineInkOffset = 5;
// The same for a blurred photo, whose thin lines keep only a few gray levels of contrast.
constexpr double kFaintLineInkOffset = 3;

// Moves every intersection of the quad's lattice onto the lines actually printed near it;
// intersections with no clear line nearby (worn print, a glare) follow their neighbours.
GridLattice RefineLattice(const cv::Mat& gray, const Quad& quad, int size,
                          double inkOffset = kLineInkOffset);

// The cells (row-major) of which a photo of `image` size does not show the middle square, of
// `middle` of the cell's side (0: its centre; 0.6: where a digit's strokes are).
std::vector<int> CellsOutside(const GridLattice& lattice, cv::Size image, float middle);

// The grid cut out cell by cell: each cell's four intersections map onto its square of
// kCellPixels, so a curved page comes out straight.
WarpedGrid WarpLattice(const cv::Mat& gray, const GridLattice& lattice);

}  // namespace sudoku
