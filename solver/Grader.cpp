#include "solver/Grader.h"

#include <algorithm>

namespace sudoku {

Grade GradeResult(const LogicalResult& result) {
    Grade grade;
    grade.steps = static_cast<int>(result.steps.size());
    for (const Step& step : result.steps) {
        grade.score += TechniqueScore(step.technique);
        if (!grade.hardest || TechniqueLevel(step.technique) > TechniqueLevel(*grade.hardest) ||
            (TechniqueLevel(step.technique) == TechniqueLevel(*grade.hardest) &&
             TechniqueScore(step.technique) > TechniqueScore(*grade.hardest)))
            grade.hardest = step.technique;
    }
    if (grade.hardest) grade.level = TechniqueLevel(*grade.hardest);
    const auto atLevel =
        std::count_if(result.steps.begin(), result.steps.end(),
                      [&](const Step& s) { return TechniqueLevel(s.technique) == grade.level; });
    if ((grade.level == Difficulty::Medium || grade.level == Difficulty::Hard) &&
        atLevel >= kRepeatsForNextLevel)
        grade.level = static_cast<Difficulty>(static_cast<int>(grade.level) + 1);
    if (!result.solved) {
        const Board& board = result.final.board();
        grade.needsGuessing = true;
        grade.level = Difficulty::Extreme;
        grade.score +=
            kGuessPenalty + kPenaltyPerOpenCell * (board.cellCount() - board.filledCount());
    }
    return grade;
}

Grade GradePuzzle(const CandidateGrid& grid) {
    return GradeResult(LogicalSolver().solve(grid));
}

Grade GradePuzzle(const Board& puzzle) {
    return GradeResult(LogicalSolver().solve(puzzle));
}

}  // namespace sudoku
