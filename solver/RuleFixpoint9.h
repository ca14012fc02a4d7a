#pragma once
// Whether the logical solver limited to the techniques up to X-Wing solves a 9x9 grid, answered
// without building its steps: the generator asks after removals while it makes a hard puzzle,
// about ten times a puzzle.
//
// Every rule up to X-Wing stays true as candidates go (k cells holding only k digits still do
// when they lose one; a digit confined to k cells, lines or a box line stays confined), so the
// order they are applied in cannot change where they end: the logical solver, which takes the
// first step of the first technique that has one, and a sweep that applies every rule it finds
// reach the same candidates, and one is solved exactly when the other is. The grade of a puzzle
// the generator returns still comes from the logical solver.
//
// `candidates`: bit d-1 for digit d, row-major; a cell with one candidate counts as placed. False
// too when the rules find a contradiction (a cell, or a digit of a unit, with no place left).

#include <array>
#include <cstdint>

namespace sudoku {

// Singles, locked candidates, naked and hidden pairs, triples and quads, and X-Wing: the
// techniques up to Technique::XWing, the solver bounded at hard (Generator's HardestUpTo).
bool SolvedWithinXWing9(const std::array<std::uint16_t, 81>& candidates);

}  // namespace sudoku
