// Basic fish: when a digit's places in k rows (the base) all lie in the same k columns (the
// cover), those rows put the digit in each of the columns, so it leaves the rest of the columns.
// Rows and columns swap roles too. k = 2 X-Wing, 3 Swordfish, 4 Jellyfish.

#include <stdexcept>

#include "solver/techniques/BasicSupport.h"
#include "solver/techniques/Techniques.h"

namespace sudoku {
namespace {

using namespace basic;

constexpr Technique kFish[] = {Technique::XWing, Technique::Swordfish, Technique::Jellyfish};

class Fish final : public Strategy {
public:
    explicit Fish(int size) : k_(size) {
        if (size < 2 || size > 4) throw std::invalid_argument("fish size must be 2, 3 or 4");
    }
    Technique technique() const override { return kFish[k_ - 2]; }

    std::optional<Step> find(const CandidateGrid& grid) const override {
        const Geometry& g = grid.geometry();
        const int n = g.size();
        // byRow[d-1][r]: columns of row r where d may go; byCol[d-1][c]: rows of column c.
        std::array<std::array<Mask, kMaxSize>, kMaxSize> byRow{}, byCol{};
        for (int cell = 0; cell < g.cellCount(); ++cell) {
            const int r = g.row(cell), c = g.col(cell);
            for (int d : Digits(grid.candidates(cell))) {
                byRow[d - 1][r] |= Mask{1} << c;
                byCol[d - 1][c] |= Mask{1} << r;
            }
        }
        for (int d = 1; d <= n; ++d)
            if (auto step = findForDigit(grid, d, byRow[d - 1], byCol[d - 1])) return step;
        return std::nullopt;
    }

    // Part p is digit p + 1: its places by row and by column alone.
    Scope scope(const Geometry&) const override { return Scope::Digit; }
    std::optional<Step> findIn(const CandidateGrid& grid, int part) const override {
        const Geometry& g = grid.geometry();
        const int digit = part + 1;
        std::array<Mask, kMaxSize> byRow{}, byCol{};
        for (int cell = 0; cell < g.cellCount(); ++cell)
            if (grid.has(cell, digit)) {
                byRow[g.row(cell)] |= Mask{1} << g.col(cell);
                byCol[g.col(cell)] |= Mask{1} << g.row(cell);
            }
        return findForDigit(grid, digit, byRow, byCol);
    }

private:
    // Rows as base lines first, then columns.
    std::optional<Step> findForDigit(const CandidateGrid& grid, int digit,
                                     const std::array<Mask, kMaxSize>& byRow,
                                     const std::array<Mask, kMaxSize>& byCol) const {
        if (auto step = findOnBase(grid, digit, byRow, true)) return step;
        return findOnBase(grid, digit, byCol, false);
    }

    // lines[i]: the cross-lines where the digit may go in base line i.
    std::optional<Step> findOnBase(const CandidateGrid& grid, int digit,
                                   const std::array<Mask, kMaxSize>& lines,
                                   bool rowsAreBase) const {
        const int n = grid.size();
        std::array<int, kMaxSize> items{};
        std::array<Mask, kMaxSize> masks{};
        int count = 0;
        for (int i = 0; i < n; ++i) {
            if (SeveralBits(lines[i]) && AtMostBits(lines[i], k_)) {
                items[count] = i;
                masks[count++] = lines[i];
            }
        }
        std::optional<Step> found;
        ForEachTightSubset(masks.data(), count, k_, [&](const auto& chosen, Mask cover) {
            Mask base = 0;
            for (int j = 0; j < k_; ++j)
                base |= Mask{1} << items[chosen[j]];
            found = makeStep(grid, digit, base, cover, rowsAreBase);
            return found.has_value();
        });
        return found;
    }

    std::optional<Step> makeStep(const CandidateGrid& grid, int digit, Mask base, Mask cover,
                                 bool rowsAreBase) const {
        const Geometry& g = grid.geometry();
        auto cellOf = [&](int line, int cross) {
            return rowsAreBase ? g.cellAt(line, cross) : g.cellAt(cross, line);
        };
        std::vector<CellDigit> eliminations;
        // Reading order, so the sentence lists the cells as a person scans the grid.
        for (int cell = 0; cell < g.cellCount(); ++cell) {
            const int line = rowsAreBase ? g.row(cell) : g.col(cell);
            const int cross = rowsAreBase ? g.col(cell) : g.row(cell);
            if ((cover & (Mask{1} << cross)) && !(base & (Mask{1} << line)) &&
                grid.has(cell, digit))
                eliminations.push_back({cell, digit});
        }
        if (eliminations.empty()) return std::nullopt;
        Step step;
        step.technique = technique();
        for (int line = 0; line < g.size(); ++line) {
            if (!(base & (Mask{1} << line))) continue;
            for (int cross = 0; cross < g.size(); ++cross) {
                const int cell = cellOf(line, cross);
                if ((cover & (Mask{1} << cross)) && grid.has(cell, digit)) {
                    step.cells.push_back(cell);
                    step.proof.push_back({cell, digit});
                }
            }
        }
        auto unitOf = [&](int index, bool isRow) {
            return isRow ? g.rowUnit(index) : g.colUnit(index);
        };
        for (int i : Digits(base))
            step.units.push_back(unitOf(i - 1, rowsAreBase));
        for (int i : Digits(cover))
            step.units.push_back(unitOf(i - 1, !rowsAreBase));
        const char* baseKind = rowsAreBase ? "row" : "column";
        const char* coverKind = rowsAreBase ? "column" : "row";
        step.explanation = "In " + LineListText(baseKind, base) + ", " + DigitText(digit) +
                           " can only go in " + LineListText(coverKind, cover) +
                           ", so it is removed from " + CellListText(g, CellsOf(eliminations)) +
                           ".";
        step.eliminations = std::move(eliminations);
        return step;
    }

    int k_;
};

}  // namespace

std::unique_ptr<Strategy> MakeFish(int size) {
    return std::make_unique<Fish>(size);
}

}  // namespace sudoku
