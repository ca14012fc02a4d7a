#pragma once
// What the logical solver's outline remembers between its steps: the parts of the grid (units,
// or digits) in which each strategy of a narrower scope than the grid (Strategy::scope) found
// nothing, forgotten as soon as a candidate there changes. Between two steps most units and
// digits are unchanged, so such a strategy is asked only about the others, with the same answer:
// the first part's step, or for scope Digits the best step of the digits asked (the quiet ones
// have none). That holds only while each grid given to it follows from the one before by taking
// candidates away, as the steps of one solve do (Strategy::scope). Parts are bits of one word: a
// geometry of more than 64 units asks every part. Internal to the solver.

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "solver/Step.h"

namespace sudoku {

class QuietParts {
public:
    // Forgets the units with a cell, and the digits with a candidate, that changed since the
    // last call.
    void refresh(const CandidateGrid& grid);
    // What the caller knows: the technique's strategy finds nothing in `grid`, which becomes the
    // grid of the last refresh.
    void assumeNothingIn(const CandidateGrid& grid, Technique technique);
    // The strategy's step, as strategy.find(grid) gives it: the grid must be the one of the
    // last refresh.
    std::optional<Step> find(const Strategy& strategy, const CandidateGrid& grid);

private:
    // Scope Unit or Digit: the first part's step, asking only the parts not in `quiet`.
    static std::optional<Step> findPartByPart(const Strategy& strategy, const CandidateGrid& grid,
                                              std::uint64_t& quiet);
    // Scope Digits: the step among the digits not in `quiet`.
    static std::optional<Step> findAmongDigits(const Strategy& strategy, const CandidateGrid& grid,
                                               std::uint64_t& quiet);

    std::optional<Geometry> geometry_;  // of the grids remembered
    bool enabled_ = false;
    std::vector<Mask> seen_;  // each cell's candidates at the last refresh
    // Per technique, the quiet parts as units (bit u) and as digits (bit d-1): each strategy
    // uses the one of its scope.
    std::array<std::uint64_t, kTechniqueCount> quietUnits_{};
    std::array<std::uint64_t, kTechniqueCount> quietDigits_{};
};

}  // namespace sudoku
