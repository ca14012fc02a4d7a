// Naked subsets: k cells of a unit whose candidates together are only k digits hold those digits,
// so the digits leave the unit's other cells. Hidden subsets: k digits that can only go in the
// same k cells of a unit fill those cells, so the cells lose their other candidates. k = 2, 3, 4.

#include <stdexcept>

#include "solver/techniques/BasicSupport.h"
#include "solver/techniques/Techniques.h"

namespace sudoku {
namespace {

using namespace basic;

constexpr Technique kNaked[] = {Technique::NakedPair, Technique::NakedTriple, Technique::NakedQuad};
constexpr Technique kHidden[] = {Technique::HiddenPair, Technique::HiddenTriple,
                                 Technique::HiddenQuad};

int CheckedSize(int size) {
    if (size < 2 || size > 4) throw std::invalid_argument("subset size must be 2, 3 or 4");
    return size;
}

class NakedSubset final : public Strategy {
public:
    explicit NakedSubset(int size) : k_(CheckedSize(size)) {}
    Technique technique() const override { return kNaked[k_ - 2]; }

    std::optional<Step> find(const CandidateGrid& grid) const override {
        return firstStepPartByPart(grid);
    }

    Scope scope(const Geometry&) const override { return Scope::Unit; }
    std::optional<Step> findIn(const CandidateGrid& grid, int unit) const override {
        const auto cells = grid.geometry().unitCells(unit);
        // The unit's open cells with at most k candidates: the only ones a subset can use.
        std::array<int, kMaxSize> items{};
        std::array<Mask, kMaxSize> masks{};
        int count = 0, open = 0;
        for (int i = 0; i < static_cast<int>(cells.size()); ++i) {
            const Mask m = grid.candidates(cells[i]);
            if (m == 0) continue;
            ++open;
            if (AtMostBits(m, k_)) {
                items[count] = i;
                masks[count++] = m;
            }
        }
        if (open <= k_) return std::nullopt;  // no cell left outside the subset
        std::optional<Step> found;
        ForEachTightSubset(masks.data(), count, k_, [&](const auto& chosen, Mask digits) {
            Mask inSubset = 0;
            for (int j = 0; j < k_; ++j)
                inSubset |= Mask{1} << items[chosen[j]];
            found = makeStep(grid, unit, inSubset, digits);
            return found.has_value();
        });
        return found;
    }

private:
    std::optional<Step> makeStep(const CandidateGrid& grid, int unit, Mask inSubset,
                                 Mask digits) const {
        const Geometry& g = grid.geometry();
        const auto cells = g.unitCells(unit);
        std::vector<CellDigit> eliminations;
        for (int i = 0; i < static_cast<int>(cells.size()); ++i) {
            if (inSubset & (Mask{1} << i)) continue;
            for (int d : Digits(grid.candidates(cells[i]) & digits))
                eliminations.push_back({cells[i], d});
        }
        if (eliminations.empty()) return std::nullopt;
        Step step;
        step.technique = technique();
        for (int i : Digits(inSubset))
            step.cells.push_back(cells[i - 1]);
        for (int cell : step.cells)
            for (int d : Digits(grid.candidates(cell)))
                step.proof.push_back({cell, d});
        step.units = {unit};
        const std::string list = DigitListText(digits);
        step.explanation = CellListText(g, step.cells) + " hold only " + list + ", so " + list +
                           " are removed from the rest of " + g.unitName(unit) + ".";
        step.eliminations = std::move(eliminations);
        return step;
    }

    int k_;
};

class HiddenSubset final : public Strategy {
public:
    explicit HiddenSubset(int size) : k_(CheckedSize(size)) {}
    Technique technique() const override { return kHidden[k_ - 2]; }

    std::optional<Step> find(const CandidateGrid& grid) const override {
        return firstStepPartByPart(grid);
    }

    Scope scope(const Geometry&) const override { return Scope::Unit; }
    std::optional<Step> findIn(const CandidateGrid& grid, int unit) const override {
        const UnitPlaces places = PlacesIn(grid, unit);
        const int n = grid.size();
        // The digits with 2..k places: the only ones a hidden subset can use.
        std::array<int, kMaxSize> items{};
        std::array<Mask, kMaxSize> masks{};
        int count = 0, open = 0;
        for (int d = 1; d <= n; ++d) {
            const Mask where = places[d - 1];
            if (where == 0) continue;
            ++open;
            if (SeveralBits(where) && AtMostBits(where, k_)) {
                items[count] = d;
                masks[count++] = places[d - 1];
            }
        }
        if (open <= k_) return std::nullopt;  // no other digit for the cells to lose
        std::optional<Step> found;
        ForEachTightSubset(masks.data(), count, k_, [&](const auto& chosen, Mask positions) {
            Mask digits = 0;
            for (int j = 0; j < k_; ++j)
                digits |= DigitBit(items[chosen[j]]);
            found = makeStep(grid, unit, positions, digits);
            return found.has_value();
        });
        return found;
    }

private:
    std::optional<Step> makeStep(const CandidateGrid& grid, int unit, Mask positions,
                                 Mask digits) const {
        const Geometry& g = grid.geometry();
        const auto cells = g.unitCells(unit);
        Step step;
        for (int i : Digits(positions)) {
            const int cell = cells[i - 1];
            step.cells.push_back(cell);
            for (int d : Digits(grid.candidates(cell) & ~digits))
                step.eliminations.push_back({cell, d});
        }
        if (step.eliminations.empty()) return std::nullopt;
        step.technique = technique();
        for (int cell : step.cells)
            for (int d : Digits(grid.candidates(cell) & digits))
                step.proof.push_back({cell, d});
        step.units = {unit};
        step.explanation = "In " + g.unitName(unit) + ", " + DigitListText(digits) +
                           " can only go in " + CellListText(g, step.cells) +
                           ", so every other candidate is removed from those cells.";
        return step;
    }

    int k_;
};

}  // namespace

std::unique_ptr<Strategy> MakeNakedSubset(int size) {
    return std::make_unique<NakedSubset>(size);
}
std::unique_ptr<Strategy> MakeHiddenSubset(int size) {
    return std::make_unique<HiddenSubset>(size);
}

}  // namespace sudoku
