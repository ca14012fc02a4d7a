// Naked single (a cell with one candidate left) and hidden single (a digit with one place left in
// a unit): the only techniques that place digits.

#include "solver/techniques/BasicSupport.h"
#include "solver/techniques/Techniques.h"

namespace sudoku {
namespace {

using namespace basic;

class NakedSingle final : public Strategy {
public:
    Technique technique() const override { return Technique::NakedSingle; }

    std::optional<Step> find(const CandidateGrid& grid) const override {
        const Geometry& g = grid.geometry();
        for (int cell = 0; cell < g.cellCount(); ++cell) {
            const Mask m = grid.candidates(cell);  // filled cells have none
            if (m != 0 && !SeveralBits(m)) return MakeStep(g, cell, OnlyDigit(m));
        }
        return std::nullopt;
    }

private:
    static Step MakeStep(const Geometry& g, int cell, int digit) {
        Step step;
        step.technique = Technique::NakedSingle;
        step.placements = {{cell, digit}};
        step.cells = {cell};
        step.proof = {{cell, digit}};
        const auto units = g.unitsOf(cell);
        step.units.assign(units.begin(), units.end());
        std::string& text = step.explanation;
        text.reserve(32);
        AppendCellName(text, g, cell);
        text += " can only be ";
        text += Geometry::DigitChar(digit);
        text += '.';
        return step;
    }
};

class HiddenSingle final : public Strategy {
public:
    Technique technique() const override { return Technique::HiddenSingle; }

    std::optional<Step> find(const CandidateGrid& grid) const override {
        const Geometry& g = grid.geometry();
        const int n = g.size();
        // Boxes first: that is where people look for hidden singles first; diagonals last.
        for (int kind : {2, 0, 1}) {
            for (int index = 0; index < n; ++index) {
                const int unit = kind * n + index;
                if (auto step = findInUnit(grid, unit)) return step;
            }
        }
        for (int unit = 3 * n; unit < g.unitCount(); ++unit)
            if (auto step = findInUnit(grid, unit)) return step;
        return std::nullopt;
    }

private:
    static std::optional<Step> findInUnit(const CandidateGrid& grid, int unit) {
        // once: digits seen in at least one cell; twice: in at least two.
        Mask once = 0, twice = 0;
        const auto cells = grid.geometry().unitCells(unit);
        for (int cell : cells) {
            const Mask m = grid.candidates(cell);
            twice |= once & m;
            once |= m;
        }
        const Mask single = once & ~twice;
        if (single == 0) return std::nullopt;
        const int digit = OnlyDigit(single);
        for (int cell : cells)
            if (grid.has(cell, digit)) return MakeStep(grid.geometry(), unit, cell, digit);
        return std::nullopt;
    }

    static Step MakeStep(const Geometry& g, int unit, int cell, int digit) {
        Step step;
        step.technique = Technique::HiddenSingle;
        step.placements = {{cell, digit}};
        step.cells = {cell};
        step.proof = {{cell, digit}};
        step.units = {unit};
        std::string& text = step.explanation;
        text.reserve(48);
        text += "In ";
        text += g.unitName(unit);
        text += ", ";
        text += Geometry::DigitChar(digit);
        text += " can only go in ";
        AppendCellName(text, g, cell);
        text += '.';
        return step;
    }
};

}  // namespace

std::unique_ptr<Strategy> MakeNakedSingle() {
    return std::make_unique<NakedSingle>();
}
std::unique_ptr<Strategy> MakeHiddenSingle() {
    return std::make_unique<HiddenSingle>();
}

}  // namespace sudoku
