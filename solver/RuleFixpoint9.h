#pragma once
// Whether the logical solver limited to the techniques of an easy, medium or hard puzzle solves a
// 9x9 grid, answered without building its steps: the generator asks after each removal while it
// makes a puzzle of that level, about ten times a puzzle.
//
// Every rule up to X-Wing stays true as candidates go (k cells holding only k digits still do
// when they lose one; a digit confined to k cells, lines or a box line stays confined), so the
// order they are applied in cannot change where they end: the logical solver, which takes the
// first step of the first technique that has one, and a sweep that applies every rule it finds
// reach the same candidates, and one is solved exactly when the other is. Expert's unique
// rectangles do not stay true (they ask what the grid still allows), so no level above hard is
// answered here. The grade of a puzzle the generator returns still comes from the logical solver.
//
// `candidates`: bit d-1 for digit d, row-major; a cell with one candidate counts as placed. False
// too when the rules find a contradiction (a cell, or a digit of a unit, with no place left).

#include <array>
#include <cstdint>

#include "solver/Technique.h"

namespace sudoku {

inline constexpr Difficulty kHardestFixpointLevel = Difficulty::Hard;

// Whether LogicalSolver(LogicalOptions{HardestUpTo(level)}) solves the grid: the techniques of
// `level` and below (solver/Grader.h), easy naked and hidden singles; medium also locked
// candidates and naked and hidden pairs; hard also triples, quads and X-Wing. `level` is at most
// kHardestFixpointLevel.
bool SolvedWithinLevel9(const std::array<std::uint16_t, 81>& candidates, Difficulty level);

}  // namespace sudoku
