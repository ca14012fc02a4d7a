#pragma once
// What the logical solver's outline remembers between its steps: the units in which each
// unit-by-unit strategy (Strategy::findsByUnit) found nothing, forgotten as soon as a candidate
// of the unit changes. Between two steps most units are unchanged, so such a strategy is asked
// only about the others, with the same answer (the first unit's step). Units are bits of one
// word: a geometry of more than 64 units asks every unit. Internal to the solver.

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "solver/Step.h"

namespace sudoku {

class QuietUnits {
public:
    // Forgets the units with a cell whose candidates changed since the last call.
    void refresh(const CandidateGrid& grid);
    // The strategy's step, as strategy.find(grid) gives it: the grid must be the one of the
    // last refresh.
    std::optional<Step> find(const Strategy& strategy, const CandidateGrid& grid);

private:
    std::optional<Geometry> geometry_;  // of the grids remembered
    bool enabled_ = false;
    std::vector<Mask> seen_;  // each cell's candidates at the last refresh
    std::array<std::uint64_t, kTechniqueCount> quiet_{};
};

}  // namespace sudoku
