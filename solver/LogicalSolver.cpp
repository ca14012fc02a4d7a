#include "solver/LogicalSolver.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "solver/Strategies.h"

namespace sudoku {
namespace {

bool IsSingle(Technique t) {
    return t == Technique::NakedSingle || t == Technique::HiddenSingle;
}

// The first strategy up to `hardest` (in Technique order) that finds a step.
std::optional<Step> FirstStep(const CandidateGrid& grid, Technique hardest) {
    const auto& all = AllStrategies();
    const int last = static_cast<int>(hardest);
    for (int i = 0; i <= last && i < static_cast<int>(all.size()); ++i) {
        if (!all[i]) continue;  // a technique not implemented yet
        if (auto step = all[i]->find(grid)) return step;
    }
    return std::nullopt;
}

// A step that changes nothing would make the solver loop forever: that is a bug in a strategy.
void CheckProgress(const Step& step) {
    if (!step.changes())
        throw std::logic_error(std::string(TechniqueName(step.technique)) +
                               " returned a step that changes nothing");
}

// Applies the simplest step up to `hardest` until solved or stuck.
std::vector<Step> Run(CandidateGrid& grid, Technique hardest) {
    // Counted down rather than asking isSolved(), which scans the board, on every step.
    std::size_t empty =
        static_cast<std::size_t>(grid.board().cellCount() - grid.board().filledCount());
    std::vector<Step> steps;
    steps.reserve(empty);
    while (empty > 0) {
        auto step = FirstStep(grid, hardest);
        if (!step) break;
        CheckProgress(*step);
        ApplyStep(grid, *step);
        empty -= std::min(empty, step->placements.size());
        steps.push_back(std::move(*step));
    }
    return steps;
}

}  // namespace

LogicalSolver::LogicalSolver(LogicalOptions options) : options_(options) {}

std::optional<Step> LogicalSolver::nextStep(const CandidateGrid& grid) const {
    if (grid.isSolved()) return std::nullopt;
    return FirstStep(grid, options_.hardest);
}

std::vector<Step> LogicalSolver::fillSingles(CandidateGrid& grid) const {
    return Run(grid, IsSingle(options_.hardest) ? options_.hardest : Technique::HiddenSingle);
}

LogicalResult LogicalSolver::solve(const Board& puzzle) const {
    return solve(CandidateGrid(puzzle));
}

LogicalResult LogicalSolver::solve(CandidateGrid grid) const {
    std::vector<Step> steps = Run(grid, options_.hardest);
    const bool solved = grid.isSolved();
    return LogicalResult{std::move(steps), std::move(grid), solved};
}

}  // namespace sudoku
