#pragma once
// The registry of human-style techniques: one entry per Technique value, in Technique order
// (simplest first), so the logical solver, tests and benchmarks loop over every one of them.

#include <memory>
#include <vector>

#include "solver/Step.h"

namespace sudoku {

// Entry i is the strategy of Technique(i), or nullptr while that technique has no
// implementation yet: callers skip null entries.
const std::vector<std::unique_ptr<Strategy>>& AllStrategies();

// The strategy of one technique, or nullptr when it has none.
const Strategy* StrategyFor(Technique technique);

}  // namespace sudoku
