// SolvedWithinXWing9, the generator's answer to "does the logical solver bounded at hard solve
// this?", against the logical solver itself: on every grid below both must say the same, from the
// clues and from where the fast solver's propagation stalls (what the generator hands it). The
// grids are chosen so that both answers occur often, or the test could not fail.

#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "solver/FastSolver9.h"
#include "solver/Generator.h"
#include "solver/LogicalSolver.h"
#include "solver/RuleFixpoint9.h"
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

struct Tally {
    int solved = 0;  // by the rules up to X-Wing
    int stuck = 0;
    int bySingles = 0;
};

// Asks both on the puzzle's clues and on its propagated candidates.
void Compare(const Board& puzzle, Tally& tally) {
    const LogicalSolver bounded(LogicalOptions{Technique::XWing});
    const CandidateGrid clues(puzzle);
    const bool expected = bounded.outline(clues).solved;
    EXPECT_EQ(SolvedWithinXWing9(CellDigits(clues)), expected) << puzzle.toLine();
    ++(expected ? tally.solved : tally.stuck);
    tally.bySingles += LogicalSolver(LogicalOptions{Technique::HiddenSingle}).outline(clues).solved;

    const std::string line = puzzle.toLine();
    std::array<std::uint16_t, 81> left{};
    SolvedByPropagation9(line.c_str(), left.data());
    EXPECT_EQ(SolvedWithinXWing9(left), bounded.outline(GridOf(puzzle, left)).solved) << line;
}

std::vector<Board> Generated(GeneratorOptions options, int count) {
    options.seed = 11;
    Generator generator(options);
    std::vector<Board> boards;
    for (int i = 0; i < count; ++i)
        boards.push_back(generator.next().puzzle);
    return boards;
}

TEST(RuleFixpoint, AgreesWithTheBoundedLogicalSolverOnPuzzleLists) {
    Tally tally;
    for (const char* list : {"newspaper_train.txt", "magictour_top1465.txt", "all_17_clue.txt"})
        for (const Board& puzzle : ReadPuzzleList(list, 1000))
            Compare(puzzle, tally);
    // Newspaper puzzles mostly fall to these rules, the lists' hard ones mostly do not.
    std::printf("solved %d (by singles %d), stuck %d\n", tally.solved, tally.bySingles,
                tally.stuck);
    EXPECT_GE(tally.bySingles, 100);
    EXPECT_GE(tally.solved - tally.bySingles, 300);
    EXPECT_GE(tally.solved, 1000);
    EXPECT_GE(tally.stuck, 700);
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
    std::printf("solved %d (by singles %d), stuck %d\n", tally.solved, tally.bySingles,
                tally.stuck);
    EXPECT_GE(tally.bySingles, 60);
    EXPECT_GE(tally.solved, 250);
    EXPECT_GE(tally.stuck, 140);
}

// A grid the rules contradict is not solved: two cells of a row that can only hold 5.
TEST(RuleFixpoint, AContradictionIsNotSolved) {
    std::array<std::uint16_t, 81> digits{};
    digits.fill(0x1FF);
    digits[0] = digits[1] = 1u << 4;
    EXPECT_FALSE(SolvedWithinXWing9(digits));
}

}  // namespace
}  // namespace sudoku
