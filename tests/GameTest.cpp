// The play history: clues, program-filled and person-entered digits kept apart, pencil marks
// part of the state, and undo/redo of every action restoring exactly the earlier grid.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "solver/Game.h"
#include "solver/TextFormat.h"
#include "solver/Validation.h"

namespace sudoku {
namespace {

// newspaper_train.txt, first puzzle: singles, then locked candidates, pairs and an X-Wing.
const char* const kPuzzle =
    "...7...8..9...31....68.5.7..2.6...49...2...5...8.4...7...9...3.37......61.5..4...";

Board ParseLine(const std::string& line) {
    ParsedPuzzle parsed = ParsePuzzle(line, TextFormat::Line);
    EXPECT_TRUE(parsed.ok()) << parsed.error.describe();
    return parsed.board;
}

int Cell(const Game& game, int row, int col) {
    return game.board().geometry().cellAt(row - 1, col - 1);
}

TEST(Game, StartsFromTheCluesAsGivens) {
    Board puzzle = ParseLine(kPuzzle);
    puzzle.set(0, 1, CellOrigin::Entered);  // whatever the origin, the starting digits are clues
    const Game game(puzzle);
    EXPECT_EQ(game.board().origin(0), CellOrigin::Given);
    EXPECT_EQ(game.board().toLine(CellOrigin::Given), game.board().toLine());
    EXPECT_EQ(game.grid(), CandidateGrid(game.board()));
    EXPECT_FALSE(game.canUndo());
    EXPECT_FALSE(game.canRedo());
}

TEST(Game, EnterAndEraseAreUndoable) {
    Game game(ParseLine(kPuzzle));
    const CandidateGrid start = game.grid();
    const int r2c4 = Cell(game, 2, 4);
    ASSERT_TRUE(game.grid().has(r2c4, 4));
    ASSERT_TRUE(game.enter(r2c4, 4));
    EXPECT_EQ(game.board().value(r2c4), 4);
    EXPECT_EQ(game.board().origin(r2c4), CellOrigin::Entered);
    for (int peer : game.board().geometry().peers(r2c4))
        EXPECT_FALSE(game.grid().has(peer, 4));
    const CandidateGrid entered = game.grid();

    ASSERT_TRUE(game.erase(r2c4));
    EXPECT_TRUE(game.board().isEmpty(r2c4));
    // Erasing gives the digit back to the pencil marks it came from: here, the starting grid.
    EXPECT_EQ(game.grid(), start);

    ASSERT_TRUE(game.undo());
    EXPECT_EQ(game.grid(), entered);
    ASSERT_TRUE(game.undo());
    EXPECT_EQ(game.grid(), start);
    EXPECT_FALSE(game.undo());
    ASSERT_TRUE(game.redo());
    EXPECT_EQ(game.grid(), entered);
    ASSERT_TRUE(game.redo());
    EXPECT_EQ(game.grid(), start);
    EXPECT_FALSE(game.redo());
}

TEST(Game, RefusesToOverwriteCluesOrBreakTheRules) {
    Game game(ParseLine(kPuzzle));
    const int clue = Cell(game, 1, 4);  // the 7 of the first row
    EXPECT_FALSE(game.enter(clue, 1));
    EXPECT_FALSE(game.erase(clue));
    EXPECT_FALSE(game.enter(Cell(game, 1, 1), 7));  // row 1 already has a 7
    EXPECT_FALSE(game.erase(Cell(game, 1, 1)));     // nothing to erase
    EXPECT_FALSE(game.canUndo());
    EXPECT_THROW(game.enter(81, 1), std::out_of_range);
    EXPECT_THROW(game.enter(0, 10), std::out_of_range);
}

TEST(Game, ReplacingAnEnteredDigitFreesTheOldOne) {
    Game game(ParseLine(kPuzzle));
    const int r1c1 = Cell(game, 1, 1);
    ASSERT_TRUE(game.enter(r1c1, 2));
    ASSERT_TRUE(game.enter(r1c1, 5));
    EXPECT_EQ(game.board().value(r1c1), 5);
    // 2 is possible again in the first row where the row, column and box allow it.
    EXPECT_TRUE(game.grid().has(Cell(game, 1, 3), 2));
    EXPECT_FALSE(game.grid().has(Cell(game, 1, 2), 5));
    game.undo();
    EXPECT_EQ(game.board().value(r1c1), 2);
}

TEST(Game, PencilMarksArePartOfTheState) {
    Game game(ParseLine(kPuzzle));
    const int r1c1 = Cell(game, 1, 1);
    const Mask before = game.grid().candidates(r1c1);
    const int digit = OnlyDigit(before);
    ASSERT_TRUE(game.eliminate(r1c1, digit));
    EXPECT_FALSE(game.grid().has(r1c1, digit));
    EXPECT_FALSE(game.eliminate(r1c1, digit));  // already gone
    ASSERT_TRUE(game.restore(r1c1, digit));
    EXPECT_EQ(game.grid().candidates(r1c1), before);
    EXPECT_FALSE(game.restore(r1c1, 7));  // row 1 has a 7: not a possible pencil mark
    game.undo();
    EXPECT_FALSE(game.grid().has(r1c1, digit));
    game.undo();
    EXPECT_EQ(game.grid().candidates(r1c1), before);
}

TEST(Game, AStepWithEliminationsIsUndoable) {
    Game game(ParseLine(kPuzzle));
    game.fillSingles();
    const CandidateGrid beforeStep = game.grid();
    auto step = game.hint();
    ASSERT_TRUE(step);
    ASSERT_FALSE(step->eliminations.empty()) << step->explanation;
    EXPECT_EQ(game.grid(), beforeStep);  // a hint alone changes nothing
    ASSERT_TRUE(game.apply(*step));
    for (const CellDigit& e : step->eliminations)
        EXPECT_FALSE(game.grid().has(e.cell, e.digit));
    EXPECT_FALSE(game.apply(*step));  // nothing left to change
    const CandidateGrid afterStep = game.grid();
    ASSERT_TRUE(game.undo());
    EXPECT_EQ(game.grid(), beforeStep);
    ASSERT_TRUE(game.redo());
    EXPECT_EQ(game.grid(), afterStep);
    EXPECT_EQ(game.history().back().description, step->explanation);
}

TEST(Game, RefusesAStaleHint) {
    Game game(ParseLine(kPuzzle));
    auto step = game.hint();
    ASSERT_TRUE(step && !step->placements.empty());
    const CellDigit p = step->placements.front();
    // The person first writes the same digit in a peer that still allows it.
    int peer = -1;
    for (int q : game.board().geometry().peers(p.cell))
        if (game.grid().has(q, p.digit)) peer = q;
    ASSERT_GE(peer, 0);
    ASSERT_TRUE(game.enter(peer, p.digit));
    const CandidateGrid before = game.grid();
    EXPECT_FALSE(game.apply(*step));
    EXPECT_EQ(game.grid(), before);
}

TEST(Game, FillSinglesIsOneAction) {
    Game game(ParseLine(kPuzzle));
    const CandidateGrid start = game.grid();
    const std::vector<Step> steps = game.fillSingles();
    ASSERT_FALSE(steps.empty());
    EXPECT_EQ(game.board().filledCount(), start.board().filledCount() + int(steps.size()));
    EXPECT_EQ(game.history().size(), 1u);
    EXPECT_TRUE(game.fillSingles().empty());  // none left: no new action
    EXPECT_EQ(game.history().size(), 1u);
    game.undo();
    EXPECT_EQ(game.grid(), start);
}

TEST(Game, PlayThroughThenUndoEverythingAndRedoEverything) {
    Game game(ParseLine(kPuzzle));
    std::vector<CandidateGrid> states = {game.grid()};
    // A person enters the first digit the hint places; the program does the rest.
    auto first = game.hint();
    ASSERT_TRUE(first && !first->placements.empty());
    const CellDigit entered = first->placements.front();
    ASSERT_TRUE(game.enter(entered.cell, entered.digit));
    states.push_back(game.grid());
    while (game.applyHint())
        states.push_back(game.grid());
    ASSERT_TRUE(game.isSolved());
    EXPECT_EQ(game.history().size(), states.size() - 1);

    const Board& solved = game.board();
    const Board puzzle = ParseLine(kPuzzle);
    for (int cell = 0; cell < solved.cellCount(); ++cell) {
        const CellOrigin expected = puzzle.value(cell)     ? CellOrigin::Given
                                    : cell == entered.cell ? CellOrigin::Entered
                                                           : CellOrigin::Filled;
        EXPECT_EQ(solved.origin(cell), expected) << cell;
    }

    for (std::size_t i = states.size() - 1; i > 0; --i) {
        ASSERT_TRUE(game.undo());
        EXPECT_EQ(game.grid(), states[i - 1]) << i;
    }
    EXPECT_FALSE(game.canUndo());
    for (std::size_t i = 1; i < states.size(); ++i) {
        ASSERT_TRUE(game.redo());
        EXPECT_EQ(game.grid(), states[i]) << i;
    }
    EXPECT_FALSE(game.canRedo());
}

TEST(Game, ANewActionAfterUndoDropsTheUndoneFuture) {
    Game game(ParseLine(kPuzzle));
    ASSERT_TRUE(game.applyHint());
    ASSERT_TRUE(game.applyHint());
    game.undo();
    EXPECT_TRUE(game.canRedo());
    ASSERT_TRUE(game.enter(Cell(game, 1, 1), 2));
    EXPECT_FALSE(game.canRedo());
    ASSERT_EQ(game.history().size(), 2u);
    EXPECT_EQ(game.history().back().kind, ActionKind::Enter);
    EXPECT_EQ(game.history().back().description, "Entered 2 in r1c1.");
}

// A digit the cell's units allow that is not the solution's: a mistake a person could make.
int WrongCandidate(const Game& game, int cell, const Board& solution) {
    for (int digit = 1; digit <= game.board().size(); ++digit)
        if (game.grid().has(cell, digit) && digit != solution.value(cell)) return digit;
    return 0;
}

TEST(Game, RevealWritesTheSolutionsDigitOverAWrongOne) {
    Game game(ParseLine(kPuzzle));
    const Board solution = *CheckAndSolve(game.grid()).solution;
    const int r1c1 = Cell(game, 1, 1);
    const int wrong = WrongCandidate(game, r1c1, solution);
    ASSERT_TRUE(game.enter(r1c1, wrong));
    ASSERT_TRUE(game.reveal(r1c1, solution));
    EXPECT_EQ(game.board().value(r1c1), solution.value(r1c1));
    EXPECT_EQ(game.board().origin(r1c1), CellOrigin::Filled);
    EXPECT_FALSE(game.reveal(r1c1, solution)) << "already right: no new action";
    EXPECT_FALSE(game.reveal(Cell(game, 1, 4), solution)) << "a clue";
    EXPECT_EQ(game.history().back().kind, ActionKind::Reveal);
    ASSERT_TRUE(game.undo());
    EXPECT_EQ(game.board().value(r1c1), wrong);
}

TEST(Game, CompleteIsOneActionThatKeepsRightEntries) {
    Game game(ParseLine(kPuzzle));
    const Board solution = *CheckAndSolve(game.grid()).solution;
    const int r1c1 = Cell(game, 1, 1), r1c2 = Cell(game, 1, 2);
    ASSERT_TRUE(game.enter(r1c1, solution.value(r1c1)));
    ASSERT_TRUE(game.enter(r1c2, WrongCandidate(game, r1c2, solution)));
    const CandidateGrid before = game.grid();
    ASSERT_TRUE(game.complete(solution));
    EXPECT_TRUE(game.isSolved());
    EXPECT_EQ(game.board().toLine(), solution.toLine());
    EXPECT_EQ(game.board().origin(r1c1), CellOrigin::Entered) << "a right entry stays the person's";
    EXPECT_EQ(game.board().origin(r1c2), CellOrigin::Filled) << "a wrong one is replaced";
    EXPECT_FALSE(game.complete(solution));
    EXPECT_EQ(game.history().size(), 3u);
    ASSERT_TRUE(game.undo());
    EXPECT_EQ(game.grid(), before);
}

}  // namespace
}  // namespace sudoku
