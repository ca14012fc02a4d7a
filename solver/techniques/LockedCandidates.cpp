// Locked candidates: when a digit's places in one unit all lie in a second unit, the digit must go
// in their intersection, so it is removed from the rest of the second unit. Pointing: a box (or a
// jigsaw region, or a diagonal) points along a unit it crosses. Claiming (box-line reduction): a
// row or column claims a region.

#include "solver/techniques/BasicSupport.h"
#include "solver/techniques/Techniques.h"

namespace sudoku {
namespace {

using namespace basic;

// The cells of `unit` selected by a position mask.
std::vector<int> CellsAt(const Geometry& g, int unit, Mask positions) {
    std::vector<int> cells;
    const auto unitCells = g.unitCells(unit);
    for (int i : Digits(positions))
        cells.push_back(unitCells[i - 1]);
    return cells;
}

class LockedCandidates final : public Strategy {
public:
    explicit LockedCandidates(bool pointing) : pointing_(pointing) {}

    Technique technique() const override {
        return pointing_ ? Technique::LockedCandidatesPointing
                         : Technique::LockedCandidatesClaiming;
    }

    std::optional<Step> find(const CandidateGrid& grid) const override {
        return firstStepPartByPart(grid);
    }

    // A step from a unit: the digit's places in it, and what leaves the unit crossing it there.
    // As a solve only takes candidates away, the crossing unit can only lose what would leave it,
    // so a unit with no step keeps none while its own cells keep their candidates.
    Scope scope(const Geometry&) const override { return Scope::Unit; }
    std::optional<Step> findIn(const CandidateGrid& grid, int unit) const override {
        const auto [first, last] = sourceUnits(grid.geometry());
        if (unit < first || unit >= last) return std::nullopt;
        const Geometry& g = grid.geometry();
        const UnitPlaces places = PlacesIn(grid, unit);
        const auto cells = g.unitCells(unit);
        for (int d = 1; d <= g.size(); ++d) {
            const Mask where = places[d - 1];
            if (!SeveralBits(where)) continue;  // none, or a hidden single
            // The units of the first place, in order (row, column, region, diagonals).
            for (int target : g.unitsOf(cells[__builtin_ctz(where)])) {
                if (target == unit || !AllInUnit(g, cells, where, target)) continue;
                if (auto step = makeStep(grid, unit, target, d, where)) return step;
            }
        }
        return std::nullopt;
    }

private:
    // Pointing looks from regions (boxes) and diagonals to the units they cross; claiming from
    // lines (rows, then columns) to the regions and diagonals they cross: [first, last).
    std::pair<int, int> sourceUnits(const Geometry& g) const {
        const int n = g.size();
        return pointing_ ? std::pair{2 * n, g.unitCount()} : std::pair{0, 2 * n};
    }

    // Whether every cell of `cells` selected by the position mask lies in `target`.
    static bool AllInUnit(const Geometry& g, std::span<const int> cells, Mask positions,
                          int target) {
        for (int i : Digits(positions))
            if (!g.inUnit(target, cells[i - 1])) return false;
        return true;
    }

    std::optional<Step> makeStep(const CandidateGrid& grid, int unit, int target, int digit,
                                 Mask where) const {
        const Geometry& g = grid.geometry();
        std::vector<CellDigit> eliminations;
        for (int cell : g.unitCells(target))
            if (grid.has(cell, digit) && !g.inUnit(unit, cell))
                eliminations.push_back({cell, digit});
        if (eliminations.empty()) return std::nullopt;
        Step step;
        step.technique = technique();
        step.cells = CellsAt(g, unit, where);
        for (int cell : step.cells)
            step.proof.push_back({cell, digit});
        step.units = {unit, target};
        step.explanation = "In " + g.unitName(unit) + ", " + DigitText(digit) + " is confined to " +
                           g.unitName(target) + ", so it is removed from " +
                           CellListText(g, CellsOf(eliminations)) + ".";
        step.eliminations = std::move(eliminations);
        return step;
    }

    bool pointing_;
};

}  // namespace

std::unique_ptr<Strategy> MakeLockedCandidatesPointing() {
    return std::make_unique<LockedCandidates>(true);
}
std::unique_ptr<Strategy> MakeLockedCandidatesClaiming() {
    return std::make_unique<LockedCandidates>(false);
}

}  // namespace sudoku
