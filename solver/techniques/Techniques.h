#pragma once
// Factories of the human-style techniques, one group per technique file. The registry
// (solver/Strategies.cpp) calls them; tests may call one directly to test a technique alone.

#include <memory>

#include "solver/Step.h"

namespace sudoku {

// Singles.cpp
std::unique_ptr<Strategy> MakeNakedSingle();
std::unique_ptr<Strategy> MakeHiddenSingle();

// LockedCandidates.cpp
std::unique_ptr<Strategy> MakeLockedCandidatesPointing();
std::unique_ptr<Strategy> MakeLockedCandidatesClaiming();

// Subsets.cpp: naked and hidden pairs, triples and quads.
std::unique_ptr<Strategy> MakeNakedSubset(int size);   // 2, 3 or 4
std::unique_ptr<Strategy> MakeHiddenSubset(int size);  // 2, 3 or 4

// Fish.cpp: X-Wing (2), Swordfish (3), Jellyfish (4), rows and columns as base sets.
std::unique_ptr<Strategy> MakeFish(int size);

}  // namespace sudoku
