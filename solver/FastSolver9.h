#pragma once
// The fast 9x9 solver: a bitboard backtracker in the style of JCZSolve (one 27-bit mask per digit
// and band of three rows), used for uniqueness checks, generation and benchmarks.
//
// Contract (as tdoku's solvers):
//  - `puzzle81` points to 81 characters, row by row; '1'..'9' are clues, any other character
//    (usually '.' or '0') is an empty cell. Nothing else is validated: clues that break the rules
//    simply give 0 solutions.
//  - Solutions are counted up to `limit` (at least 1); limit 2 decides uniqueness.
//  - When the return value is > 0 and `solution81` is not null, the first solution found is
//    written there as 81 digits '1'..'9' (no terminating NUL).
//  - When `guesses` is not null it receives the number of branches tried beyond the first at
//    each guess point (0 means the puzzle fell to propagation alone).
//  - Thread-safe: all state lives on the caller's thread.

#include "solver/CellSet9.h"

#include <array>
#include <cstdint>

namespace sudoku {

int SolveFast9(const char* puzzle81, int limit, char* solution81, std::uint64_t* guesses);

// A solution of the puzzle in `solution81` (81 digits '1'..'9'), true when there is one: the
// generator's completion of a grid. Its search guesses on cells as SolveFast9 did before
// 2026-11-27, so the solution it finds first, and with it every puzzle a seed gives, stayed the
// same when SolveFast9 took to guessing on where a digit goes in a band or stack.
bool CompleteGrid9(const char* puzzle81, char* solution81);

// The solutions, counted up to `limit`, in which `cell` (0..80, row-major) does not hold `digit`
// (1..9): the generator's uniqueness check after removing a clue, in one search instead of one
// per other digit. The cell should be empty in the puzzle. `guesses` as for SolveFast9: with no
// solution found, 0 means propagation alone found the contradiction. Its propagation leaves out
// the box-row and box-column rules, which cost these searches more than they save.
int SolveFast9Excluding(const char* puzzle81, int cell, int digit, int limit,
                        std::uint64_t* guesses);

// Whether propagation alone, without a guess, fills the grid. Its rules are naked and hidden
// singles, locked candidates and the box-row and box-column rules, which are naked and hidden
// pairs and triples confined to three cells of a row or column: every step is one the logical
// solver makes by hidden or naked triples at the latest (Difficulty::Hard), so a true answer
// proves the solution unique and the puzzle solvable by the techniques up to that level.
// When `candidates81` is not null it receives what propagation left of each cell's candidates
// (bit d-1 for digit d, all 0 after a contradiction): a logical solver bounded at hard or above
// solves the puzzle exactly when it solves that grid, which spares it the steps before.
bool SolvedByPropagation9(const char* puzzle81, std::uint16_t* candidates81 = nullptr);

// The generator's check after removing the clue at `cell` (its digit `digit`, 1..9) from a
// puzzle with one solution, in one run: Filled when propagation fills the grid (the solution is
// still the only one and, as above, the puzzle within hard); otherwise the search for a solution
// with another digit there goes on from where propagation stalled. Only when it finds none
// (OnlySolution) does `candidates81` receive what propagation left, as SolvedByPropagation9 gives
// it; otherwise it is not written.
enum class RemovalCheck9 { Filled, OnlySolution, OtherSolution };
RemovalCheck9 CheckRemoval9(const char* puzzle81, int cell, int digit, std::uint16_t* candidates81);

// Both of the generator's checks from its clues as it keeps them instead of as 81 characters:
// for each digit (0..8) the cells where it may still go, a clue's cell holding its own digit
// alone and the clue's peers none of it. The search then starts from 27 masks cut out of these
// sets instead of placing every clue (about 1,800 instructions a check, 11% of the minimal
// generator's; bench/README.md). The same answers as from the characters (BacktrackingTest).
int SolveFast9Excluding(const std::array<CellSet9, 9>& places, int cell, int digit, int limit,
                        std::uint64_t* guesses);
RemovalCheck9 CheckRemoval9(const std::array<CellSet9, 9>& places, int cell, int digit,
                            std::uint16_t* candidates81);

// SolveFast9 runs a copy compiled for AVX2, BMI1/2 and POPCNT where the CPU has them (chosen at
// run time); this is the x86-64 baseline copy, which other CPUs run, so that tests check both.
int SolveFast9Baseline(const char* puzzle81, int limit, char* solution81, std::uint64_t* guesses);
bool CompleteGrid9Baseline(const char* puzzle81, char* solution81);

}  // namespace sudoku
