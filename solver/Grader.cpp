#include "solver/Grader.h"

#include <algorithm>

namespace sudoku {

namespace {

// The grade of a solve from the technique of each step, in order (`techniqueOf` reads it from
// an element of `steps`), whether it ended solved, and the grid it ended on.
template <typename Steps, typename TechniqueOf>
Grade GradeSteps(const Steps& steps, TechniqueOf techniqueOf, bool solved, const Board& final) {
    Grade grade;
    grade.steps = static_cast<int>(steps.size());
    for (const auto& step : steps) {
        const Technique t = techniqueOf(step);
        grade.score += TechniqueScore(t);
        if (!grade.hardest || TechniqueLevel(t) > TechniqueLevel(*grade.hardest) ||
            (TechniqueLevel(t) == TechniqueLevel(*grade.hardest) &&
             TechniqueScore(t) > TechniqueScore(*grade.hardest)))
            grade.hardest = t;
    }
    if (grade.hardest) grade.level = TechniqueLevel(*grade.hardest);
    const auto atLevel = std::count_if(steps.begin(), steps.end(), [&](const auto& step) {
        return TechniqueLevel(techniqueOf(step)) == grade.level;
    });
    if ((grade.level == Difficulty::Medium || grade.level == Difficulty::Hard) &&
        atLevel >= kRepeatsForNextLevel)
        grade.level = static_cast<Difficulty>(static_cast<int>(grade.level) + 1);
    if (!solved) {
        grade.needsGuessing = true;
        grade.level = Difficulty::Extreme;
        grade.score +=
            kGuessPenalty + kPenaltyPerOpenCell * (final.cellCount() - final.filledCount());
    }
    return grade;
}

}  // namespace

Grade GradeResult(const LogicalResult& result) {
    return GradeSteps(
        result.steps, [](const Step& step) { return step.technique; }, result.solved,
        result.final.board());
}

Grade GradeOutline(const LogicalOutline& outline) {
    return GradeSteps(
        outline.techniques, [](Technique t) { return t; }, outline.solved, outline.final.board());
}

Grade GradePuzzle(const CandidateGrid& grid) {
    return GradeOutline(LogicalSolver().outline(grid));
}

Grade GradePuzzle(const Board& puzzle) {
    return GradeOutline(LogicalSolver().outline(CandidateGrid(puzzle)));
}

}  // namespace sudoku
