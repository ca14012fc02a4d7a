#include "solver/LogicalSolver.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "solver/QuietParts.h"
#include "solver/Strategies.h"
#include "solver/techniques/Techniques.h"

namespace sudoku {
namespace {

bool IsSingle(Technique t) {
    return t == Technique::NakedSingle || t == Technique::HiddenSingle;
}

// The first strategy from `first` up to `hardest` (in Technique order) that finds a step. With
// `quiet`, strategies of a narrower scope are asked only about the units or digits changed since
// they last found nothing there: the same step.
std::optional<Step> FirstStep(const CandidateGrid& grid, Technique hardest,
                              Technique first = Technique::NakedSingle,
                              QuietParts* quiet = nullptr) {
    if (quiet) quiet->refresh(grid);
    const auto& all = AllStrategies();
    const int last = static_cast<int>(hardest);
    for (int i = static_cast<int>(first); i <= last && i < static_cast<int>(all.size()); ++i) {
        if (!all[i]) continue;  // a technique not implemented yet
        if (auto step = quiet ? quiet->find(*all[i], grid) : all[i]->find(grid)) return step;
    }
    return std::nullopt;
}

// A step that changes nothing would make the solver loop forever: that is a bug in a strategy.
void CheckProgress(const Step& step) {
    if (!step.changes())
        throw std::logic_error(std::string(TechniqueName(step.technique)) +
                               " returned a step that changes nothing");
}

std::size_t EmptyCells(const CandidateGrid& grid) {
    return static_cast<std::size_t>(grid.board().cellCount() - grid.board().filledCount());
}

// The single the solver would place next (a naked one first), with its technique, when
// `hardest` allows it.
std::optional<std::pair<Technique, CellDigit>> FirstSingle(const CandidateGrid& grid,
                                                           Technique hardest) {
    if (auto naked = FindNakedSingle(grid)) return std::pair{Technique::NakedSingle, *naked};
    if (hardest == Technique::NakedSingle) return std::nullopt;
    if (auto hidden = FindHiddenSingle(grid))
        return std::pair{Technique::HiddenSingle, hidden->place};
    return std::nullopt;
}

// Applies the simplest step up to `hardest` until solved or stuck, keeping every step.
std::vector<Step> Run(CandidateGrid& grid, Technique hardest) {
    // Counted down rather than asking isSolved(), which scans the board, on every step.
    std::size_t empty = EmptyCells(grid);
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

// The same solve keeping only each step's technique. Singles, most of the steps, are placed
// without building their steps; the other strategies are asked only when no single is left,
// as FirstStep would.
std::vector<Technique> RunOutline(CandidateGrid& grid, Technique hardest, QuietParts& quiet) {
    std::size_t empty = EmptyCells(grid);
    std::vector<Technique> techniques;
    techniques.reserve(empty);
    while (empty > 0) {
        if (const auto single = FirstSingle(grid, hardest)) {
            grid.place(single->second.cell, single->second.digit);
            techniques.push_back(single->first);
            --empty;
            continue;
        }
        if (hardest <= Technique::HiddenSingle) break;
        const auto step = FirstStep(grid, hardest, Technique::LockedCandidatesPointing, &quiet);
        if (!step) break;
        CheckProgress(*step);
        ApplyStep(grid, *step);
        empty -= std::min(empty, step->placements.size());
        techniques.push_back(step->technique);
    }
    return techniques;
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

LogicalOutline LogicalSolver::outline(CandidateGrid grid) const {
    QuietParts quiet;
    return outline(std::move(grid), quiet);
}

LogicalOutline LogicalSolver::outline(CandidateGrid grid, QuietParts& quiet) const {
    std::vector<Technique> techniques = RunOutline(grid, options_.hardest, quiet);
    const bool solved = grid.isSolved();
    return LogicalOutline{std::move(techniques), std::move(grid), solved};
}

}  // namespace sudoku
