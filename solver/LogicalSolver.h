#pragma once
// Human-style solving: repeatedly applies the simplest technique that makes progress, recording
// every step with its explanation. Also the step-by-step API the hint command and overlay use.
//
// Techniques are tried in Technique order (simplest first) from the registry (Strategies.h);
// those without an implementation are skipped. Every step changes the grid, so a solve ends after
// at most (cells + candidates) steps. A strategy returning a step that changes nothing is a bug:
// fillSingles and solve then throw std::logic_error rather than loop. Works on every grid size;
// the puzzle is not validated (a broken grid just leaves the solver stuck sooner).

#include <optional>
#include <vector>

#include "solver/Step.h"

namespace sudoku {

class QuietParts;  // solver/QuietParts.h: what the outline remembers, the solver's own

struct LogicalOptions {
    // The hardest technique the solver may use (default: all of them).
    Technique hardest = Technique::AlsChain;
};

struct LogicalResult {
    std::vector<Step> steps;
    CandidateGrid final;  // the grid after the last step
    bool solved = false;  // every cell filled
};

// The same solve with only each step's technique kept: what grading needs.
struct LogicalOutline {
    std::vector<Technique> techniques;  // the technique of each step, in order
    CandidateGrid final;
    bool solved = false;
};

class LogicalSolver {
public:
    explicit LogicalSolver(LogicalOptions options = {});

    // The step of the simplest technique that changes something; empty when solved or stuck.
    std::optional<Step> nextStep(const CandidateGrid& grid) const;
    // Applies naked and hidden singles (within `hardest`) until none is left; returns the steps.
    std::vector<Step> fillSingles(CandidateGrid& grid) const;
    // Solves as far as the techniques go: the steps in order, the grid they lead to, and whether
    // it is complete. Placed digits get CellOrigin::Filled.
    LogicalResult solve(const Board& puzzle) const;
    LogicalResult solve(CandidateGrid grid) const;
    // The same solve, keeping only each step's technique (what grading needs): the same
    // techniques in the same order and the same final grid, but singles are placed without
    // building their steps and the other steps are dropped once applied.
    LogicalOutline outline(CandidateGrid grid) const;
    // The same, starting from what `quiet` knows of the grid (solver/QuietParts.h).
    LogicalOutline outline(CandidateGrid grid, QuietParts& quiet) const;

private:
    LogicalOptions options_;
};

}  // namespace sudoku
