#pragma once
// A jigsaw's regions read from its printed lines: on the straightened grid, every wall between two
// neighbouring cells is thin (inside a region) or thick (a region border). The cells joined across
// thin walls make the regions. A map that is not n regions of n cells, or a thick wall with one
// region on both sides, is reported, never mended: one wall read wrong changes the puzzle.

#include <string>
#include <vector>

#include "vision/grid/WarpedGrid.h"

namespace sudoku {

struct RegionWalls {
    // The region of each cell (row-major), numbered in reading order of each region's first
    // cell; empty when `problem` is set.
    std::vector<int> regionOf;
    // Why the walls read make no valid region map ("the borders read make 10 regions, not 9"),
    // empty when they do.
    std::string problem;
    // Cells beside a wall whose ink lies between the thin and the thick lines' (row-major,
    // sorted): where a misread border would be.
    std::vector<int> doubtfulCells;

    bool ok() const { return problem.empty(); }
};

// Reads the region borders of a straightened jigsaw grid.
RegionWalls ReadRegionWalls(const WarpedGrid& grid);

// The map turned with the grid, clockwise `quarterTurns` times (cell (r, c) moves to
// (c, n - 1 - r) each turn), renumbered in reading order.
std::vector<int> TurnRegionMap(const std::vector<int>& regionOf, int n, int quarterTurns);

// The same partition numbered in reading order of each region's first cell, so that two maps of
// one layout compare equal whatever their labels.
std::vector<int> RegionsInReadingOrder(const std::vector<int>& regionOf);

}  // namespace sudoku
