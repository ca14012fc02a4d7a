// Locked candidates: when a digit's places in one unit all lie in a second unit, the digit must go
// in their intersection, so it is removed from the rest of the second unit. Pointing: a box
// points along a row or column. Claiming (box-line reduction): a row or column claims a box.

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
        const Geometry& g = grid.geometry();
        const int n = g.size();
        // Pointing looks from boxes to lines; claiming from lines (rows, then columns) to boxes.
        const int first = pointing_ ? 2 * n : 0;
        const int last = pointing_ ? 3 * n : 2 * n;
        for (int unit = first; unit < last; ++unit) {
            const UnitPlaces places = PlacesIn(grid, unit);
            for (int d = 1; d <= n; ++d) {
                const Mask where = places[d - 1];
                if (!SeveralBits(where)) continue;  // none, or a hidden single
                const int target = lockedUnit(g, unit, where);
                if (target < 0) continue;
                if (auto step = makeStep(grid, unit, target, d, where)) return step;
            }
        }
        return std::nullopt;
    }

private:
    // The other unit (a line for pointing, the box for claiming) holding every place, or -1.
    int lockedUnit(const Geometry& g, int unit, Mask where) const {
        const auto cells = g.unitCells(unit);
        const int firstCell = cells[__builtin_ctz(where)];
        // unitsOf(cell) is row, column, box: pointing tries the row and the column.
        const auto candidates = g.unitsOf(firstCell);
        for (int k = pointing_ ? 0 : 2; k < (pointing_ ? 2 : 3); ++k) {
            const int target = candidates[k];
            bool all = true;
            for (int i : Digits(where))
                all &= g.unitsOf(cells[i - 1])[k] == target;
            if (all) return target;
        }
        return -1;
    }

    std::optional<Step> makeStep(const CandidateGrid& grid, int unit, int target, int digit,
                                 Mask where) const {
        const Geometry& g = grid.geometry();
        std::vector<CellDigit> eliminations;
        const auto unitCells = g.unitCells(unit);
        for (int cell : g.unitCells(target)) {
            if (!grid.has(cell, digit)) continue;
            bool inside = false;
            for (int c : unitCells)
                inside |= c == cell;
            if (!inside) eliminations.push_back({cell, digit});
        }
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
