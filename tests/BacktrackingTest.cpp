// The backtracking solvers: every registered 9x9 solver over the corpus (counts and solutions
// cross-checked by two solvers when it was made), the any-size search on every grid shape, and
// the edges of the SolveFast9 contract.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "solver/Backtracking.h"
#include "solver/FastSolver9.h"
#include "solver/Generator.h"
#include "solver/LogicalSolver.h"
#include "solver/Solvers.h"
#include "solver/Strategies.h"

namespace sudoku {
namespace {

struct CorpusEntry {
    std::string puzzle;
    int count = 0;  // capped at kCorpusCap
    std::string solution;
};

constexpr int kCorpusCap = 10;

std::vector<CorpusEntry> LoadCorpus() {
    std::ifstream in(SUDOKU_SOURCE_DIR "/tests/data/corpus.txt");
    std::vector<CorpusEntry> entries;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        const auto first = line.find(':'), second = line.find(':', first + 1);
        entries.push_back({line.substr(0, first),
                           std::stoi(line.substr(first + 1, second - first - 1)),
                           line.substr(second + 1)});
    }
    return entries;
}

bool IsValidSolution9(const std::string& puzzle, const std::string& solution) {
    Board p(Geometry(3, 3)), s(Geometry(3, 3));
    if (solution.size() != 81) return false;
    for (int cell = 0; cell < 81; ++cell) {
        if (puzzle[cell] >= '1' && puzzle[cell] <= '9') p.set(cell, puzzle[cell] - '0');
        if (solution[cell] < '1' || solution[cell] > '9') return false;
        s.set(cell, solution[cell] - '0');
    }
    return IsSolutionOf(p, s);
}

TEST(Corpus, HasEveryKindOfPuzzle) {
    const auto corpus = LoadCorpus();
    ASSERT_GE(corpus.size(), 100u);
    int unique = 0, none = 0, several = 0;
    for (const auto& e : corpus) {
        ASSERT_EQ(e.puzzle.size(), 81u) << e.puzzle;
        unique += e.count == 1;
        none += e.count == 0;
        several += e.count > 1;
        if (e.count == 1) {
            EXPECT_TRUE(IsValidSolution9(e.puzzle, e.solution)) << e.puzzle;
        }
    }
    EXPECT_GE(unique, 50);
    EXPECT_GE(none, 10);
    EXPECT_GE(several, 10);
}

class EverySolver : public ::testing::TestWithParam<SolverInfo> {};

// Limit 2 is the uniqueness check every caller uses: the count, and the one solution.
TEST_P(EverySolver, CountsAndSolvesTheCorpusUpToTwo) {
    const SolverInfo& solver = GetParam();
    for (const auto& e : LoadCorpus()) {
        char solution[81];
        std::uint64_t guesses = 0;
        const int count = solver.solve(e.puzzle.c_str(), 2, solution, &guesses);
        ASSERT_EQ(count, std::min(e.count, 2)) << solver.name << " " << e.puzzle;
        if (count == 0) continue;
        const std::string found(solution, 81);
        EXPECT_TRUE(IsValidSolution9(e.puzzle, found)) << solver.name << " " << e.puzzle;
        if (e.count == 1) {
            EXPECT_EQ(found, e.solution) << solver.name << " " << e.puzzle;
        }
    }
}

// Larger limits count further: the corpus holds counts up to its cap.
TEST_P(EverySolver, CountsSeveralSolutionsUpToTheLimit) {
    const SolverInfo& solver = GetParam();
    for (const auto& e : LoadCorpus()) {
        if (e.count < 2) continue;
        char solution[81];
        std::uint64_t guesses = 0;
        EXPECT_EQ(solver.solve(e.puzzle.c_str(), kCorpusCap, solution, &guesses), e.count)
            << solver.name << " " << e.puzzle;
        EXPECT_EQ(solver.solve(e.puzzle.c_str(), 1, solution, &guesses), 1)
            << solver.name << " " << e.puzzle;
        EXPECT_TRUE(IsValidSolution9(e.puzzle, std::string(solution, 81))) << solver.name;
    }
}

INSTANTIATE_TEST_SUITE_P(Registry, EverySolver,
                         ::testing::ValuesIn(AllSolvers().begin(), AllSolvers().end()),
                         [](const auto& p) { return std::string(p.param.name); });

TEST(Solvers, RegistryFindsByNameAndFastIsTheDefault) {
    ASSERT_FALSE(AllSolvers().empty());
    EXPECT_EQ(AllSolvers().front().name, "fast");
    ASSERT_NE(FindSolver("generic"), nullptr);
    EXPECT_EQ(FindSolver("generic")->solve, &SolveGeneric9);
    EXPECT_EQ(FindSolver("no such solver"), nullptr);
}

TEST(SolveFast9, GuessesOnlyWhenPropagationStalls) {
    // A solution with a few cells blanked falls to singles; the hardest lists need guesses.
    const auto corpus = LoadCorpus();
    std::uint64_t guesses = 99;
    std::string nearlyFull = corpus.front().solution;
    for (int cell : {0, 10, 20, 40, 80})
        nearlyFull[cell] = '.';
    ASSERT_EQ(SolveFast9(nearlyFull.c_str(), 2, nullptr, &guesses), 1);
    EXPECT_EQ(guesses, 0u);
    std::uint64_t most = 0;
    int withoutGuessing = 0;
    for (const auto& e : corpus) {
        SolveFast9(e.puzzle.c_str(), 2, nullptr, &guesses);
        most = std::max(most, guesses);
        withoutGuessing += e.count == 1 && guesses == 0;
    }
    EXPECT_GT(most, 10u);
    EXPECT_GT(withoutGuessing, 10);
}

TEST(SolveFast9, TakesZeroOrDotOrAnythingElseAsEmpty) {
    const std::string puzzle = LoadCorpus().front().puzzle;
    std::string zeros = puzzle, others = puzzle;
    std::replace(zeros.begin(), zeros.end(), '.', '0');
    std::replace(others.begin(), others.end(), '.', 'x');
    char a[81], b[81], c[81];
    ASSERT_EQ(SolveFast9(puzzle.c_str(), 2, a, nullptr), 1);
    ASSERT_EQ(SolveFast9(zeros.c_str(), 2, b, nullptr), 1);
    ASSERT_EQ(SolveFast9(others.c_str(), 2, c, nullptr), 1);
    EXPECT_EQ(std::string(a, 81), std::string(b, 81));
    EXPECT_EQ(std::string(a, 81), std::string(c, 81));
}

TEST(SolveFast9, BothCopiesFindTheSameFirstSolutionOfANearlyEmptyGrid) {
    // The generator's 9x9 grids are the first completion (CompleteGrid9) of three random diagonal
    // boxes: a seed must give the same grid on machines with and without AVX2. SolveFast9's first
    // solution, which `solve` prints for a puzzle with several, must not depend on it either.
    std::mt19937_64 rng(11);
    for (int trial = 0; trial < 50; ++trial) {
        std::string puzzle(81, '.');
        for (int box = 0; box < 3; ++box) {
            std::string digits = "123456789";
            std::shuffle(digits.begin(), digits.end(), rng);
            for (int k = 0; k < 9; ++k)
                puzzle[(3 * box + k / 3) * 9 + 3 * box + k % 3] = digits[k];
        }
        char fast[81], baseline[81];
        ASSERT_EQ(SolveFast9(puzzle.c_str(), 1, fast, nullptr), 1) << puzzle;
        ASSERT_EQ(SolveFast9Baseline(puzzle.c_str(), 1, baseline, nullptr), 1) << puzzle;
        EXPECT_EQ(std::string(fast, 81), std::string(baseline, 81)) << puzzle;
        EXPECT_TRUE(IsValidSolution9(puzzle, std::string(fast, 81))) << puzzle;
        ASSERT_TRUE(CompleteGrid9(puzzle.c_str(), fast)) << puzzle;
        ASSERT_TRUE(CompleteGrid9Baseline(puzzle.c_str(), baseline)) << puzzle;
        EXPECT_EQ(std::string(fast, 81), std::string(baseline, 81)) << puzzle;
        EXPECT_TRUE(IsValidSolution9(puzzle, std::string(fast, 81))) << puzzle;
    }
}

TEST(SolveFast9, ExcludingADigitCountsTheOtherSolutions) {
    // On a puzzle with a few solutions, the ones with the digit in the cell and the ones without
    // add up to all of them.
    for (const auto& e : LoadCorpus()) {
        if (e.count < 2 || e.count >= kCorpusCap) continue;
        const int cell = static_cast<int>(e.puzzle.find('.'));
        int sum = 0;
        for (int digit = 1; digit <= 9; ++digit) {
            std::string with = e.puzzle;
            with[cell] = static_cast<char>('0' + digit);
            const int withDigit = SolveFast9(with.c_str(), 100, nullptr, nullptr);
            EXPECT_EQ(SolveFast9Excluding(e.puzzle.c_str(), cell, digit, 100, nullptr),
                      e.count - withDigit)
                << e.puzzle << " digit " << digit;
            sum += withDigit;
        }
        EXPECT_EQ(sum, e.count) << e.puzzle;
    }
    // On a unique puzzle: none without the solution's digit, the one with another excluded.
    for (const auto& e : LoadCorpus()) {
        if (e.count != 1) continue;
        for (int cell = 0; cell < 81; ++cell) {
            if (e.puzzle[cell] != '.') continue;
            const int digit = e.solution[cell] - '0';
            ASSERT_EQ(SolveFast9Excluding(e.puzzle.c_str(), cell, digit, 2, nullptr), 0)
                << e.puzzle;
            ASSERT_EQ(SolveFast9Excluding(e.puzzle.c_str(), cell, digit % 9 + 1, 2, nullptr), 1);
        }
    }
}

TEST(SolveFast9, CheckRemovalAgreesWithCountingAndPropagation) {
    int outcomes[3] = {};
    for (const auto& e : LoadCorpus()) {
        if (e.count != 1) continue;
        for (int cell = 0; cell < 81; ++cell) {
            if (e.puzzle[cell] == '.') continue;
            std::string fewer = e.puzzle;
            fewer[cell] = '.';
            std::array<std::uint16_t, 81> left{}, expected{};
            const RemovalCheck9 check =
                CheckRemoval9(fewer.c_str(), cell, e.puzzle[cell] - '0', left.data());
            const bool filled = SolvedByPropagation9(fewer.c_str(), expected.data());
            const int count = SolveFast9(fewer.c_str(), 2, nullptr, nullptr);
            ++outcomes[static_cast<int>(check)];
            EXPECT_EQ(check == RemovalCheck9::Filled, filled) << fewer;
            EXPECT_EQ(check == RemovalCheck9::OtherSolution, count == 2) << fewer;
            if (check == RemovalCheck9::OnlySolution) {
                EXPECT_EQ(left, expected) << fewer;
            }
        }
    }
    for (int outcome : outcomes)
        EXPECT_GT(outcome, 0);
}

// Where each digit may go in a puzzle, as the generator hands its clues to the fast solver: a
// clue's cell holds its own digit, an empty cell every digit no peer clue holds.
std::array<CellSet9, 9> PlacesOf(const std::string& puzzle) {
    std::array<CellSet9, 9> places{};
    for (int cell = 0; cell < 81; ++cell)
        for (int digit = 1; digit <= 9; ++digit) {
            bool allowed = puzzle[cell] == '0' + digit;
            for (int other = 0; other < 81 && puzzle[cell] == '.'; ++other) {
                const bool peer = other / 9 == cell / 9 || other % 9 == cell % 9 ||
                                  (other / 27 == cell / 27 && other % 9 / 3 == cell % 9 / 3);
                allowed = !(peer && puzzle[other] == '0' + digit);
                if (!allowed) break;
            }
            if (allowed) places[digit - 1].add(cell);
        }
    return places;
}

TEST(SolveFast9, TheClueSetsGiveWhatTheCharactersGive) {
    int checks = 0;
    for (const auto& e : LoadCorpus()) {
        if (e.count < 1) continue;
        const int cell = static_cast<int>(e.puzzle.find('.'));
        for (int digit = 1; digit <= 9; ++digit)
            EXPECT_EQ(SolveFast9Excluding(PlacesOf(e.puzzle), cell, digit, 100, nullptr),
                      SolveFast9Excluding(e.puzzle.c_str(), cell, digit, 100, nullptr))
                << e.puzzle << " digit " << digit;
        if (e.count != 1) continue;
        for (int clue = 0; clue < 81; ++clue) {
            if (e.puzzle[clue] == '.') continue;
            std::string fewer = e.puzzle;
            fewer[clue] = '.';
            const int digit = e.puzzle[clue] - '0';
            std::array<std::uint16_t, 81> fromSets{}, fromCharacters{};
            const RemovalCheck9 check =
                CheckRemoval9(PlacesOf(fewer), clue, digit, fromSets.data());
            ASSERT_EQ(check, CheckRemoval9(fewer.c_str(), clue, digit, fromCharacters.data()))
                << fewer;
            if (check == RemovalCheck9::OnlySolution) {
                EXPECT_EQ(fromSets, fromCharacters) << fewer;
            }
            ++checks;
        }
    }
    EXPECT_GT(checks, 1000);
}

// The corpus's puzzles with one solution and 300 generated from `seed` (not graded).
std::vector<std::string> UniquePuzzles(std::uint64_t seed) {
    std::vector<std::string> puzzles;
    for (const auto& e : LoadCorpus())
        if (e.count == 1) puzzles.push_back(e.puzzle);
    GeneratorOptions options;
    options.seed = seed;
    options.grade = false;
    Generator generator(options);
    for (int i = 0; i < 300; ++i)
        puzzles.push_back(generator.next().puzzle.toLine());
    return puzzles;
}

// The generator takes a true answer as proof that the puzzle is unique and that the logical
// solver fills it with techniques up to hidden triples (the hard level).
TEST(SolveFast9, PropagationSolvesOnlyWhatTheLogicalSolverSolvesByTriples) {
    const LogicalSolver upToTriples(LogicalOptions{Technique::HiddenTriple});
    const std::vector<std::string> puzzles = UniquePuzzles(5);
    int solved = 0;
    for (const std::string& puzzle : puzzles) {
        const bool byPropagation = SolvedByPropagation9(puzzle.c_str());
        if (!byPropagation) continue;
        ++solved;
        Board board(Geometry(3, 3));
        for (int cell = 0; cell < 81; ++cell)
            if (puzzle[cell] != '.') board.set(cell, puzzle[cell] - '0');
        EXPECT_TRUE(upToTriples.solve(board).solved) << puzzle;
    }
    EXPECT_GT(solved, 150);  // 198 of 385
    EXPECT_LT(solved, static_cast<int>(puzzles.size()));
}

// The generator's logical check after a removal starts from where propagation stalled and skips
// looking for locked candidates there (solver/Generator.cpp): the band and stack rules must have
// made every pointing and claiming step.
TEST(SolveFast9, PropagationLeavesNoLockedCandidates) {
    const std::vector<std::string> puzzles = UniquePuzzles(6);
    const Strategy* pointing = StrategyFor(Technique::LockedCandidatesPointing);
    const Strategy* claiming = StrategyFor(Technique::LockedCandidatesClaiming);
    int stalled = 0;
    for (const std::string& puzzle : puzzles) {
        std::array<std::uint16_t, 81> left{};
        if (SolvedByPropagation9(puzzle.c_str(), left.data())) continue;
        Board board(Geometry(3, 3));
        std::vector<Mask> candidates(left.begin(), left.end());
        for (int cell = 0; cell < 81; ++cell)
            if (std::has_single_bit(left[cell])) board.set(cell, std::countr_zero(left[cell]) + 1);
        const CandidateGrid grid(board, std::move(candidates));
        ++stalled;
        EXPECT_FALSE(pointing->find(grid).has_value()) << puzzle;
        EXPECT_FALSE(claiming->find(grid).has_value()) << puzzle;
    }
    EXPECT_GT(stalled, 100);
}

TEST(CountSolutions, NineByNineMatchesTheGenericSearch) {
    for (const auto& e : LoadCorpus()) {
        Board puzzle(Geometry(3, 3));
        for (int cell = 0; cell < 81; ++cell)
            if (e.puzzle[cell] != '.') puzzle.set(cell, e.puzzle[cell] - '0');
        const SolveResult fast = CountSolutions(puzzle, 2);
        const SolveResult generic = CountSolutionsGeneric(puzzle, 2);
        ASSERT_EQ(fast.count, generic.count) << e.puzzle;
        if (e.count == 1) {
            EXPECT_EQ(fast.solution, generic.solution) << e.puzzle;
            EXPECT_EQ(fast.solution.toLine(), e.solution);
            // Clues stay givens; the rest is marked as filled by the program.
            for (int cell = 0; cell < 81; ++cell)
                EXPECT_EQ(fast.solution.origin(cell),
                          puzzle.isEmpty(cell) ? CellOrigin::Filled : CellOrigin::Given);
        }
    }
}

// A valid grid of any shape: the shifted pattern, then rows shuffled inside bands, bands
// shuffled, the same for columns and stacks, and the digits relabelled.
Board RandomGrid(const Geometry& g, std::mt19937& rng) {
    const int n = g.size(), br = g.boxRows(), bc = g.boxCols();
    auto shuffled = [&](int k) {
        std::vector<int> v(k);
        for (int i = 0; i < k; ++i)
            v[i] = i;
        std::shuffle(v.begin(), v.end(), rng);
        return v;
    };
    const auto digits = shuffled(n), bands = shuffled(n / br), stacks = shuffled(n / bc);
    std::vector<int> rows(n), cols(n);
    for (int b = 0; b < n / br; ++b) {
        const auto inside = shuffled(br);
        for (int i = 0; i < br; ++i)
            rows[b * br + i] = bands[b] * br + inside[i];
    }
    for (int s = 0; s < n / bc; ++s) {
        const auto inside = shuffled(bc);
        for (int i = 0; i < bc; ++i)
            cols[s * bc + i] = stacks[s] * bc + inside[i];
    }
    Board grid(g);
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
            const int pr = rows[r], pc = cols[c];
            grid.set(g.cellAt(r, c), digits[(bc * (pr % br) + pr / br + pc) % n] + 1);
        }
    return grid;
}

