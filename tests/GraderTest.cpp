#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "solver/Generator.h"
#include "solver/Grader.h"
#include "solver/TextFormat.h"
#include "tests/PuzzleLists.h"

namespace sudoku {
namespace {

int SumOfScores(const std::vector<Step>& steps) {
    int sum = 0;
    for (const Step& s : steps)
        sum += TechniqueScore(s.technique);
    return sum;
}

TEST(Grader, NewspaperPuzzlesAreEasierThanTheForumsHardest) {
    const std::vector<Board> newspaper = ReadPuzzleList("newspaper_train.txt", 63);
    const std::vector<Board> hardest = ReadPuzzleList("forum_hardest_1106.txt", 20);
    ASSERT_EQ(newspaper.size(), 63u);
    ASSERT_EQ(hardest.size(), 20u);
    int newspaperMax = 0;
    for (const Board& b : newspaper) {
        const Grade g = GradePuzzle(b);
        EXPECT_FALSE(g.needsGuessing) << b.toLine();
        EXPECT_LT(g.level, Difficulty::Extreme) << b.toLine();
        newspaperMax = std::max(newspaperMax, g.score);
    }
    for (const Board& b : hardest) {
        const Grade g = GradePuzzle(b);
        EXPECT_EQ(g.level, Difficulty::Extreme) << b.toLine();
        EXPECT_GT(g.score, newspaperMax) << b.toLine();
    }
}

TEST(Grader, EasyMeansSinglesOnlyAndScoreIsTheSumOfTechniqueScores) {
    int easy = 0;
    int harder = 0;
    for (const Board& b : ReadPuzzleList("newspaper_train.txt", 63)) {
        const LogicalResult result = LogicalSolver().solve(b);
        const Grade g = GradeResult(result);
        EXPECT_EQ(g.steps, static_cast<int>(result.steps.size()));
        EXPECT_EQ(g.score, SumOfScores(result.steps));
        const bool singlesOnly = std::all_of(result.steps.begin(), result.steps.end(), [](auto& s) {
            return TechniqueLevel(s.technique) == Difficulty::Easy;
        });
        EXPECT_EQ(g.level == Difficulty::Easy, singlesOnly) << b.toLine();
        ASSERT_TRUE(g.hardest.has_value());
        EXPECT_GE(g.level, TechniqueLevel(*g.hardest));
        (g.level == Difficulty::Easy ? easy : harder)++;
    }
    // The newspaper set has both kinds, so the comparison above means something.
    EXPECT_GT(easy, 0);
    EXPECT_GT(harder, 0);
}

TEST(Grader, StuckLogicIsExtremeWithTheGuessingPenalty) {
    const Board puzzle = ReadPuzzleList("forum_hardest_1106.txt", 1).front();
    LogicalOptions singlesOnly;
    singlesOnly.hardest = Technique::HiddenSingle;
    const LogicalResult result = LogicalSolver(singlesOnly).solve(puzzle);
    ASSERT_FALSE(result.solved);
    const Grade g = GradeResult(result);
    EXPECT_TRUE(g.needsGuessing);
    EXPECT_EQ(g.level, Difficulty::Extreme);
    const int open = result.final.board().cellCount() - result.final.board().filledCount();
    EXPECT_EQ(g.score, SumOfScores(result.steps) + kGuessPenalty + kPenaltyPerOpenCell * open);
}

TEST(Grader, RepeatingTheHardestTechniqueRaisesTheLevel) {
    // The steps of a real medium puzzle, then the same puzzle's medium steps repeated.
    for (const Board& b : ReadPuzzleList("newspaper_train.txt", 63)) {
        LogicalResult result = LogicalSolver().solve(b);
        const Grade g = GradeResult(result);
        if (g.level != Difficulty::Medium || !g.hardest) continue;
        const Step medium = *std::find_if(result.steps.begin(), result.steps.end(), [](auto& s) {
            return TechniqueLevel(s.technique) == Difficulty::Medium;
        });
        while (std::count_if(result.steps.begin(), result.steps.end(), [](auto& s) {
                   return TechniqueLevel(s.technique) == Difficulty::Medium;
               }) < kRepeatsForNextLevel - 1)
            result.steps.push_back(medium);
        EXPECT_EQ(GradeResult(result).level, Difficulty::Medium);
        result.steps.push_back(medium);
        EXPECT_EQ(GradeResult(result).level, Difficulty::Hard);
        return;
    }
    FAIL() << "no medium puzzle in the newspaper set";
}

// Grading keeps only each step's technique (LogicalSolver::outline): the same techniques in the
// same order, the same grid at the end and the same grade as the full solve, on puzzles that
// need singles only, subsets, chains, and on puzzles where logic gets stuck.
TEST(Grader, TheOutlineOfASolveGradesAsTheSolveItself) {
    std::vector<Board> puzzles = ReadPuzzleList("newspaper_train.txt", 63);
    for (const Board& b : ReadPuzzleList("magictour_top1465.txt", 12))
        puzzles.push_back(b);
    for (const Board& b : ReadPuzzleList("forum_hardest_1106.txt", 3))
        puzzles.push_back(b);
    GeneratorOptions expert;  // the lists above hold no expert puzzle
    expert.difficulty = Difficulty::Expert;
    expert.seed = 1;
    for (const Board& b : GeneratedPuzzles(expert, 3))
        puzzles.push_back(b);
    std::set<Difficulty> levels;
    for (const Board& b : puzzles) {
        const LogicalResult full = LogicalSolver().solve(b);
        const LogicalOutline outline = LogicalSolver().outline(CandidateGrid(b));
        ASSERT_EQ(outline.techniques.size(), full.steps.size()) << b.toLine();
        for (std::size_t i = 0; i < full.steps.size(); ++i)
            EXPECT_EQ(outline.techniques[i], full.steps[i].technique)
                << b.toLine() << " step " << i;
        EXPECT_EQ(outline.solved, full.solved);
        EXPECT_TRUE(outline.final == full.final) << b.toLine();
        const Grade fromOutline = GradeOutline(outline), fromSteps = GradeResult(full);
        EXPECT_EQ(fromOutline.level, fromSteps.level);
        EXPECT_EQ(fromOutline.score, fromSteps.score);
        EXPECT_EQ(fromOutline.hardest, fromSteps.hardest);
        EXPECT_EQ(fromOutline.steps, fromSteps.steps);
        EXPECT_EQ(fromOutline.needsGuessing, fromSteps.needsGuessing);
        EXPECT_EQ(GradePuzzle(b).score, fromSteps.score);
        levels.insert(fromSteps.level);
    }
    // Easy to extreme are all there, so every branch of the grade was compared.
    EXPECT_EQ(levels.size(), 5u);
}

}  // namespace
}  // namespace sudoku
