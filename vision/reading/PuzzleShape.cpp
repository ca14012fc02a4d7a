#include "vision/reading/PuzzleShape.h"

#include <stdexcept>
#include <utility>

#include "vision/reading/Orientation.h"

namespace sudoku {

PuzzleShape::PuzzleShape(int size, Variant variant) : size_(size), variant_(variant) {
    if (variant == Variant::Jigsaw)
        throw std::invalid_argument("PuzzleShape: a jigsaw's shape comes from its walls");
}

PuzzleShape::PuzzleShape(int size, RegionWalls walls)
    : size_(size), variant_(Variant::Jigsaw), walls_(std::move(walls)) {}

std::vector<int> PuzzleShape::doubtfulCells(int quarterTurns) const {
    return TurnCells(walls_.doubtfulCells, size_, quarterTurns);
}

Geometry PuzzleShape::turned(int quarterTurns) const {
    if (variant_ == Variant::Jigsaw)
        return Geometry::WithRegions(TurnRegionMap(walls_.regionOf, size_, quarterTurns));
    const Geometry boxes = *Geometry::ForSize(size_);
    return Geometry(boxes.boxRows(), boxes.boxCols(), variant_ == Variant::X);
}

}  // namespace sudoku
