#pragma once
// The search behind X-chains, XY-chains and alternating inference chains (AIC).
//
// A chain alternates strong links (two candidates that cannot both be false: the only two places
// of a digit in a unit, or the two digits of a bivalue cell) and weak links (two candidates that
// cannot both be true: one digit in two cells that see each other, or two digits of one cell). It
// starts and ends with a strong link, so "the first candidate is false" forces "the last one is
// true": one of the two ends is true, and whatever contradicts both ends goes.
//
// The search is a breadth-first walk from every start over the states (candidate, true/false),
// so the chain it returns is the shortest one that eliminates something, within a bound on its
// length. Internal to solver/techniques.

#include <optional>
#include <vector>

#include "solver/Board.h"

namespace sudoku::detail {

enum class ChainKind {
    XChain,   // one digit; strong links are conjugate pairs, weak links cells that see each other
    XYChain,  // bivalue cells only; strong links inside a cell, weak links between cells
    Aic,      // any candidates and both kinds of link
};

struct Chain {
    // nodes[0] is the start (assumed false), then true, false, ... ; the last one is true. Links
    // between nodes 2i and 2i+1 are strong, between 2i+1 and 2i+2 weak.
    std::vector<CellDigit> nodes;
    std::vector<CellDigit> eliminations;
    std::optional<CellDigit> placement;  // when the chain returns to its start (AIC only)
    std::vector<int> units;              // the units of links between two cells
};

// The shortest chain of that kind with at most maxNodes nodes that changes the grid, if any.
std::optional<Chain> FindChain(const CandidateGrid& grid, ChainKind kind, int maxNodes);

// "(5)r1c1 = (5)r1c7 - (3)r1c7 = (3)r4c7": the chain in Eureka notation.
std::string ChainText(const Geometry& g, const Chain& chain);

}  // namespace sudoku::detail
