#pragma once
// Human-style solving: repeatedly applies the simplest technique that makes progress, recording
// every step with its explanation. Also the step-by-step API the hint command and overlay use.

#include <optional>
#include <vector>

#include "solver/Step.h"

namespace sudoku {

struct LogicalOptions {
    // The hardest technique the solver may use (default: all of them).
    Technique hardest = Technique::AlsChain;
};

struct LogicalResult {
    std::vector<Step> steps;
    CandidateGrid final;  // the grid after the last step
    bool solved = false;  // every cell filled
};

class LogicalSolver {
public:
    explicit LogicalSolver(LogicalOptions options = {});

    // The step of the simplest technique that changes something; empty when solved or stuck.
    std::optional<Step> nextStep(const CandidateGrid& grid) const;
    // Applies naked and hidden singles until none is left; returns the steps taken.
    std::vector<Step> fillSingles(CandidateGrid& grid) const;
    // Solves as far as the techniques go.
    LogicalResult solve(const Board& puzzle) const;
    LogicalResult solve(CandidateGrid grid) const;

private:
    LogicalOptions options_;
};

}  // namespace sudoku
