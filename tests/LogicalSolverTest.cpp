// The logical solver on real puzzles: it solves every newspaper puzzle of the training photos
// with the basic techniques, every step it takes agrees with the puzzle's solution, and it stops
// (never loops) when stuck.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "solver/Backtracking.h"
#include "solver/LogicalSolver.h"
#include "solver/Strategies.h"
#include "solver/TextFormat.h"
#include "tests/PuzzleLists.h"

namespace sudoku {
namespace {

Board ParseLine(const std::string& line) {
    ParsedPuzzle parsed = ParsePuzzle(line, TextFormat::Line);
    EXPECT_TRUE(parsed.ok()) << parsed.error.describe();
    return parsed.board;
}

// Only the basic techniques (singles to jellyfish): what this part of the solver must manage.
constexpr LogicalOptions kBasic{Technique::Jellyfish};

TEST(Strategies, RegistryHasOneEntryPerTechniqueInOrder) {
    const auto& all = AllStrategies();
    ASSERT_EQ(static_cast<int>(all.size()), kTechniqueCount);
    for (int i = 0; i < kTechniqueCount; ++i) {
        if (all[i]) {
            EXPECT_EQ(static_cast<int>(all[i]->technique()), i);
        }
        EXPECT_EQ(StrategyFor(Technique(i)), all[i].get());
    }
    for (int i = 0; i <= static_cast<int>(Technique::Jellyfish); ++i)
        EXPECT_NE(all[i], nullptr) << TechniqueName(Technique(i));
}

TEST(LogicalSolver, SolvesEveryNewspaperPuzzleWithStepsThatAgreeWithTheSolution) {
    const std::vector<Board> puzzles = ReadPuzzleList("newspaper_train.txt");
    ASSERT_EQ(puzzles.size(), 63u);
    const LogicalSolver solver(kBasic);
    for (const Board& puzzle : puzzles) {
        SCOPED_TRACE(puzzle.toLine());
        const SolveResult reference = CountSolutions(puzzle, 2);
        ASSERT_EQ(reference.count, 1);
        const Board& solution = reference.solution;
        const LogicalResult result = solver.solve(puzzle);
        ASSERT_TRUE(result.solved);
        EXPECT_EQ(result.final.board(), solution);
        // Replaying the steps reproduces the final grid; each changes something, and none places
        // a wrong digit or removes the right one.
        CandidateGrid grid(puzzle);
        for (const Step& step : result.steps) {
            ASSERT_TRUE(step.changes()) << step.explanation;
            EXPECT_FALSE(step.explanation.empty());
            EXPECT_LE(step.technique, Technique::Jellyfish);
            for (const CellDigit& p : step.placements)
                EXPECT_EQ(solution.value(p.cell), p.digit) << step.explanation;
            for (const CellDigit& e : step.eliminations) {
                EXPECT_TRUE(grid.has(e.cell, e.digit)) << "not a candidate: " << step.explanation;
                EXPECT_NE(solution.value(e.cell), e.digit) << step.explanation;
            }
            ApplyStep(grid, step);
        }
        EXPECT_EQ(grid, result.final);
        // Program-filled digits are marked as such; the clues stay clues.
        for (int cell = 0; cell < puzzle.cellCount(); ++cell)
            EXPECT_EQ(grid.board().origin(cell),
                      puzzle.value(cell) ? CellOrigin::Given : CellOrigin::Filled);
    }
}

TEST(LogicalSolver, TriesTheSimplestTechniqueFirst) {
    const std::vector<Board> puzzles = ReadPuzzleList("newspaper_train.txt");
    const LogicalSolver solver(kBasic);
    const auto& all = AllStrategies();
    for (std::size_t i = 0; i < puzzles.size(); i += 7) {
        CandidateGrid grid(puzzles[i]);
        while (auto step = solver.nextStep(grid)) {
            for (int t = 0; t < static_cast<int>(step->technique); ++t)
                if (all[t]) {
                    EXPECT_FALSE(all[t]->find(grid)) << TechniqueName(Technique(t));
                }
            ApplyStep(grid, *step);
        }
        EXPECT_TRUE(grid.isSolved());
    }
}

TEST(LogicalSolver, StopsWhenStuckWithoutBreakingTheGrid) {
    // The first puzzles of the forum's hardest list need far more than the basic techniques; the
    // steps the solver does take still agree with the solution.
    const std::vector<Board> puzzles = ReadPuzzleList("forum_hardest_1106.txt");
    ASSERT_GE(puzzles.size(), 10u);
    const LogicalSolver solver(kBasic);
    for (std::size_t i = 0; i < 10; ++i) {
        const LogicalResult result = solver.solve(puzzles[i]);
        EXPECT_FALSE(result.solved);
        const SolveResult reference = CountSolutions(puzzles[i], 2);
        ASSERT_EQ(reference.count, 1);
        for (const Step& step : result.steps) {
            for (const CellDigit& p : step.placements)
                EXPECT_EQ(reference.solution.value(p.cell), p.digit) << step.explanation;
            for (const CellDigit& e : step.eliminations)
                EXPECT_NE(reference.solution.value(e.cell), e.digit) << step.explanation;
        }
        EXPECT_FALSE(result.final.isBroken());
        EXPECT_FALSE(solver.nextStep(result.final));
        EXPECT_LT(result.steps.size(), 81u);
    }
}

TEST(LogicalSolver, StepsAgreeWithTheSolutionOnHardPuzzles) {
    // magictour_top1465.txt exercises subsets and fish far more than newspapers do.
    const std::vector<Board> puzzles = ReadPuzzleList("magictour_top1465.txt");
    ASSERT_GE(puzzles.size(), 300u);
    const LogicalSolver solver(kBasic);
    int solved = 0, eliminationSteps = 0;
    for (std::size_t i = 0; i < 300; ++i) {
        const SolveResult reference = CountSolutions(puzzles[i], 2);
        ASSERT_EQ(reference.count, 1);
        const LogicalResult result = solver.solve(puzzles[i]);
        solved += result.solved;
        for (const Step& step : result.steps) {
            eliminationSteps += !step.eliminations.empty();
            for (const CellDigit& p : step.placements)
                ASSERT_EQ(reference.solution.value(p.cell), p.digit) << step.explanation;
            for (const CellDigit& e : step.eliminations)
                ASSERT_NE(reference.solution.value(e.cell), e.digit) << step.explanation;
        }
        if (result.solved) {
            EXPECT_EQ(result.final.board(), reference.solution);
        }
    }
    // The basic techniques finish about a fifth of this hard list (310 of 1465 in all).
    EXPECT_GT(solved, 30);
    EXPECT_GT(eliminationSteps, 1000);
}

TEST(LogicalSolver, RespectsTheHardestTechniqueAllowed) {
    // Needs a naked pair after its singles (newspaper_train.txt).
    const Board puzzle = ParseLine(
        "5.6..4.7.42.7....3379.1.8.......7.2.9..1.3..8.4.5.......4.7.1..7......5..3.4..6.7");
    const LogicalResult singles = LogicalSolver({Technique::HiddenSingle}).solve(puzzle);
    EXPECT_FALSE(singles.solved);
    for (const Step& step : singles.steps)
        EXPECT_LE(step.technique, Technique::HiddenSingle);
    const LogicalResult basic = LogicalSolver(kBasic).solve(puzzle);
    EXPECT_TRUE(basic.solved);
    EXPECT_GT(basic.steps.size(), singles.steps.size());
}

TEST(LogicalSolver, FillSinglesPlacesOnlySinglesUntilNoneIsLeft) {
    const Board puzzle = ReadPuzzleList("newspaper_train.txt").at(0);
    CandidateGrid grid(puzzle);
    const LogicalSolver solver(kBasic);
    const std::vector<Step> steps = solver.fillSingles(grid);
    ASSERT_FALSE(steps.empty());
    for (const Step& step : steps) {
        EXPECT_TRUE(step.technique == Technique::NakedSingle ||
                    step.technique == Technique::HiddenSingle);
        EXPECT_EQ(step.placements.size(), 1u);
    }
    EXPECT_EQ(grid.board().filledCount(), puzzle.filledCount() + static_cast<int>(steps.size()));
    EXPECT_FALSE(StrategyFor(Technique::NakedSingle)->find(grid));
    EXPECT_FALSE(StrategyFor(Technique::HiddenSingle)->find(grid));
}

TEST(LogicalSolver, NothingToDoOnASolvedGrid) {
    const Board puzzle = ReadPuzzleList("newspaper_train.txt").at(1);
    const LogicalSolver solver;
    const LogicalResult result = solver.solve(puzzle);
    ASSERT_TRUE(result.solved);
    EXPECT_FALSE(solver.nextStep(result.final));
    CandidateGrid done = result.final;
    EXPECT_TRUE(solver.fillSingles(done).empty());
    EXPECT_TRUE(solver.solve(result.final).steps.empty());
}

TEST(LogicalSolver, SolvesOtherGridSizes) {
    // 6x6 and 16x16 puzzles made from a valid grid with cells removed at random.
    for (const char* line :
         {"1..54.5.2.3...5.....136..54...2...54",
          "D1...2....75CA.6....987.CAG.D1.B....C..6D.FB.2E4C.G...F..2.498..1.B..E49875.....2E.9..."
          "C..6D1F.3...C.G6...B32E.9..6D.FB3.E.9.....B.2..98..CA.6D.E.9.7......1....7...G....B.2E4."
          "8...1FB32E49875.A.32E.9..5....D1..987..AG6.1.B32E5.AG.D.F.32.4987........4.8..CA."}) {
        const Board puzzle = ParseLine(line);
        const LogicalResult result = LogicalSolver(kBasic).solve(puzzle);
        ASSERT_TRUE(result.solved) << line;
        EXPECT_TRUE(IsSolutionOf(puzzle, result.final.board()));
    }
}

}  // namespace
}  // namespace sudoku
