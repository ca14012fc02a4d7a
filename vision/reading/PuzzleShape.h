#pragma once
// The geometry of the board a photo shows, for each way up the grid may be read: the classic
// boxes, an X Sudoku's boxes and diagonals (the same whichever way up), or a jigsaw's regions as
// read from the grid's thick lines, which turn with the grid.

#include <optional>
#include <string>
#include <vector>

#include "solver/Geometry.h"
#include "vision/grid/RegionWalls.h"

namespace sudoku {

class PuzzleShape {
public:
    // A classic or X Sudoku of a size with rectangular boxes.
    PuzzleShape(int size, Variant variant);
    // A jigsaw whose regions were read on the straightened grid as it was fitted (not yet
    // upright). A map with a problem gives no geometry (see problem()).
    PuzzleShape(int size, RegionWalls walls);

    Variant variant() const { return variant_; }
    // Why there is no geometry: the region borders read are no valid map. Empty otherwise.
    const std::string& problem() const { return walls_.problem; }
    // Cells beside a border read doubtfully (row-major, as fitted), turned with the grid.
    std::vector<int> doubtfulCells(int quarterTurns) const;
    // The board's geometry once the grid is turned clockwise `quarterTurns` times. Only when
    // problem() is empty.
    Geometry turned(int quarterTurns) const;

private:
    int size_;
    Variant variant_;
    RegionWalls walls_;
};

}  // namespace sudoku
