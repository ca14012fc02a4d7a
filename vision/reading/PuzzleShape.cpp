#include "vision/reading/PuzzleShape.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace sudoku {

PuzzleShape::PuzzleShape(int size, Variant variant) : size_(size), variant_(variant) {
    if (variant == Variant::Jigsaw)
        throw std::invalid_argument("PuzzleShape: a jigsaw's shape comes from its walls");
}

PuzzleShape::PuzzleShape(int size, RegionWalls walls)
    : size_(size), variant_(Variant::Jigsaw), walls_(std::move(walls)) {}

std::vector<int> PuzzleShape::doubtfulCells(int quarterTurns) const {
    std::vector<int> cells = walls_.doubtfulCells;
    for (int t = 0; t < quarterTurns % 4; ++t)
        for (int& cell : cells)
            cell = (cell % size_) * size_ + (size_ - 1 - cell / size_);
    std::sort(cells.begin(), cells.end());
    return cells;
}

Geometry PuzzleShape::turned(int quarterTurns) const {
    if (variant_ == Variant::Jigsaw)
        return Geometry::WithRegions(TurnRegionMap(walls_.regionOf, size_, quarterTurns));
    const Geometry boxes = *Geometry::ForSize(size_);
    return Geometry(boxes.boxRows(), boxes.boxCols(), variant_ == Variant::X);
}

}  // namespace sudoku
