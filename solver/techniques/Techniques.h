#pragma once
// Factories of the human-style techniques, one group per technique file. The registry
// (solver/Strategies.cpp) calls them; tests may call one directly to test a technique alone.

#include <memory>
#include <optional>

#include "solver/Step.h"

namespace sudoku {

// Singles.cpp
std::unique_ptr<Strategy> MakeNakedSingle();
std::unique_ptr<Strategy> MakeHiddenSingle();
// What those two would place, found the same way and in the same order, without the step and its
// explanation: grading only needs the placement (LogicalSolver::outline).
std::optional<CellDigit> FindNakedSingle(const CandidateGrid& grid);  // first in cell order
struct HiddenSinglePlace {
    int unit = 0;  // where the digit has one place left
    CellDigit place;
};
std::optional<HiddenSinglePlace> FindHiddenSingle(const CandidateGrid& grid);

// LockedCandidates.cpp
std::unique_ptr<Strategy> MakeLockedCandidatesPointing();
std::unique_ptr<Strategy> MakeLockedCandidatesClaiming();

// Subsets.cpp: naked and hidden pairs, triples and quads.
std::unique_ptr<Strategy> MakeNakedSubset(int size);   // 2, 3 or 4
std::unique_ptr<Strategy> MakeHiddenSubset(int size);  // 2, 3 or 4

// Fish.cpp: X-Wing (2), Swordfish (3), Jellyfish (4), rows and columns as base sets.
std::unique_ptr<Strategy> MakeFish(int size);

// Wings.cpp
std::unique_ptr<Strategy> MakeXYWing();
std::unique_ptr<Strategy> MakeXYZWing();
std::unique_ptr<Strategy> MakeWWing();

// Colouring.cpp: simple colouring, colour wrap and colour trap.
std::unique_ptr<Strategy> MakeSimpleColouring();

// UniqueRectangles.cpp: types 1-4. Valid only when the puzzle has exactly one solution: on a
// puzzle with several they may remove a digit of a solution (stop before UniqueRectangle1).
std::unique_ptr<Strategy> MakeUniqueRectangle1();
std::unique_ptr<Strategy> MakeUniqueRectangle2();
std::unique_ptr<Strategy> MakeUniqueRectangle3();
std::unique_ptr<Strategy> MakeUniqueRectangle4();

// Chains.cpp: X-chains, XY-chains and alternating inference chains, with bounded length.
std::unique_ptr<Strategy> MakeXChain();
std::unique_ptr<Strategy> MakeXYChain();
std::unique_ptr<Strategy> MakeAlternatingInferenceChain();
// AICs whose nodes may also be almost locked sets (n cells holding n+1 digits).
std::unique_ptr<Strategy> MakeAlsChain();

}  // namespace sudoku
