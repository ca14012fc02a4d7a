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

    // Where a step of this strategy lies, when that is narrower than the whole grid: in one unit
    // (its pattern and what it removes), or in one digit's candidates. What such a strategy finds
    // in a unit (a digit) then depends only on the candidates of that unit's cells (of that
    // digit), and it also answers part by part: find(grid) is findIn of the first part, in order
    // (units 0.., digits 1.. as parts 0..), that has a step. The outline
    // (LogicalSolver::outline) asks it only about the parts that changed since they last gave
    // nothing.
    enum class Scope { Grid, Unit, Digit };
    virtual Scope scope() const { return Scope::Grid; }
    virtual std::optional<Step> findIn(const CandidateGrid&, int /*part*/) const {
        return std::nullopt;
    }
};

}  // namespace sudoku
