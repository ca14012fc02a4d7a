#pragma once
// The JSON answers about puzzles that the command line (`solve`, `hint`, `grade`, `generate`
// with --json) and the page's API (`sudokucam serve`) both give, written once so the two always
// agree.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/PuzzleInput.h"
#include "solver/Board.h"
#include "solver/Generator.h"
#include "solver/Step.h"
#include "solver/Validation.h"

namespace sudokucam {

using OrderedJson = nlohmann::ordered_json;

// What the checks say of a puzzle: one solution, none, several, or clues that break the rules.
enum class PuzzleStatus { Solved, NoSolution, Multiple, Invalid };

// "solved", "no-solution", "multiple", "invalid".
std::string PuzzleStatusName(PuzzleStatus status);
// Invalid: the clues break the rules; multiple: more than one solution; otherwise none.
PuzzleStatus StatusOf(const sudoku::Verdict& verdict);

OrderedJson CellJson(const sudoku::Geometry& g, int cell);  // {"name": "r3c4", "index": 21}
OrderedJson CellsJson(const sudoku::Geometry& g, const std::vector<int>& cells);
OrderedJson ProblemsJson(const sudoku::Geometry& g, const std::vector<sudoku::Problem>& problems);
// technique, name, explanation, placements, eliminations, cells, proof, units.
OrderedJson StepJson(const sudoku::Geometry& g, const sudoku::Step& step);

// "variant" ("classic", "jigsaw" or "x") and, for a jigsaw, "regions" (a letter a cell, row-major).
void AddVariantJson(const sudoku::Geometry& g, OrderedJson& out);
// input, format, size, variant, [regions], puzzle, status, problems: how every answer about a
// puzzle starts.
OrderedJson PuzzleJson(const InputPuzzle& input, PuzzleStatus status,
                       const sudoku::Verdict& verdict);
// "no-solution: Row 3 has two 5s: r3c2 and r3c7." on one line, whatever the number of problems:
// what the text output of solve, hint and grade says of a puzzle without one solution.
std::string ProblemLine(const OrderedJson& answer);
// The answer of every command for a line of a list that is no puzzle, in that line's place so that
// the answers stay one per puzzle line: input, line, column (when known), status "invalid",
// message ("list.txt: line 3, column 14: 'Q' is not a digit of a 9x9 grid") and problems (one, of
// kind "malformed"). No size, puzzle or format: there is none.
OrderedJson MalformedJson(const InputPuzzle& input);
// `solve --json`: PuzzleJson plus the solution and, with `withSteps`, the human-style steps.
OrderedJson SolveJson(const InputPuzzle& input, bool withSteps);
// `grade --json`: PuzzleJson plus level, score, hardest, steps, needsGuessing when solvable.
OrderedJson GradeJson(const InputPuzzle& input);
// `hint --json`: PuzzleJson plus the next step ("hint": "step", "guess" or "complete").
OrderedJson HintJson(const InputPuzzle& input);
// The hint part alone for a grid whose clues have one solution: {"hint": "complete"}, {"hint":
// "step", "step": ...} or {"hint": "guess", "cell", "digit", "explanation"}.
OrderedJson NextStepJson(const sudoku::CandidateGrid& grid, const sudoku::Board& solution);
// `generate --json`: puzzle, solution, size, variant, [regions], clues, minimal and, when graded,
// level, score, hardest.
OrderedJson GeneratedJson(const sudoku::GeneratedPuzzle& p);

}  // namespace sudokucam
