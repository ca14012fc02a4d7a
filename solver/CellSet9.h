#pragma once
// A set of cells of the classic 9x9 grid as two words: the generator's clues and unavoidable
// sets, and the form in which it hands the fast solver where each digit may go.

#include <bit>
#include <cstdint>

namespace sudoku {

// A set of cells of a 9x9 grid, bit `cell` of 81.
struct CellSet9 {
    std::uint64_t low = 0;   // cells 0..63
    std::uint64_t high = 0;  // cells 64..80

    void add(int cell) { (cell < 64 ? low : high) |= std::uint64_t{1} << (cell % 64); }
    void remove(int cell) { (cell < 64 ? low : high) &= ~(std::uint64_t{1} << (cell % 64)); }
    bool has(int cell) const { return ((cell < 64 ? low : high) >> (cell % 64) & 1) != 0; }
    bool empty() const { return (low | high) == 0; }

    // Calls f(cell) for each cell of the set, in order.
    template <typename F>
    void forEach(F f) const {
        for (std::uint64_t m = low; m; m &= m - 1)
            f(std::countr_zero(m));
        for (std::uint64_t m = high; m; m &= m - 1)
            f(64 + std::countr_zero(m));
    }

    CellSet9& operator|=(const CellSet9& o) {
        low |= o.low;
        high |= o.high;
        return *this;
    }
    CellSet9 operator|(const CellSet9& o) const { return {low | o.low, high | o.high}; }
    CellSet9 operator&(const CellSet9& o) const { return {low & o.low, high & o.high}; }
    CellSet9 operator~() const { return {~low, ~high}; }
};

}  // namespace sudoku
