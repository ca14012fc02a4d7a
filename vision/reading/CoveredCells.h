#pragma once
// Cells a finger covers: people hold the page down while they take the photo, and a fingertip
// lies over a cell or two of the outer rows. Its edge passes for a stroke (a fingertip's curve
// read as a hand-written 9 in a printed puzzle), and a person's entry under it cannot be judged.
// Two things tell such a cell: the lattice's lines vanish under a finger, where a shadow or a
// shaded box darkens the paper but leaves its lines as deep against that paper as anywhere else
// in the grid; and skin's colour is not paper's.

#include <vector>

#include <opencv2/core.hpp>

#include "vision/grid/GridWarper.h"
#include "vision/grid/WarpedGrid.h"

namespace sudoku {

// The cells (row-major) of a straightened grid, warped from the photo before its light is evened,
// whose lines something hides: darker than three quarters of the grid's paper over a quarter of
// the cell's middle (where a digit's strokes are: a fingertip beside a digit leaves it to be
// read), and where so, the lines along the cell's sides at most kHiddenLineShare as deep under
// the paper around them as the grid's lines are for the most part.
std::vector<int> CellsWithHiddenLines(const WarpedGrid& grid);

// Measured on the held-out photos with a fingertip drawn over the grid (tests/FingerTest.cpp, and
// a set with the finger placed at random): the lines of the cells a finger darkens keep 0 to 0.7
// of the grid's depth, most under a quarter. Of the 320 training photos' cells as dark (shadows,
// shaded boxes and blurred lines among them) none kept under 0.68, and of the held-out photos'
// under a glare none under 0.64, in a first version that measured the dark over the whole cell;
// with this one every one of those photos reads as before. A patch of shadowed paper pasted over a
// cell, blurred (EntryCheckTest), keeps 0.22 (the lines fade into it), and an empty cell of a green
// band printed across a page, curled, under 0.35.
inline constexpr double kHiddenLineShare = 0.35;

// Of `cells`, those whose middle's colour (in `colour`, 8-bit BGR at `colourScale` of the
// lattice's pixels) lies at least kUnlikePaperChroma from the grid's paper in CIELAB chroma
// (a*, b*): a finger's, not a patch of darker paper's. None without colour.
std::vector<int> UnlikeThePaper(const std::vector<int>& cells, const GridLattice& lattice,
                                const cv::Mat& colour, double colourScale);

// The patch of shadowed paper above measures 8.5 from the paper (its shadow's tint); the cells
// whose lines a finger hides, 2 to 23 (under 10 where it covers a cell's corner, or darkens a cell
// beside it).
inline constexpr double kUnlikePaperChroma = 10;

}  // namespace sudoku
