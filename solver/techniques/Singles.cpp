// Naked single (a cell with one candidate left) and hidden single (a digit with one place left in
// a unit): the only techniques that place digits.

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "solver/techniques/BasicSupport.h"
#include "solver/techniques/Techniques.h"

namespace sudoku {
namespace {

using namespace basic;

// The first cell with exactly one candidate (filled cells have none), or -1. The solver looks for
// a naked single before every step, over every cell, so four cells are tested at once: 0.7 of
// the instructions of grading a newspaper puzzle (callgrind).
int FirstNakedSingle(std::span<const Mask> candidates) {
    const int count = static_cast<int>(candidates.size());
    int cell = 0;
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128(), one = _mm_set1_epi32(1);
    for (; cell + 4 <= count; cell += 4) {
        const __m128i m = _mm_loadu_si128(reinterpret_cast<const __m128i*>(&candidates[cell]));
        const __m128i atMostOne = _mm_cmpeq_epi32(_mm_and_si128(m, _mm_sub_epi32(m, one)), zero);
        const __m128i none = _mm_cmpeq_epi32(m, zero);
        const int single = _mm_movemask_ps(_mm_castsi128_ps(_mm_andnot_si128(none, atMostOne)));
        if (single) return cell + __builtin_ctz(static_cast<unsigned>(single));
    }
#endif
    for (; cell < count; ++cell)
        if (candidates[cell] != 0 && !SeveralBits(candidates[cell])) return cell;
    return -1;
}

// The first digit with one place left in the unit, if any.
std::optional<HiddenSinglePlace> HiddenSingleIn(const CandidateGrid& grid, int unit) {
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
        if (grid.has(cell, digit)) return HiddenSinglePlace{unit, {cell, digit}};
    return std::nullopt;
}

class NakedSingle final : public Strategy {
public:
    Technique technique() const override { return Technique::NakedSingle; }

    std::optional<Step> find(const CandidateGrid& grid) const override {
        const auto single = FindNakedSingle(grid);
        if (!single) return std::nullopt;
        return MakeStep(grid.geometry(), single->cell, single->digit);
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
        const auto single = FindHiddenSingle(grid);
        if (!single) return std::nullopt;
        return MakeStep(grid.geometry(), single->unit, single->place.cell, single->place.digit);
    }

private:
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

std::optional<CellDigit> FindNakedSingle(const CandidateGrid& grid) {
    const int cell = FirstNakedSingle(grid.allCandidates());
    if (cell < 0) return std::nullopt;
    return CellDigit{cell, OnlyDigit(grid.candidates(cell))};
}

std::optional<HiddenSinglePlace> FindHiddenSingle(const CandidateGrid& grid) {
    const Geometry& g = grid.geometry();
    const int n = g.size();
    // Boxes first: that is where people look for hidden singles first; diagonals last.
    for (int kind : {2, 0, 1}) {
        for (int index = 0; index < n; ++index)
            if (auto single = HiddenSingleIn(grid, kind * n + index)) return single;
    }
    for (int unit = 3 * n; unit < g.unitCount(); ++unit)
        if (auto single = HiddenSingleIn(grid, unit)) return single;
    return std::nullopt;
}

std::unique_ptr<Strategy> MakeNakedSingle() {
    return std::make_unique<NakedSingle>();
}
std::unique_ptr<Strategy> MakeHiddenSingle() {
    return std::make_unique<HiddenSingle>();
}

}  // namespace sudoku
