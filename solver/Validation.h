#pragma once
// Checks that tell a person exactly what is wrong with a puzzle and where, one sentence each:
//   duplicate   "Row 3 has two 5s: r3c2 and r3c7."
//   no-candidate "r4c5 has no candidate left."
//   no-place    "Box 4 has no place left for 7: none of r4c1, r5c2 and r6c3 can hold it."
//   no-solution "The puzzle has no solution."
//   multiple    "The puzzle has more than one solution: r1c2 can be 3 or 5 (2 cells differ)."
//   wrong-entry "r3c4 holds 5, but the solution of the clues has 7 there."
//
// The checks run in that order and each stage only when the earlier ones found nothing, since a
// duplicate already explains missing candidates, and either explains the lack of a solution.
// When the board also holds digits that are not clues (entered by a person, CellOrigin::Entered
// or Filled) and something is wrong, the clues alone are solved too: if they have one solution,
// every entered digit that differs from it is named as a wrong entry.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "solver/Board.h"

namespace sudoku {

enum class ProblemKind {
    Duplicate,
    NoCandidate,
    NoPlace,
    NoSolution,
    MultipleSolutions,
    WrongEntry,
};

// "duplicate", "no-candidate", "no-place", "no-solution", "multiple-solutions", "wrong-entry".
std::string_view ProblemKindId(ProblemKind kind);

struct Problem {
    ProblemKind kind = ProblemKind::NoSolution;
    std::vector<int> cells;  // the cells the sentence names, in reading order
    int unit = -1;           // the unit concerned, or -1
    int digit = 0;           // the digit concerned, or 0
    std::string message;     // one sentence
};

// Digits that appear twice or more in a row, column or box.
std::vector<Problem> FindDuplicates(const Board& board);
// Empty cells with no candidate, and digits missing from a unit with no cell left for them.
std::vector<Problem> FindDeadEnds(const CandidateGrid& grid);
// Every check above, then the count of solutions (none, or more than one, is a problem). An
// empty list means the puzzle has exactly one solution. With pencil marks, the solution must
// also keep its digit among each cell's candidates ("r4c5 lost its candidate 7, ...").
std::vector<Problem> CheckPuzzle(const CandidateGrid& grid);
std::vector<Problem> CheckPuzzle(const Board& board);

// A game's mistakes against the solution of its clues: each digit that is not a clue and differs
// from it (wrong-entry), then each empty cell whose pencil marks lost the solution's digit
// (no-solution, "r4c5 lost its candidate 7, ...").
std::vector<Problem> FindMistakes(const CandidateGrid& grid, const Board& solution);

struct Verdict {
    std::vector<Problem> problems;  // as CheckPuzzle
    std::optional<Board> solution;  // the solution, when problems is empty
};
// CheckPuzzle plus the solution it found on the way (one backtracking search, not two).
Verdict CheckAndSolve(const CandidateGrid& grid);

}  // namespace sudoku
