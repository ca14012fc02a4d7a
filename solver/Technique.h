#pragma once
// The human-style techniques, from the simplest to the hardest, with what grading needs of them.

#include <string_view>

namespace sudoku {

// In the order the logical solver tries them (simplest first).
enum class Technique {
    NakedSingle,
    HiddenSingle,
    LockedCandidatesPointing,
    LockedCandidatesClaiming,
    NakedPair,
    HiddenPair,
    NakedTriple,
    HiddenTriple,
    NakedQuad,
    HiddenQuad,
    XWing,
    Swordfish,
    Jellyfish,
    XYWing,
    XYZWing,
    WWing,
    SimpleColouring,
    UniqueRectangle1,
    UniqueRectangle2,
    UniqueRectangle3,
    UniqueRectangle4,
    XChain,
    XYChain,
    AlternatingInferenceChain,
    AlsChain,
};

inline constexpr int kTechniqueCount = static_cast<int>(Technique::AlsChain) + 1;

// "Hidden single", "X-Wing", ...
std::string_view TechniqueName(Technique t);
// A stable identifier for JSON and the command line: "hidden-single", "x-wing", ...
std::string_view TechniqueId(Technique t);

enum class Difficulty { Easy, Medium, Hard, Expert, Extreme };
std::string_view DifficultyName(Difficulty d);  // "easy", "medium", ...

// The level a technique belongs to (documented in solver/Grader.h).
Difficulty TechniqueLevel(Technique t);
// Points one use of the technique adds to a puzzle's score.
int TechniqueScore(Technique t);

}  // namespace sudoku
