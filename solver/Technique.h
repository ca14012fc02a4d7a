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
// The last technique, in the order the logical solver tries them, whose level is at most
// `level`. A solver limited to it either solves a puzzle of that level or easier taking exactly
// the steps the full solver takes (it only ever moves on to a technique when all earlier ones
// fail), so its grade is the grader's; or it gets stuck, and the puzzle is harder. Stopping
// there spares the chain searches on the many puzzles that are too hard anyway (the generator's
// bound for a requested level).
Technique HardestUpTo(Difficulty level);
// Points one use of the technique adds to a puzzle's score.
int TechniqueScore(Technique t);

}  // namespace sudoku
