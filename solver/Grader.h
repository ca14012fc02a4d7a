#pragma once
// Grading: how hard a puzzle is for a person, from the steps the logical solver needed.
//
// The scale (quoted by the README):
//   level  the level (solver/Technique.cpp, TechniqueLevel) of the hardest technique used:
//            easy     naked and hidden singles only
//            medium   locked candidates, naked and hidden pairs
//            hard     triples, quads, X-Wing
//            expert   Swordfish, XY-/XYZ-/W-Wing, simple colouring, unique rectangles
//            extreme  Jellyfish and every chain (X-, XY-, alternating inference, ALS), or
//                     logic gets stuck and guessing is needed
//          A medium or hard puzzle that needs techniques of its level kRepeatsForNextLevel
//          times or more goes one level up (the repetition is what makes it long and hard).
//   score  the sum of TechniqueScore over every step (1 a single, 5 pointing, 25 an X-Wing, up
//          to the chains), plus kGuessPenalty and kPenaltyPerOpenCell for each cell still empty
//          when logic gets stuck. Scores order puzzles within a level and across levels.

#include <optional>
#include <vector>

#include "solver/LogicalSolver.h"

namespace sudoku {

inline constexpr int kRepeatsForNextLevel = 6;
inline constexpr int kGuessPenalty = 1000;
inline constexpr int kPenaltyPerOpenCell = 10;

struct Grade {
    Difficulty level = Difficulty::Easy;
    int score = 0;
    std::optional<Technique> hardest;  // empty when no step was needed
    int steps = 0;                     // steps the logical solver took
    bool needsGuessing = false;        // logic got stuck before the grid was full
};

// Grades what the logical solver did on a puzzle.
Grade GradeResult(const LogicalResult& result);
// The same from a solve's outline (LogicalSolver::outline): the same grade.
Grade GradeOutline(const LogicalOutline& outline);
// Solves with the logical solver (all techniques) and grades. The puzzle should have exactly one
// solution (see CheckPuzzle); otherwise logic gets stuck and the grade says extreme.
Grade GradePuzzle(const CandidateGrid& grid);
Grade GradePuzzle(const Board& puzzle);

}  // namespace sudoku
