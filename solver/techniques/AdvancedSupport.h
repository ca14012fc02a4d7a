#pragma once
// Small helpers shared by the advanced techniques (wings, colouring, unique rectangles, chains):
// wording of explanations and the "cells that see all of these" search every pattern ends with.
// Internal to solver/techniques; not part of the library's public API.

#include <initializer_list>
#include <string>
#include <vector>

#include "solver/Board.h"
#include "solver/Step.h"

namespace sudoku::detail {

// "3/7" for the candidates of a cell.
inline std::string CandidateText(Mask mask) {
    std::string text;
    for (int d : Digits(mask)) {
        if (!text.empty()) text += '/';
        text += Geometry::DigitChar(d);
    }
    return text;
}

inline std::string DigitText(int digit) {
    return std::string(1, Geometry::DigitChar(digit));
}

// "r1c2, r3c4 and r5c6".
inline std::string CellListText(const Geometry& g, const std::vector<int>& cells) {
    std::string text;
    for (std::size_t i = 0; i < cells.size(); ++i) {
        if (i > 0) text += i + 1 == cells.size() ? " and " : ", ";
        text += g.cellName(cells[i]);
    }
    return text;
}

inline std::vector<int> EliminationCells(const std::vector<CellDigit>& eliminations) {
    std::vector<int> cells;
    for (const CellDigit& cd : eliminations)
        cells.push_back(cd.cell);
    return cells;
}

// "5 is removed from r6c8 and r6c9" (one digit) or "5 from r1c1, 7 from r1c2" (several).
inline std::string RemovalText(const Geometry& g, const std::vector<CellDigit>& eliminations) {
    bool oneDigit = true;
    for (const CellDigit& cd : eliminations)
        oneDigit &= cd.digit == eliminations.front().digit;
    if (oneDigit)
        return DigitText(eliminations.front().digit) + " is removed from " +
               CellListText(g, EliminationCells(eliminations));
    bool oneCell = true;
    for (const CellDigit& cd : eliminations)
        oneCell &= cd.cell == eliminations.front().cell;
    if (oneCell) {
        std::string digits;
        for (std::size_t i = 0; i < eliminations.size(); ++i) {
            if (i > 0) digits += i + 1 == eliminations.size() ? " and " : ", ";
            digits += Geometry::DigitChar(eliminations[i].digit);
        }
        return digits + " are removed from " + g.cellName(eliminations.front().cell);
    }
    std::string text = "removed: ";
    for (std::size_t i = 0; i < eliminations.size(); ++i) {
        if (i > 0) text += ", ";
        text += DigitText(eliminations[i].digit) + " from " + g.cellName(eliminations[i].cell);
    }
    return text;
}

// The candidates `digit` in cells that see every one of `seen` (and are none of them).
inline std::vector<CellDigit> SeeingAll(const CandidateGrid& grid, int digit,
                                        std::initializer_list<int> seen) {
    const Geometry& g = grid.geometry();
    std::vector<CellDigit> out;
    const int first = *seen.begin();
    for (int cell : g.peers(first)) {
        if (!grid.has(cell, digit)) continue;
        bool all = true;
        for (int other : seen)
            all &= cell != other && g.sees(cell, other);
        if (all) out.push_back({cell, digit});
    }
    return out;
}

// The first unit two cells share (row, column, then box), or -1.
inline int CommonUnit(const Geometry& g, int a, int b) {
    for (int ua : g.unitsOf(a))
        for (int ub : g.unitsOf(b))
            if (ua == ub) return ua;
    return -1;
}

// Every candidate of the given cells, for Step::proof.
inline void AddCandidates(const CandidateGrid& grid, int cell, std::vector<CellDigit>& proof) {
    for (int d : Digits(grid.candidates(cell)))
        proof.push_back({cell, d});
}

}  // namespace sudoku::detail
