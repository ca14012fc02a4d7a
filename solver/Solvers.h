#pragma once
// Every 9x9 solver behind one signature, so tests and the benchmark loop over all of them (after
// tdoku's all_solvers.h). Add a solver by appending an entry to the table in Solvers.cpp.
//
// The contract of `SolveFunction` is the one documented in FastSolver9.h: 81 characters in
// ('1'..'9' clues, anything else empty), solutions counted up to `limit`, the first solution
// written to `solution81` (81 digits, no NUL) when the count is > 0, the number of guesses in
// `*guesses`. Clues are not validated: clashing clues give 0 solutions.

#include <cstdint>
#include <span>
#include <string_view>

#include "solver/Board.h"

namespace sudoku {

using SolveFunction = int (*)(const char* puzzle81, int limit, char* solution81,
                              std::uint64_t* guesses);

struct SolverInfo {
    std::string_view name;         // what `sudokucam bench --solver` takes
    std::string_view description;  // one line for --help and reports
    SolveFunction solve;
};

// All solvers; the first is the default.
std::span<const SolverInfo> AllSolvers();

// The solver of that name, or null.
const SolverInfo* FindSolver(std::string_view name);

// The any-size backtracker (Backtracking.h) on a 9x9 puzzle, behind the common signature.
int SolveGeneric9(const char* puzzle81, int limit, char* solution81, std::uint64_t* guesses);

// The human-style logical solver (LogicalSolver.h, every technique, steps recorded) on a 9x9
// puzzle; backtracking finishes what logic cannot, so counts keep their meaning. `*guesses` is 0
// when logic alone solved it. Defined in LogicalSolver9.cpp.
int SolveLogical9(const char* puzzle81, int limit, char* solution81, std::uint64_t* guesses);

// The same contract on a board of any size and variant (jigsaw regions, diagonals), the first
// solution written to `*solution`: what `sudokucam bench` times on lists of such puzzles.
using BoardSolveFunction = int (*)(const Board& puzzle, int limit, Board* solution,
                                   std::uint64_t* guesses);
// The any-size backtracker (CountSolutionsGeneric).
int SolveGenericBoard(const Board& puzzle, int limit, Board* solution, std::uint64_t* guesses);
// The logical solver, then backtracking from where it stops (as SolveLogical9).
int SolveLogicalBoard(const Board& puzzle, int limit, Board* solution, std::uint64_t* guesses);
// "generic" and "logical"; null for any other name (the fast solvers are classic 9x9 only).
BoardSolveFunction FindBoardSolver(std::string_view name);

}  // namespace sudoku