Board Blanked(const Board& grid, double share, std::mt19937& rng) {
    Board puzzle = grid;
    std::bernoulli_distribution blank(share);
    for (int cell = 0; cell < grid.cellCount(); ++cell)
        if (blank(rng)) puzzle.clear(cell);
    return puzzle;
}

class EveryShape : public ::testing::TestWithParam<int> {
protected:
    Geometry g_ = *Geometry::ForSize(GetParam());
};

TEST_P(EveryShape, PatternGridIsValid) {
    std::mt19937 rng(GetParam());
    const Board grid = RandomGrid(g_, rng);
    EXPECT_TRUE(IsSolutionOf(grid, grid));
    const SolveResult r = CountSolutionsGeneric(grid, 2);
    EXPECT_EQ(r.count, 1);
    EXPECT_EQ(r.guesses, 0u);
}

TEST_P(EveryShape, SolvesBlankedGridsKeepingTheClues) {
    std::mt19937 rng(100 + GetParam());
    // Big grids near half blank are the hard region for any backtracker (like quasigroup
    // completion); newspaper-like puzzles of those sizes keep more clues.
    const double shares[] = {0.2, 0.35, GetParam() >= 16 ? 0.4 : 0.55};
    for (double share : shares)
        for (int round = 0; round < 3; ++round) {
            const Board grid = RandomGrid(g_, rng);
            const Board puzzle = Blanked(grid, share, rng);
            const SolveResult r = CountSolutions(puzzle, 2);
            ASSERT_GE(r.count, 1) << puzzle.toLine();
            EXPECT_TRUE(IsSolutionOf(puzzle, r.solution)) << puzzle.toLine();
            if (r.count == 1) {
                EXPECT_EQ(r.solution, grid) << puzzle.toLine();
            }
        }
}

