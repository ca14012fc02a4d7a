#pragma once
// One step of human-style solving: what a technique places or eliminates, what proves it, and a
// sentence a person understands. The overlay draws `cells`, `proof` and the changes.

#include <optional>
#include <string>
#include <vector>

#include "solver/Board.h"
#include "solver/Technique.h"

namespace sudoku {

struct Step {
    Technique technique = Technique::NakedSingle;
    std::vector<CellDigit> placements;    // digits this step puts in cells
    std::vector<CellDigit> eliminations;  // candidates this step removes
    std::vector<int> cells;               // the cells whose pattern proves the step
    std::vector<CellDigit> proof;         // the candidates that make the pattern
    std::vector<int> units;               // the units the pattern lives in
    std::string explanation;              // "In box 4, 7 can only go in r5c2."

    bool changes() const { return !placements.empty() || !eliminations.empty(); }
};

// Applies a step to a candidate grid: places its digits and removes its eliminations.
void ApplyStep(CandidateGrid& grid, const Step& step);

// A human-style technique. Every technique looks at the candidate grid and returns the first step
// it finds that changes something, or nothing. It never changes the grid itself.
class Strategy {
public:
    virtual ~Strategy() = default;
    virtual Technique technique() const = 0;
    virtual std::optional<Step> find(const CandidateGrid& grid) const = 0;

    // Whether every step of this strategy lies in one unit, its pattern and what it removes, so
    // that what it finds in a unit depends only on the candidates of that unit's cells. Such a
    // strategy also answers unit by unit: find(grid) is findInUnit of the first unit, in unit
    // order, that has a step. The outline (LogicalSolver::outline) asks it only about the units
    // that changed since they last gave nothing.
    virtual bool findsByUnit() const { return false; }
    virtual std::optional<Step> findInUnit(const CandidateGrid&, int /*unit*/) const {
        return std::nullopt;
    }
};

}  // namespace sudoku
