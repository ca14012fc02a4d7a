#pragma once
// Backtracking search for any grid size: counts solutions up to a limit (limit 2 decides
// uniqueness) and returns the first solution found.
//
// Contract (as tdoku's): the puzzle's clues are not validated first; a puzzle whose clues break
// the rules simply has no solution. The search keeps an explicit stack, never recursing, so its
// depth is bounded by the number of empty cells.

#include <cstdint>

#include "solver/Board.h"

namespace sudoku {

struct SolveResult {
    int count = 0;              // solutions found, at most the limit
    Board solution;             // the first solution found (meaningful when count > 0)
    std::uint64_t guesses = 0;  // branches tried beyond the first at each guess point
};

// Uses the fast bitboard solver (FastSolver9.h) for 9x9 grids with 3x3 boxes, the any-size
// search otherwise. A limit below 1 counts as 1.
SolveResult CountSolutions(const Board& puzzle, int limit = 2);

// The any-size search for every shape, 9x9 included (for cross-checks and benchmarks). Singles
// and locked candidates before each guess; guesses on the cell with the fewest candidates.
SolveResult CountSolutionsGeneric(const Board& puzzle, int limit = 2);

// True when `solution` is complete, keeps every clue of `puzzle` (same shape) and breaks no rule.
bool IsSolutionOf(const Board& puzzle, const Board& solution);

}  // namespace sudoku