TEST_P(EveryShape, OneMissingCellHasOneSolution) {
    std::mt19937 rng(200 + GetParam());
    const Board grid = RandomGrid(g_, rng);
    Board puzzle = grid;
    puzzle.clear(g_.cellCount() / 2);
    const SolveResult r = CountSolutions(puzzle, 2);
    EXPECT_EQ(r.count, 1);
    EXPECT_EQ(r.solution, grid);
}

// Two rows of one band and two columns of different stacks whose four cells hold a, b / b, a:
// blanking them leaves exactly two solutions (the swap), whatever the size.
TEST_P(EveryShape, SwappableRectangleHasTwoSolutions) {
    std::mt19937 rng(300 + GetParam());
    const Board grid = RandomGrid(g_, rng);
    const int n = g_.size();
    for (int r1 = 0; r1 < n; ++r1)
        for (int r2 = r1 + 1; r2 < n && r2 / g_.boxRows() == r1 / g_.boxRows(); ++r2)
            for (int c1 = 0; c1 < n; ++c1)
                for (int c2 = c1 + 1; c2 < n; ++c2) {
                    if (c1 / g_.boxCols() == c2 / g_.boxCols()) continue;
                    const int a = g_.cellAt(r1, c1), b = g_.cellAt(r1, c2);
                    const int c = g_.cellAt(r2, c1), d = g_.cellAt(r2, c2);
                    if (grid.value(a) != grid.value(d) || grid.value(b) != grid.value(c)) continue;
                    Board puzzle = grid;
                    for (int cell : {a, b, c, d})
                        puzzle.clear(cell);
                    const SolveResult two = CountSolutions(puzzle, 5);
                    EXPECT_EQ(two.count, 2);
                    EXPECT_TRUE(IsSolutionOf(puzzle, two.solution));
                    EXPECT_EQ(CountSolutions(puzzle, 1).count, 1);
                    return;
                }
    GTEST_SKIP() << "no swappable rectangle in this grid";
}

TEST_P(EveryShape, ClashingCluesHaveNoSolution) {
    Board puzzle(g_);
    puzzle.set(g_.cellAt(0, 0), 1);
    puzzle.set(g_.cellAt(0, g_.size() - 1), 1);
    EXPECT_EQ(CountSolutions(puzzle, 2).count, 0);
    Board column(g_);
    column.set(g_.cellAt(1, 0), 2);
    column.set(g_.cellAt(g_.size() - 1, 0), 2);
    EXPECT_EQ(CountSolutions(column, 2).count, 0);
}

TEST_P(EveryShape, EmptyGridHasManySolutions) {
    const Board empty(g_);
    const SolveResult r = CountSolutions(empty, 2);
    EXPECT_EQ(r.count, 2);
    EXPECT_TRUE(IsSolutionOf(empty, r.solution));
}

INSTANTIATE_TEST_SUITE_P(Sizes, EveryShape, ::testing::Values(4, 6, 8, 9, 12, 16, 25));

}  // namespace
}  // namespace sudoku
