// The advanced techniques (wings, simple colouring, unique rectangles, chains), each on a 9x9
// position that needs it: every simpler strategy of the registry finds nothing there, the
// technique finds exactly the expected eliminations, none of them removes a digit of the puzzle's
// only solution, and the explanation names the cells of the pattern.
//
// Positions: a puzzle of /work/shared/puzzles/magictour_top1465.txt (line number in each case),
// solved by the logical solver with every technique before the one under test until it is stuck.
// The expected eliminations were checked by hand against the pattern the explanation describes.
// Beyond 9x9, every technique that does not assume uniqueness is run on random candidate grids of
// each supported size that contain a known solution: a sound technique never removes its digits;
// and full solves of generated (unique) 6x6, 8x8 and 12x12 puzzles agree with their solution.

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "solver/Backtracking.h"
#include "solver/Generator.h"
#include "solver/LogicalSolver.h"
#include "solver/Strategies.h"
#include "tests/NothingSimpler.h"

namespace sudoku {
namespace {

Board BoardOf(const std::string& line) {
    Board board;
    for (int cell = 0; cell < board.cellCount(); ++cell)
        if (int digit = Geometry::DigitFromChar(line.at(cell)); digit > 0) board.set(cell, digit);
    return board;
}

// "r12c3" -> cell index.
int CellNamed(const Geometry& g, const std::string& name) {
    const auto c = name.find('c');
    return g.cellAt(std::stoi(name.substr(1, c - 1)) - 1, std::stoi(name.substr(c + 1)) - 1);
}

std::string Describe(const Geometry& g, const std::set<CellDigit>& digits) {
    std::string text;
    for (const CellDigit& cd : digits)
        text += g.cellName(cd.cell) + "-" + Geometry::DigitChar(cd.digit) + " ";
    return text;
}

// The position where the logical solver, allowed every technique simpler than `technique`,
// gets stuck.
CandidateGrid StuckBefore(const Board& puzzle, Technique technique) {
    LogicalOptions options;
    options.hardest = Technique(static_cast<int>(technique) - 1);
    return LogicalSolver(options).solve(puzzle).final;
}

struct Case {
    const char* name;
    int line;  // in magictour_top1465.txt
    const char* puzzle;
    Technique technique;
    std::vector<std::pair<const char*, int>> eliminations;
    std::vector<const char*> named;  // cells the explanation must name
};

void PrintTo(const Case& c, std::ostream* os) {
    *os << c.name;
}

class AdvancedTechnique : public testing::TestWithParam<Case> {};

TEST_P(AdvancedTechnique, IsNeededFindsExactlyTheExpectedEliminationsAndIsSound) {
    const Case& c = GetParam();
    const Board puzzle = BoardOf(c.puzzle);
    const SolveResult solved = CountSolutions(puzzle, 2);
    ASSERT_EQ(solved.count, 1) << "line " << c.line;
    const CandidateGrid grid = StuckBefore(puzzle, c.technique);
    const Geometry& g = grid.geometry();
    ASSERT_FALSE(grid.isSolved());

    ExpectNothingSimplerFinds(grid, c.technique);

    const Strategy* strategy = StrategyFor(c.technique);
    ASSERT_NE(strategy, nullptr);
    const auto step = strategy->find(grid);
    ASSERT_TRUE(step) << TechniqueName(c.technique) << " found nothing";
    EXPECT_EQ(step->technique, c.technique);
    EXPECT_TRUE(step->placements.empty());

    std::set<CellDigit> expected;
    for (const auto& [cell, digit] : c.eliminations)
        expected.insert({CellNamed(g, cell), digit});
    const std::set<CellDigit> found(step->eliminations.begin(), step->eliminations.end());
    EXPECT_EQ(found.size(), step->eliminations.size()) << "an elimination is listed twice";
    EXPECT_EQ(found, expected) << "found " << Describe(g, found) << "\n" << step->explanation;
    for (const CellDigit& e : step->eliminations) {
        EXPECT_TRUE(grid.has(e.cell, e.digit)) << g.cellName(e.cell) << " had no " << e.digit;
        EXPECT_NE(solved.solution.value(e.cell), e.digit)
            << "removes the solution's " << e.digit << " from " << g.cellName(e.cell);
    }
    for (const CellDigit& p : step->proof)
        EXPECT_TRUE(grid.has(p.cell, p.digit)) << "proof candidate " << g.cellName(p.cell);
    for (const char* name : c.named) {
        EXPECT_NE(step->explanation.find(name), std::string::npos)
            << name << " missing from: " << step->explanation;
        const int cell = CellNamed(g, name);
        EXPECT_NE(std::find(step->cells.begin(), step->cells.end(), cell), step->cells.end())
            << name << " missing from the step's cells";
    }
    EXPECT_FALSE(step->units.empty());
}

// clang-format off
const Case kCases[] = {
    {"XYWing", 46, "5.7....3.....61...1.8......62..4.......7...8...........1....6.43..5...........2..",
     Technique::XYWing, {{"r2c2", 9}, {"r9c1", 9}}, {"r7c1", "r2c1", "r8c2"}},
    {"XYZWing", 68, ".4.3............78.......5.7..65....5...9.....1....2.....1.43..8.......6...2.....",
     Technique::XYZWing, {{"r9c9", 9}}, {"r7c9", "r1c9", "r8c7"}},
    {"WWing", 49, "...9.3.5.2.....7............59..1......4..6...43......4..67...........91....2....",
     Technique::WWing, {{"r6c6", 6}}, {"r2c6", "r6c1", "r5c6", "r5c2"}},
    {"ColourTrap", 3, "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
     Technique::SimpleColouring, {{"r6c6", 4}}, {"r2c6", "r3c7", "r2c9", "r6c7"}},
    {"ColourWrap", 423, ".397.4....71............6.....3.5.4.8...2.........69...165...9.....4..6.2....8...",
     Technique::SimpleColouring, {{"r4c5", 9}, {"r9c2", 9}, {"r5c2", 9}},
     {"r9c2", "r5c2", "r9c5", "r5c6"}},
    {"UniqueRectangle1", 3, "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
     Technique::UniqueRectangle1, {{"r8c7", 1}, {"r8c7", 2}}, {"r8c2", "r8c7", "r9c2", "r9c7"}},
    {"UniqueRectangle2", 41, "......41.9..3.....3...5.....48..7..........52.1.......6..2....5.7....8......9....",
     Technique::UniqueRectangle2,
     {{"r2c5", 8}, {"r3c4", 8}, {"r5c6", 8}, {"r7c6", 8}, {"r9c6", 8}},
     {"r2c3", "r2c6", "r3c3", "r3c6"}},
    {"UniqueRectangle3", 73, "4.1.6....3.....2........8..15.2.....6......1....9......2.7.8..........43.7.......",
     Technique::UniqueRectangle3, {{"r5c4", 3}, {"r5c4", 8}}, {"r2c4", "r3c4", "r1c4"}},
    {"UniqueRectangle4", 14, "8.9...3.....7.1...5.........7.....263...9.......1...4..6.2....4....8.5...........",
     Technique::UniqueRectangle4, {{"r5c8", 7}, {"r5c9", 7}}, {"r1c8", "r1c9", "r5c8", "r5c9"}},
    {"XChain", 14, "8.9...3.....7.1...5.........7.....263...9.......1...4..6.2....4....8.5...........",
     Technique::XChain, {{"r4c3", 5}, {"r6c6", 5}}, {"r4c4", "r9c4", "r9c2", "r6c2"}},
    {"XYChain", 18, "7.8...3.....6.1...4.........6.....253...8.......1...9..9.5....2....7.4...........",
     Technique::XYChain, {{"r4c1", 8}}, {"r4c7", "r7c7", "r7c5", "r7c1"}},
    {"AlternatingInferenceChain", 15,
     "6.9.....8...7.1...4............6...4.2.....3..3....5...1.5...7.8...9..........2..",
     Technique::AlternatingInferenceChain, {{"r6c9", 1}}, {"r4c7", "r3c9", "r6c9"}},
    {"AlsChain", 4, "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
     Technique::AlsChain, {{"r5c6", 7}}, {"r4c4", "r4c5", "r4c6", "r5c4", "r5c7", "r5c9"}},
};
// clang-format on

INSTANTIATE_TEST_SUITE_P(TopPuzzles, AdvancedTechnique, testing::ValuesIn(kCases),
                         [](const testing::TestParamInfo<Case>& p) {
                             return std::string(p.param.name);
                         });

TEST(AdvancedTechniques, GroupedChainUsesABoxLineGroup) {
    // magictour_top1465.txt line 9: 3 in column 1 is either in box 1 or at r6c1, a group node.
    const Board puzzle = BoardOf(
        ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........");
    const CandidateGrid grid = StuckBefore(puzzle, Technique::AlternatingInferenceChain);
    const auto step = StrategyFor(Technique::AlternatingInferenceChain)->find(grid);
    ASSERT_TRUE(step);
    const SolveResult solved = CountSolutions(puzzle, 2);
    ASSERT_EQ(solved.count, 1);
    for (const CellDigit& e : step->eliminations)
        EXPECT_NE(solved.solution.value(e.cell), e.digit) << step->explanation;
    EXPECT_NE(step->explanation.find("one of {"), std::string::npos) << step->explanation;
}

// Every step of a full logical solve agrees with the only solution, on the newspaper puzzles and
// on hard ones that need the advanced techniques; each advanced technique is used at least once.
TEST(AdvancedTechniques, EveryStepOfHardSolvesAgreesWithTheSolution) {
    std::ifstream in(std::string(SUDOKU_SHARED_DIR) + "/puzzles/magictour_top1465.txt");
    ASSERT_TRUE(in) << "magictour_top1465.txt not found";
    std::string line;
    std::set<Technique> used;
    int puzzles = 0, solvedCount = 0;
    while (std::getline(in, line) && puzzles < 60) {
        if (line.size() < 81 || line[0] == '#') continue;
        ++puzzles;
        const Board puzzle = BoardOf(line);
        const SolveResult solved = CountSolutions(puzzle, 2);
        ASSERT_EQ(solved.count, 1);
        const LogicalResult result = LogicalSolver().solve(puzzle);
        solvedCount += result.solved;
        for (const Step& step : result.steps) {
            used.insert(step.technique);
            for (const CellDigit& e : step.eliminations)
                ASSERT_NE(solved.solution.value(e.cell), e.digit) << step.explanation;
            for (const CellDigit& p : step.placements)
                ASSERT_EQ(solved.solution.value(p.cell), p.digit) << step.explanation;
        }
    }
    EXPECT_EQ(puzzles, 60);
    // These are among the hardest puzzles known; chains crack most of them.
    EXPECT_GE(solvedCount, 45) << "of " << puzzles;
    for (Technique t :
         {Technique::XYWing, Technique::WWing, Technique::SimpleColouring, Technique::XChain,
          Technique::XYChain, Technique::AlternatingInferenceChain, Technique::AlsChain})
        EXPECT_TRUE(used.count(t)) << TechniqueName(t) << " never used";
}

// Unique rectangles assume one solution, so they are checked on generated puzzles, which have
// exactly one: every step of a full solve of minimal 6x6, 8x8 and 12x12 puzzles agrees with it.
TEST(AdvancedTechniques, EveryStepAgreesWithTheSolutionOnGeneratedPuzzlesOfOtherSizes) {
    std::set<Technique> used;
    for (auto [size, count] : {std::pair{6, 100}, std::pair{8, 60}, std::pair{12, 10}}) {
        GeneratorOptions options;
        options.size = size;
        options.minimal = true;
        options.seed = 7;
        Generator generator(options);
        for (int i = 0; i < count; ++i) {
            const GeneratedPuzzle generated = generator.next();
            const LogicalResult result = LogicalSolver().solve(generated.puzzle);
            for (const Step& step : result.steps) {
                used.insert(step.technique);
                for (const CellDigit& e : step.eliminations)
                    ASSERT_NE(generated.solution.value(e.cell), e.digit)
                        << size << "x" << size << ": " << step.explanation;
                for (const CellDigit& p : step.placements)
                    ASSERT_EQ(generated.solution.value(p.cell), p.digit) << step.explanation;
            }
        }
    }
    int advanced = 0;
    for (Technique t : used)
        advanced += t >= Technique::XYWing;
    EXPECT_GE(advanced, 6) << "the sample no longer exercises the advanced techniques";
    EXPECT_TRUE(used.count(Technique::UniqueRectangle1) ||
                used.count(Technique::UniqueRectangle2) || used.count(Technique::UniqueRectangle4));
}

// A full grid of any shape: row r is the first row shifted by its band and row in the band,
// with the digits relabelled at random.
Board RandomSolution(const Geometry& g, std::mt19937& rng) {
    std::vector<int> label(g.size());
    for (int i = 0; i < g.size(); ++i)
        label[i] = i + 1;
    std::shuffle(label.begin(), label.end(), rng);
    Board board(g);
    for (int r = 0; r < g.size(); ++r)
        for (int c = 0; c < g.size(); ++c)
            board.set(g.cellAt(r, c),
                      label[((r % g.boxRows()) * g.boxCols() + r / g.boxRows() + c) % g.size()]);
    return board;
}

// Some cells of the solution as clues; every other cell keeps its solution digit and a random
// part of what its row, column and box allow.
CandidateGrid RandomPosition(const Board& solution, std::mt19937& rng) {
    const Geometry& g = solution.geometry();
    Board clues(g);
    std::bernoulli_distribution clue(0.3), keep(0.45);
    for (int cell = 0; cell < g.cellCount(); ++cell)
        if (clue(rng)) clues.set(cell, solution.value(cell));
    std::vector<Mask> candidates(g.cellCount(), 0);
    for (int cell = 0; cell < g.cellCount(); ++cell) {
        if (clues.value(cell)) continue;
        candidates[cell] = DigitBit(solution.value(cell));
        for (int d : Digits(clues.allowed(cell)))
            if (keep(rng)) candidates[cell] |= DigitBit(d);
    }
    return CandidateGrid(clues, std::move(candidates));
}

TEST(AdvancedTechniques, NeverRemoveASolutionDigitOnAnyGridSize) {
    std::mt19937 rng(20261122);
    const Technique sound[] = {Technique::XYWing,
                               Technique::XYZWing,
                               Technique::WWing,
                               Technique::SimpleColouring,
                               Technique::XChain,
                               Technique::XYChain,
                               Technique::AlternatingInferenceChain,
                               Technique::AlsChain};
    for (int size : {4, 6, 8, 9, 12, 16, 25}) {
        const Geometry g = *Geometry::ForSize(size);
        const int rounds = size <= 9 ? 30 : size <= 16 ? 4 : 1;
        std::set<Technique> fired;
        for (int round = 0; round < rounds; ++round) {
            const Board solution = RandomSolution(g, rng);
            for (Technique t : sound) {
                CandidateGrid grid = RandomPosition(solution, rng);
                for (int i = 0; i < 3; ++i) {
                    const auto step = StrategyFor(t)->find(grid);
                    if (!step) break;
                    fired.insert(t);
                    ASSERT_TRUE(step->changes());
                    for (const CellDigit& e : step->eliminations)
                        ASSERT_NE(solution.value(e.cell), e.digit)
                            << size << "x" << size << ": " << step->explanation;
                    for (const CellDigit& p : step->placements)
                        ASSERT_EQ(solution.value(p.cell), p.digit) << step->explanation;
                    ApplyStep(grid, *step);
                }
            }
        }
        if (size <= 9) {
            EXPECT_GE(fired.size(), 5u) << size << "x" << size;
        }
    }
}

}  // namespace
}  // namespace sudoku
