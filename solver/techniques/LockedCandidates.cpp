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
            const Intersections cross = intersections(g, unit);
            for (int d = 1; d <= n; ++d) {
                const Mask where = places[d - 1];
                if (!SeveralBits(where)) continue;  // none, or a hidden single
                const int p = __builtin_ctz(where);
                for (int k = 0; k < cross.kinds; ++k) {
                    if (where & ~cross.shared[k][p]) continue;
                    if (auto step = makeStep(grid, unit, cross.target[k][p], d, where)) return step;
                }
            }
        }
        return std::nullopt;
    }

private:
    // For each position i of a unit and each kind of other unit it may be locked into (row and
    // column for a box; the box for a line): that unit, and the positions of the unit inside it.
    struct Intersections {
        int kinds = 0;
        std::array<std::array<int, kMaxSize>, 2> target{};
        std::array<std::array<Mask, kMaxSize>, 2> shared{};
    };

    Intersections intersections(const Geometry& g, int unit) const {
        Intersections x;
        x.kinds = pointing_ ? 2 : 1;
        const auto cells = g.unitCells(unit);
        const int n = static_cast<int>(cells.size());
        for (int k = 0; k < x.kinds; ++k) {
            // unitsOf(cell) is row, column, box: pointing uses the row and the column.
            const int slot = pointing_ ? k : 2;
            std::array<Mask, 3 * kMaxSize> byUnit{};
            for (int i = 0; i < n; ++i) {
                x.target[k][i] = g.unitsOf(cells[i])[slot];
                byUnit[x.target[k][i]] |= Mask{1} << i;
            }
            for (int i = 0; i < n; ++i)
                x.shared[k][i] = byUnit[x.target[k][i]];
        }
        return x;
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
