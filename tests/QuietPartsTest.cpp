// QuietParts, the outline's memory of where strategies found nothing: along whole solves, on grids
// of several shapes, it must give every strategy's own answer at every step, however many units
// or digits it skips. The grader's test compares whole outlines with full solves; this one asks
// every scoped strategy at every step, also on grids the lists of 9x9 puzzles never reach.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "solver/Generator.h"
#include "solver/LogicalSolver.h"
#include "solver/QuietParts.h"
#include "solver/Strategies.h"
#include "solver/TextFormat.h"
#include "tests/PuzzleLists.h"

namespace sudoku {
namespace {

std::vector<Board> Generated(int size, Variant variant, Difficulty difficulty, int count) {
    GeneratorOptions options;
    options.size = size;
    options.variant = variant;
    options.difficulty = difficulty;
    options.seed = 7;
    return GeneratedPuzzles(options, count);
}

bool SameStep(const std::optional<Step>& a, const std::optional<Step>& b) {
    if (a.has_value() != b.has_value()) return false;
    return !a || (a->technique == b->technique && a->placements == b->placements &&
                  a->eliminations == b->eliminations && a->cells == b->cells &&
                  a->units == b->units && a->explanation == b->explanation);
}

// Solves the puzzle step by step; before each step every strategy of a narrower scope than the
// grid is asked through one QuietParts and directly. Returns how many answers were compared.
int CompareAlongSolve(const Board& puzzle) {
    CandidateGrid grid(puzzle);
    QuietParts quiet;
    const LogicalSolver solver;
    int compared = 0;
    while (!grid.isSolved()) {
        quiet.refresh(grid);
        for (const auto& strategy : AllStrategies()) {
            if (!strategy || strategy->scope(grid.geometry()) == Strategy::Scope::Grid) continue;
            const std::optional<Step> direct = strategy->find(grid);
            EXPECT_TRUE(SameStep(quiet.find(*strategy, grid), direct))
                << TechniqueName(strategy->technique()) << " on " << puzzle.toLine() << " after "
                << compared << " answers";
            ++compared;
        }
        const std::optional<Step> step = solver.nextStep(grid);
        if (!step) break;
        ApplyStep(grid, *step);
    }
    return compared;
}

TEST(QuietParts, GivesEveryStrategysOwnAnswerAlongWholeSolves) {
    std::vector<Board> puzzles = ReadPuzzleList("magictour_top1465.txt", 15);
    for (const Board& b : ReadPuzzleList("newspaper_train.txt", 10))
        puzzles.push_back(b);
    for (const Board& b : Generated(9, Variant::Classic, Difficulty::Expert, 4))
        puzzles.push_back(b);
    for (const Board& b : Generated(9, Variant::X, Difficulty::Hard, 3))
        puzzles.push_back(b);
    for (const Board& b : Generated(9, Variant::Jigsaw, Difficulty::Hard, 3))
        puzzles.push_back(b);
    for (const Board& b : Generated(6, Variant::Classic, Difficulty::Medium, 3))
        puzzles.push_back(b);
    for (const Board& b : Generated(16, Variant::Classic, Difficulty::Hard, 1))
        puzzles.push_back(b);
    int compared = 0;
    for (const Board& b : puzzles)
        compared += CompareAlongSolve(b);
    // Every puzzle asks something at each of its steps: a run that compared nothing proves nothing.
    EXPECT_GT(compared, 1000);
    std::cout << "  " << puzzles.size() << " puzzles, " << compared << " answers compared\n";
}

}  // namespace
}  // namespace sudoku
