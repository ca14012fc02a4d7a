#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "solver/Backtracking.h"
#include "solver/TextFormat.h"
#include "solver/Validation.h"
#include "tests/PuzzleLists.h"

namespace sudoku {
namespace {

// The first newspaper puzzle:
//   ...7...8. / .9...31.. / ..68.5.7. / .2.6...49 / ...2...5. / ..8.4...7 / ...9...3. /
//   37......6 / 1.5..4...
Board Newspaper() {
    return ReadPuzzleList("newspaper_train.txt", 1).front();
}

Board FromLine(const std::string& line) {
    ParsedPuzzle p = ParsePuzzle(line, TextFormat::Line);
    EXPECT_TRUE(p.ok()) << p.error.describe();
    return p.board;
}

// The first cells of a one-line puzzle, the rest empty.
std::string Padded(std::string start, std::size_t cells) {
    start.resize(cells, '.');
    return start;
}

void ExpectOnly(const std::vector<Problem>& problems, ProblemKind kind, const std::string& message,
                const std::vector<int>& cells) {
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_EQ(problems[0].kind, kind);
    EXPECT_EQ(problems[0].message, message);
    EXPECT_EQ(problems[0].cells, cells);
}

TEST(Validation, KindIds) {
    EXPECT_EQ(ProblemKindId(ProblemKind::Duplicate), "duplicate");
    EXPECT_EQ(ProblemKindId(ProblemKind::NoCandidate), "no-candidate");
    EXPECT_EQ(ProblemKindId(ProblemKind::NoPlace), "no-place");
    EXPECT_EQ(ProblemKindId(ProblemKind::NoSolution), "no-solution");
    EXPECT_EQ(ProblemKindId(ProblemKind::MultipleSolutions), "multiple-solutions");
    EXPECT_EQ(ProblemKindId(ProblemKind::WrongEntry), "wrong-entry");
}

TEST(Validation, RealPuzzlesHaveNoProblem) {
    for (const Board& b : ReadPuzzleList("newspaper_train.txt", 63))
        EXPECT_TRUE(CheckPuzzle(b).empty()) << b.toLine();
    for (const Board& b : ReadPuzzleList("forum_hardest_1106.txt", 10))
        EXPECT_TRUE(CheckPuzzle(b).empty()) << b.toLine();
}

TEST(Validation, DuplicateInARowNamesBothCells) {
    Board b = Newspaper();
    b.set(0, 7);  // r1c1 = 7, with the 7 of r1c4
    const auto problems = CheckPuzzle(b);
    ExpectOnly(problems, ProblemKind::Duplicate, "Row 1 has two 7s: r1c1 and r1c4.", {0, 3});
    EXPECT_EQ(problems[0].unit, 0);
    EXPECT_EQ(problems[0].digit, 7);
}

TEST(Validation, DuplicateInAColumnAndInABox) {
    Board column = Newspaper();
    column.set(4 * 9 + 1, 9);  // r5c2 = 9, with the 9 of r2c2
    ExpectOnly(CheckPuzzle(column), ProblemKind::Duplicate, "Column 2 has two 9s: r2c2 and r5c2.",
               {10, 37});
    Board box = Newspaper();
    box.set(2, 9);  // r1c3 = 9, with the 9 of r2c2
    ExpectOnly(CheckPuzzle(box), ProblemKind::Duplicate, "Box 1 has two 9s: r1c3 and r2c2.",
               {2, 10});
}

TEST(Validation, ThreeOfADigitInOneRow) {
    Board b = FromLine(Padded("1.1.1", 36));  // 6x6
    const auto problems = FindDuplicates(b);
    ASSERT_FALSE(problems.empty());
    EXPECT_EQ(problems[0].message, "Row 1 has three 1s: r1c1, r1c3 and r1c5.");
    EXPECT_EQ(problems[0].cells, (std::vector<int>{0, 2, 4}));
}

TEST(Validation, DuplicateLettersInA16x16Grid) {
    Board b = FromLine(Padded("G..............G", 256));
    ExpectOnly(FindDuplicates(b), ProblemKind::Duplicate, "Row 1 has two Gs: r1c1 and r1c16.",
               {0, 15});
}

TEST(Validation, CellWithNoCandidateAndDigitWithNoPlace) {
    // Row 1 holds 1-8; the 9 of r2c9 leaves r1c9 nothing, and row 1 no place for its 9.
    Board b = FromLine(Padded("12345678.........9", 81));
    const auto problems = CheckPuzzle(b);
    ASSERT_EQ(problems.size(), 2u);
    EXPECT_EQ(problems[0].kind, ProblemKind::NoCandidate);
    EXPECT_EQ(problems[0].message, "r1c9 has no candidate left.");
    EXPECT_EQ(problems[0].cells, std::vector<int>{8});
    EXPECT_EQ(problems[1].kind, ProblemKind::NoPlace);
    EXPECT_EQ(problems[1].message, "Row 1 has no place left for 9: r1c9 cannot hold it.");
    EXPECT_EQ(problems[1].unit, 0);
    EXPECT_EQ(problems[1].digit, 9);
}

TEST(Validation, DigitWithNoPlaceWhileEveryCellHasCandidates) {
    // Row 1 misses 1, 2 and 3 in box 1, which already has its 1 in r2c1.
    Board b = FromLine(Padded("...4567891", 81));
    ExpectOnly(CheckPuzzle(b), ProblemKind::NoPlace,
               "Row 1 has no place left for 1: none of r1c1, r1c2 and r1c3 can hold it.",
               {0, 1, 2});
}

TEST(Validation, WrongClueThatBreaksNoRuleHasNoSolution) {
    // A unique puzzle plus a candidate that is not its solution's digit can have no solution.
    const Board puzzle = Newspaper();
    const Board solution = CountSolutions(puzzle).solution;
    const CandidateGrid grid(puzzle);
    int tried = 0;
    for (int cell = 0; cell < puzzle.cellCount() && tried < 3; ++cell) {
        if (!puzzle.isEmpty(cell)) continue;
        for (int digit : Digits(grid.candidates(cell) & ~DigitBit(solution.value(cell)))) {
            Board wrong = puzzle;
            wrong.set(cell, digit);
            if (!FindDeadEnds(CandidateGrid(wrong)).empty()) continue;
            ExpectOnly(CheckPuzzle(wrong), ProblemKind::NoSolution, "The puzzle has no solution.",
                       {});
            ++tried;
            break;
        }
    }
    EXPECT_EQ(tried, 3);
}

TEST(Validation, WrongDigitsAPersonEnteredAreNamed) {
    const Board puzzle = Newspaper();
    const Board solution = CountSolutions(puzzle).solution;
    Board board = puzzle;
    // A right entry, then a wrong one that breaks no rule at once.
    int right = 0;
    while (!puzzle.isEmpty(right))
        ++right;
    board.set(right, solution.value(right), CellOrigin::Entered);
    const CandidateGrid grid(board);
    for (int cell = right + 1; cell < board.cellCount(); ++cell) {
        if (!board.isEmpty(cell)) continue;
        const Mask wrongDigits = grid.candidates(cell) & ~DigitBit(solution.value(cell));
        if (!wrongDigits) continue;
        Board wrong = board;
        wrong.set(cell, OnlyDigit(wrongDigits & -wrongDigits), CellOrigin::Entered);
        if (!FindDeadEnds(CandidateGrid(wrong)).empty()) continue;
        const auto problems = CheckPuzzle(wrong);
        ASSERT_EQ(problems.size(), 2u);
        EXPECT_EQ(problems[0].kind, ProblemKind::NoSolution);
        EXPECT_EQ(problems[1].kind, ProblemKind::WrongEntry);
        EXPECT_EQ(problems[1].cells, std::vector<int>{cell});
        EXPECT_EQ(problems[1].message, puzzle.geometry().cellName(cell) + " holds " +
                                           std::to_string(wrong.value(cell)) +
                                           ", but the solution of the clues has " +
                                           std::to_string(solution.value(cell)) + " there.");
        // The same digit typed as a clue is not a person's entry: no one to blame.
        Board asClue = wrong;
        asClue.set(cell, wrong.value(cell), CellOrigin::Given);
        EXPECT_EQ(CheckPuzzle(asClue).size(), 1u);
        return;
    }
    FAIL() << "no wrong entry without an immediate dead end";
}

TEST(Validation, MinimalPuzzleWithoutAClueHasTwoSolutionsNamed) {
    // 17-clue puzzles are minimal: without any one clue they have more than one solution.
    Board b = ReadPuzzleList("all_17_clue.txt", 1).front();
    int removed = 0;
    while (b.isEmpty(removed))
        ++removed;
    b.clear(removed);
    const auto problems = CheckPuzzle(b);
    ASSERT_EQ(problems.size(), 1u);
    const Problem& p = problems[0];
    EXPECT_EQ(p.kind, ProblemKind::MultipleSolutions);
    // Read back "... solution: rXcY can be A or B (N cells differ)." (sscanf: std::regex trips
    // GCC 12's -Wmaybe-uninitialized under the sanitizers).
    int row = 0, col = 0, first = 0, second = 0, differ = 0;
    ASSERT_EQ(std::sscanf(p.message.c_str(),
                          "The puzzle has more than one solution: r%dc%d can be %d or %d (%d cells "
                          "differ).",
                          &row, &col, &first, &second, &differ),
              5)
        << p.message;
    ASSERT_FALSE(p.cells.empty());
    EXPECT_EQ(b.geometry().cellAt(row - 1, col - 1), p.cells[0]);
    EXPECT_EQ(differ, static_cast<int>(p.cells.size()));
    EXPECT_NE(first, second);
    // Both digits named for that cell lead to a solution.
    for (int digit : {first, second}) {
        Board with = b;
        with.set(p.cells[0], digit);
        EXPECT_GE(CountSolutions(with, 1).count, 1) << digit;
    }
}

TEST(Validation, PencilMarksThatLostTheSolutionsDigit) {
    const Board puzzle = Newspaper();
    const Board solution = CountSolutions(puzzle).solution;
    CandidateGrid grid(puzzle);
    int cell = 0;
    while (!puzzle.isEmpty(cell) || CountDigits(grid.candidates(cell)) < 2)
        ++cell;
    grid.eliminate(cell, solution.value(cell));
    ParsedPuzzle marks = ParsePuzzle(FormatPencilMarks(grid));
    ASSERT_TRUE(marks.ok()) << marks.error.describe();
    const std::string name = puzzle.geometry().cellName(cell);
    ExpectOnly(CheckPuzzle(marks.candidateGrid()), ProblemKind::NoSolution,
               name + " lost its candidate " + std::to_string(solution.value(cell)) +
                   ", which the only solution of the clues needs.",
               {cell});
    const Verdict verdict = CheckAndSolve(CandidateGrid(puzzle));
    EXPECT_TRUE(verdict.problems.empty());
    ASSERT_TRUE(verdict.solution.has_value());
    EXPECT_EQ(verdict.solution->toLine(), solution.toLine());
}

}  // namespace
}  // namespace sudoku
