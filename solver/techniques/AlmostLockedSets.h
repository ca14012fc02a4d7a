#pragma once
// Almost locked sets (ALS): n empty cells of one unit that hold n+1 digits between them. If one
// of those digits is kept out of the set, the other n are locked into it. Chains use them as
// strong links between the set's digits. Internal to solver/techniques.

#include <vector>

#include "solver/Board.h"

namespace sudoku::detail {

struct AlmostLockedSet {
    std::vector<int> cells;  // ascending
    Mask digits = 0;         // cells.size() + 1 of them
    int unit = -1;           // the first unit (rows, columns, boxes) holding every cell
};

// Every ALS of 2 to maxCells cells, each listed once, stopping after `limit` of them (the search
// order is fixed, so the result is deterministic). Single bivalue cells are left out: chains
// treat them as cells.
std::vector<AlmostLockedSet> FindAlmostLockedSets(const CandidateGrid& grid, int maxCells,
                                                  int limit);

}  // namespace sudoku::detail
