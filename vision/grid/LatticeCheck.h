#pragma once
// Whether a fitted lattice is the grid, or sits a line off it. On a page where the grid's thin
// outer frame runs close to other print, the lattice can be fitted one line in: a row or column
// of the grid then lies outside it, the lines printed across that row run on past the lattice's
// side, and the answer would be drawn a cell off. Such a lattice must be fitted again, never read
// as if right.

#include <optional>
#include <string>

#include <opencv2/core.hpp>

#include "vision/grid/GridWarper.h"

namespace sudoku {

// The side (0 top, 1 right, 2 bottom, 3 left of the lattice as fitted) past which the grid's
// lines run on for one more cell, closed by a line parallel to the side, or -1 when none does.
int SideTheGridContinuesPast(const cv::Mat& gray, const GridLattice& lattice);

// Whether every cell's side is within 1.7 times the next cell's along the same line (none of the
// 320 training photos' lattices differs more): a page curves gently; a corner fitted onto the
// print beside the grid does not.
bool IsRegular(const GridLattice& lattice);

// The lattice moved one cell across its side `side`: the fit to try when the grid continues past
// that side.
Quad QuadMovedOneCell(const GridLattice& lattice, int side);

// An intersection this many cells or more off the homography the others agree on is stray.
inline constexpr double kStrayCells = 0.25;

// The lattice with its few stray intersections (one snapped onto a pen's stroke across a line)
// moved onto the homography nine in ten of its intersections agree on (within half of
// kStrayCells); nullopt when fewer agree, or when the mended lattice is still not regular.
std::optional<GridLattice> MendStrayIntersections(const GridLattice& lattice);

// A lattice as fitted, and why it may still not be the grid: empty when nothing says so, else
// that its cells are not regular or that the grid's lines run on past one of its sides. A
// doubtful lattice's digits may sit a cell off, so they are never solved (ReadStatus::Uncertain).
struct FittedLattice {
    GridLattice lattice;
    std::string doubt;
};

// The lattice of a grid whose corners were found (RefineLattice), fitted again one cell further
// across a side the grid's lines run on past (twice at most), then, if it is not regular, once
// more from the homography most of its intersections agree on (kept only if regular).
FittedLattice FitLattice(const cv::Mat& gray, const Quad& corners, int size);

}  // namespace sudoku
