// SolvedWithinLevel9, the generator's answer to "does the logical solver bounded at this level
// solve this?", against the logical solver itself: on every grid below, at easy, medium and hard,
// both must say the same, from the clues and from where the fast solver's propagation stalls (what
// the generator hands it at hard). The grids are chosen so that both answers occur often at each
// level, or the test could not fail.

#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "solver/FastSolver9.h"
#include "solver/Generator.h"
#include "solver/LogicalSolver.h"
#include "solver/RuleFixpoint9.h"
#include "solver/techniques/BasicSupport.h"
#include "tests/PuzzleLists.h"

namespace sudoku {
namespace {

// A filled cell as its one digit, an open one as its candidates.
std::array<std::uint16_t, 81> CellDigits(const CandidateGrid& grid) {
    std::array<std::uint16_t, 81> digits{};
    for (int cell = 0; cell < 81; ++cell)
        digits[cell] = static_cast<std::uint16_t>(grid.value(cell) ? DigitBit(grid.value(cell))
                                                                   : grid.candidates(cell));
    return digits;
}

CandidateGrid GridOf(const Board& puzzle, const std::array<std::uint16_t, 81>& digits) {
    Board board = puzzle;
    for (int cell = 0; cell < 81; ++cell)
        if (!board.value(cell) && std::has_single_bit(digits[cell]))
            board.set(cell, std::countr_zero(digits[cell]) + 1, CellOrigin::Filled);
    return CandidateGrid(board, std::vector<Mask>(digits.begin(), digits.end()));
}

constexpr std::array<Difficulty, 3> kLevels = {Difficulty::Easy, Difficulty::Medium,
                                               Difficulty::Hard};

// How often each level's rules solved the clues, and did not.
struct Tally {
    std::array<int, 3> solved{};
    std::array<int, 3> stuck{};

    // Prints the counts, and fails unless each is at least its minimum.
    void expectAtLeast(const std::array<int, 3>& solvedMinimum,
                       const std::array<int, 3>& stuckMinimum) const {
        for (std::size_t i = 0; i < kLevels.size(); ++i) {
            const std::string level(DifficultyName(kLevels[i]));
            std::printf("%s: solved %d, stuck %d\n", level.c_str(), solved[i], stuck[i]);
            EXPECT_GE(solved[i], solvedMinimum[i]) << level;
            EXPECT_GE(stuck[i], stuckMinimum[i]) << level;
        }
    }
};

// Asks both, at each level, on the puzzle's clues and on its propagated candidates.
void Compare(const Board& puzzle, Tally& tally) {
    const CandidateGrid clues(puzzle);
    const std::string line = puzzle.toLine();
    std::array<std::uint16_t, 81> left{};
    SolvedByPropagation9(line.c_str(), left.data());
    const CandidateGrid stalled = GridOf(puzzle, left);
    for (std::size_t i = 0; i < kLevels.size(); ++i) {
        const Difficulty level = kLevels[i];
        const LogicalSolver bounded(LogicalOptions{HardestUpTo(level)});
        const bool expected = bounded.outline(clues).solved;
        EXPECT_EQ(SolvedWithinLevel9(CellDigits(clues), level), expected)
            << DifficultyName(level) << " " << line;
        ++(expected ? tally.solved[i] : tally.stuck[i]);
        EXPECT_EQ(SolvedWithinLevel9(left, level), bounded.outline(stalled).solved)
            << DifficultyName(level) << " stalled " << line;
    }
}

std::vector<Board> Generated(GeneratorOptions options, int count) {
    options.seed = 11;
    return GeneratedPuzzles(options, count);
}

TEST(RuleFixpoint, AgreesWithTheBoundedLogicalSolverOnPuzzleLists) {
    Tally tally;
    for (const char* list : {"newspaper_train.txt", "magictour_top1465.txt", "all_17_clue.txt"})
        for (const Board& puzzle : ReadPuzzleList(list, 1000))
            Compare(puzzle, tally);
    // Newspaper puzzles mostly fall to these rules, the lists' hard ones mostly do not.
    tally.expectAtLeast({400, 1000, 1000}, {1300, 700, 700});
}

TEST(RuleFixpoint, AgreesWithTheBoundedLogicalSolverOnGeneratedPuzzles) {
    Tally tally;
    for (Difficulty level : {Difficulty::Medium, Difficulty::Hard, Difficulty::Expert}) {
        GeneratorOptions options;
        options.difficulty = level;
        for (const Board& puzzle : Generated(options, 60))
            Compare(puzzle, tally);
    }
    GeneratorOptions minimal;
    minimal.minimal = true;
    for (const Board& puzzle : Generated(minimal, 300))
        Compare(puzzle, tally);
    tally.expectAtLeast({100, 240, 250}, {280, 140, 140});
}

// The fixpoint's one walk over every subset size finds exactly what the logical solver's walk per
// size finds, on random sets of 2 to 9 masks of up to 9 bits (few bits, so tight subsets abound).
TEST(RuleFixpoint, TheOneWalkFindsWhatAWalkPerSizeFinds) {
    std::mt19937 random(5);
    int found = 0;
    for (int trial = 0; trial < 3000; ++trial) {
        const int n = 2 + static_cast<int>(random() % 8), most = 2 + static_cast<int>(random() % 3);
        std::array<Mask, 9> masks{};
        for (int i = 0; i < n; ++i)
            masks[i] = (random() & random() & 0x1FF) | Mask{1} << (random() % 9);
        std::set<std::pair<Mask, Mask>> perSize, oneWalk;  // (chosen, their union)
        for (int k = 2; k <= most; ++k)
            basic::ForEachTightSubset(masks.data(), n, k,
                                      [&](const std::array<int, 4>& chosen, Mask together) {
                                          Mask bits = 0;
                                          for (int j = 0; j < k; ++j)
                                              bits |= Mask{1} << chosen[j];
                                          perSize.insert({bits, together});
                                          return false;
                                      });
        basic::ForEachTightSubsetUpTo(masks.data(), n, most, [&](Mask chosen, Mask together) {
            oneWalk.insert({chosen, together});
            return false;
        });
        EXPECT_EQ(oneWalk, perSize) << "trial " << trial;
        found += static_cast<int>(perSize.size());
    }
    std::printf("tight subsets found: %d\n", found);
    EXPECT_GE(found, 1000);  // or the comparison says little
}

// A grid the rules contradict is not solved: two cells of a row that can only hold 5.
TEST(RuleFixpoint, AContradictionIsNotSolved) {
    std::array<std::uint16_t, 81> digits{};
    digits.fill(0x1FF);
    digits[0] = digits[1] = 1u << 4;
    for (Difficulty level : kLevels)
        EXPECT_FALSE(SolvedWithinLevel9(digits, level)) << DifficultyName(level);
}

}  // namespace
}  // namespace sudoku
