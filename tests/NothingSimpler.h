#pragma once
// The technique tests' shared check: no technique easier than the one under test finds a step in
// the grid, so the step it then finds is its own and not one a simpler technique would make.

#include <gtest/gtest.h>

#include "solver/Strategies.h"

namespace sudoku {

inline void ExpectNothingSimplerFinds(const CandidateGrid& grid, Technique technique) {
    const auto& strategies = AllStrategies();
    for (int t = 0; t < static_cast<int>(technique); ++t) {
        if (!strategies[t]) continue;
        auto simpler = strategies[t]->find(grid);
        EXPECT_FALSE(simpler) << TechniqueName(Technique(t)) << " found: " << simpler->explanation;
    }
}

}  // namespace sudoku
