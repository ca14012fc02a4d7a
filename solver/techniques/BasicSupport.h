#pragma once
// Small helpers shared by the basic techniques (singles, locked candidates, subsets, fish):
// per-unit digit positions as bitmasks, subset enumeration without allocation, and the wording
// of explanations. Internal to solver/techniques; not part of the library's public API.

#include <algorithm>
#include <array>
#include <charconv>
#include <string>
#include <string_view>
#include <vector>

#include "solver/Board.h"
#include "solver/Step.h"

namespace sudoku::basic {

// Bit i of places[d - 1] is set when the i-th cell of the unit has digit d as a candidate.
using UnitPlaces = std::array<Mask, kMaxSize>;

inline UnitPlaces PlacesIn(const CandidateGrid& grid, int unit) {
    UnitPlaces places{};
    const auto cells = grid.geometry().unitCells(unit);
    for (int i = 0; i < static_cast<int>(cells.size()); ++i)
        for (int d : Digits(grid.candidates(cells[i])))
            places[d - 1] |= Mask{1} << i;
    return places;
}

// Bit counting without popcount: the build targets plain x86-64, where __builtin_popcount is a
// library call, and these tests sit in the hottest loops of the solver.
inline bool AtMostBits(Mask m, int k) {
    for (int i = 0; i < k && m; ++i)
        m &= m - 1;
    return m == 0;
}
inline bool ExactlyBits(Mask m, int k) {
    return AtMostBits(m, k) && !AtMostBits(m, k - 1);
}
inline bool SeveralBits(Mask m) {
    return (m & (m - 1)) != 0;
}

// Looks for k of the n masks whose union has exactly k bits (the shape of every subset and fish
// pattern) and calls visit(chosen, unionMask) for each, in lexicographic order of indices, until
// visit returns true; returns whether it did. Branches whose union already exceeds k bits are
// cut, so the search stays small even on 25x25 grids. Nothing is allocated.
template <typename Visit>
bool ForEachTightSubset(const Mask* masks, int n, int k, Visit&& visit) {
    std::array<int, 4> chosen{};
    std::array<Mask, 5> unions{};
    // Depth-first over indices; depth = how many are chosen so far.
    int depth = 0;
    int next = 0;
    while (true) {
        if (depth == k) {
            if (ExactlyBits(unions[k], k) && visit(chosen, unions[k])) return true;
            next = chosen[--depth] + 1;
            continue;
        }
        if (next > n - (k - depth)) {  // not enough masks left to finish this branch
            if (depth == 0) return false;
            next = chosen[--depth] + 1;
            continue;
        }
        const Mask u = unions[depth] | masks[next];
        if (AtMostBits(u, k)) {
            chosen[depth] = next;
            unions[depth + 1] = u;
            ++depth;
            next = chosen[depth - 1] + 1;
        } else {
            ++next;
        }
    }
}

// The same search for every size from 2 to `most` in one walk, for a caller that takes every
// pattern whatever its size (RuleFixpoint9.cpp): visit(chosen, unionMask), where bit i of
// `chosen` is set for each mask chosen, until visit returns true; returns whether it did. A walk
// per size, as above, goes down the smaller sizes' branches again for each larger size: 15% more
// time in the rules' fixpoint.
template <typename Visit>
bool ForEachTightSubsetUpTo(const Mask* masks, int n, int most, Visit&& visit, int from = 0,
                            Mask chosen = 0, Mask together = 0, int picked = 0) {
    for (int i = from; i < n; ++i) {
        const Mask grown = together | masks[i];
        const int bits = CountDigits(grown);
        if (bits > most) continue;
        const Mask with = chosen | Mask{1} << i;
        if (picked >= 1 && bits == picked + 1 && visit(with, grown)) return true;
        if (ForEachTightSubsetUpTo(masks, n, most, visit, i + 1, with, grown, picked + 1))
            return true;
    }
    return false;
}

// "A", "A and B", "A, B and C".
inline void AppendListSeparator(std::string& text, int index, int count) {
    if (index == 0) return;
    text += index + 1 == count ? " and " : ", ";
}

inline void AppendNumber(std::string& text, int value) {
    char buffer[12];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    text.append(buffer, result.ptr);
}

// Appends "r5c2" without building a temporary string: singles are most of a solve's steps.
inline void AppendCellName(std::string& text, const Geometry& g, int cell) {
    text += 'r';
    AppendNumber(text, g.row(cell) + 1);
    text += 'c';
    AppendNumber(text, g.col(cell) + 1);
}

inline std::string DigitText(int digit) {
    return std::string(1, Geometry::DigitChar(digit));
}

// "3, 7 and 8".
inline std::string DigitListText(Mask digits) {
    std::string text;
    const int count = CountDigits(digits);
    int i = 0;
    for (int d : Digits(digits)) {
        AppendListSeparator(text, i++, count);
        text += Geometry::DigitChar(d);
    }
    return text;
}

// "r1c1, r2c5 and r3c9".
template <typename Cells>
std::string CellListText(const Geometry& g, const Cells& cells) {
    std::string text;
    const int count = static_cast<int>(std::size(cells));
    int i = 0;
    for (int cell : cells) {
        AppendListSeparator(text, i++, count);
        text += g.cellName(cell);
    }
    return text;
}

// "rows 2, 5 and 8" for a bitmask of row (or column) indices; kind is "row" or "column".
inline std::string LineListText(std::string_view kind, Mask lines) {
    std::string text(kind);
    if (CountDigits(lines) > 1) text += 's';
    text += ' ';
    const int count = CountDigits(lines);
    int i = 0;
    for (int line : Digits(lines)) {  // Digits yields index + 1: exactly the 1-based number
        AppendListSeparator(text, i++, count);
        text += std::to_string(line);
    }
    return text;
}

// The distinct cells of a list of eliminations, in order of first appearance.
inline std::vector<int> CellsOf(const std::vector<CellDigit>& list) {
    std::vector<int> cells;
    for (const CellDigit& cd : list)
        if (std::find(cells.begin(), cells.end(), cd.cell) == cells.end()) cells.push_back(cd.cell);
    return cells;
}

}  // namespace sudoku::basic
