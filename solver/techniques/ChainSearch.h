#pragma once
// The search behind X-chains, XY-chains and alternating inference chains (AIC).
//
// A chain alternates strong links (two candidates that cannot both be false: the only two places
// of a digit in a unit, or the two digits of a bivalue cell) and weak links (two candidates that
// cannot both be true: one digit in two cells that see each other, or two digits of one cell). It
// starts and ends with a strong link, so "the first candidate is false" forces "the last one is
// true": one of the two ends is true, and whatever contradicts both ends goes.
//
// AICs also use groups: the places of a digit where a box meets a row or column, taken as one
// node ("the digit is in one of these cells"); that is what finned fish and empty rectangles are.
//
// The search is a breadth-first walk from every start over the states (node, true/false), so the
// chain it returns is the shortest one that changes the grid, within a bound on its length and a
// bound on the total work (so a 25x25 grid stays fast). Internal to solver/techniques.

#include <optional>
#include <string>
#include <vector>

#include "solver/Board.h"

namespace sudoku::detail {

enum class ChainKind {
    XChain,   // one digit; strong links are conjugate pairs, weak links cells that see each other
    XYChain,  // bivalue cells only; strong links inside a cell, weak links between cells
    Aic,      // any candidates and groups, both kinds of link
    AlsAic,   // as Aic, plus the digits of almost locked sets as nodes
};

// One digit in one cell, in any of a group of cells of one box and one line, or in an almost
// locked set.
struct ChainNode {
    int digit = 0;
    std::vector<int> cells;  // where the digit may be
    std::vector<int> set;    // every cell of the almost locked set; empty for other nodes
};

struct Chain {
    // nodes[0] is the start (assumed false), then true, false, ... ; the last one is true. Links
    // between nodes 2i and 2i+1 are strong, between 2i+1 and 2i+2 weak.
    std::vector<ChainNode> nodes;
    std::vector<CellDigit> eliminations;
    std::optional<CellDigit> placement;  // when the chain returns to its start (AIC only)
    std::vector<int> units;              // the units of links between different cells
};

// How the search walks from its starts: together, 64 at a time, to learn which start ends the
// shortest chain before that start's own walk gives it (what FindChain does), or one start after
// another as the budget of states counts them (what it falls back on when the walks together
// might have gone past the budget). Both find the same chain; the tests compare them.
enum class ChainWalk { Together, OneByOne };

// The shortest chain of that kind with at most maxNodes nodes that changes the grid, if any.
// X-chains can be looked for among some digits only (bit d-1 for digit d): the starts and links
// of the others are left out.
std::optional<Chain> FindChain(const CandidateGrid& grid, ChainKind kind, int maxNodes,
                               Mask digits = ~Mask{0}, ChainWalk walk = ChainWalk::Together);

// "r5c2", "{r5c1,r5c2}" for a group, "ALS{r5c1,r5c2,r6c3}" for an almost locked set.
std::string NodeCellsText(const Geometry& g, const ChainNode& node);
// "(5)r1c1 = (5)r1c7 - (3)r1c7 = (3)r4c7": the chain in Eureka notation.
std::string ChainText(const Geometry& g, const Chain& chain);

}  // namespace sudoku::detail
