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

#include <cstdint>

namespace sudoku {

int SolveFast9(const char* puzzle81, int limit, char* solution81, std::uint64_t* guesses);

// SolveFast9 runs a copy compiled for AVX2, BMI1/2 and POPCNT where the CPU has them (chosen at
// run time); this is the x86-64 baseline copy, which other CPUs run, so that tests check both.
int SolveFast9Baseline(const char* puzzle81, int limit, char* solution81, std::uint64_t* guesses);

}  // namespace sudoku
