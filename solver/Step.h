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

    // Where a step of this strategy lies, when that is narrower than the whole grid, so that an
    // unchanged part of the grid with no step keeps none as a solve takes candidates away:
    //  - Unit: in one unit, its pattern and what it removes (or what it removes lies in units
    //    that can only lose it); a unit with no step keeps none while its cells' candidates stay
    //    the same, and find(grid) is findIn of the first unit (part u is unit u) that has a step.
    //  - Digit: in one digit's candidates, the same way (part p is digit p + 1).
    //  - Digits: in one digit's candidates, but find picks the best step over every digit;
    //    findAmong(grid, digits) is find(grid) whenever the other digits have no step.
    // The outline (LogicalSolver::outline) asks such a strategy only about what changed since it
    // last gave nothing. A strategy may answer Grid on geometries where that does not hold.
    enum class Scope { Grid, Unit, Digit, Digits };
    virtual Scope scope(const Geometry&) const { return Scope::Grid; }
    virtual std::optional<Step> findIn(const CandidateGrid&, int /*part*/) const {
        return std::nullopt;
    }
    virtual std::optional<Step> findAmong(const CandidateGrid& grid, Mask /*digits*/) const {
        return find(grid);
    }
    // How many parts findIn takes on this geometry: units for scope Unit, digits otherwise.
    int partCount(const Geometry& g) const;

protected:
    // find of a strategy of scope Unit or Digit: findIn of every part in turn, the first step.
    std::optional<Step> firstStepPartByPart(const CandidateGrid& grid) const;
};

}  // namespace sudoku
