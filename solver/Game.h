#pragma once
// The play history of one puzzle: the clues, the digits the program filled and the digits a
// person entered (kept apart by CellOrigin), the pencil marks, and undo/redo of every action.
//
// Every action records the whole candidate grid it produced, so undo restores pencil marks
// (eliminations of a step included) exactly, whatever the action was. A grid is a few hundred
// bytes, so a long game costs little.

#include <optional>
#include <string>
#include <vector>

#include "solver/LogicalSolver.h"

namespace sudoku {

enum class ActionKind {
    Enter,
    Erase,
    Eliminate,
    Restore,
    ApplyStep,
    FillSingles,
    Reveal,
    Complete
};

struct GameAction {
    ActionKind kind = ActionKind::Enter;
    std::string description;  // "Entered 5 in r3c4.", or the step's explanation
};

class Game {
public:
    // Every digit of the puzzle becomes a clue (CellOrigin::Given), whatever its origin was.
    explicit Game(const Board& puzzle, LogicalOptions options = {});
    // Starts from a pencil-mark grid: its digits are kept with their origins.
    explicit Game(CandidateGrid grid, LogicalOptions options = {});

    const CandidateGrid& grid() const { return states_[current_]; }
    const Board& board() const { return grid().board(); }
    bool isSolved() const { return grid().isSolved(); }

    // A person writes a digit in an empty cell, or replaces a digit they (or the program) wrote.
    // Refused (false, nothing changes) on a clue or when a peer already holds the digit.
    // Throws std::out_of_range for a cell or digit outside the grid.
    bool enter(int cell, int digit);
    // Removes a digit that is not a clue; the cell's candidates are recomputed from its units and
    // the digit returns to the pencil marks of peers that allow it again.
    bool erase(int cell);
    // Pencil marks: removes a candidate from an empty cell / puts back one its units allow.
    bool eliminate(int cell, int digit);
    bool restore(int cell, int digit);

    // The simplest step from here (not applied); empty when solved or stuck.
    std::optional<Step> hint() const;
    // Applies a step (from hint() or elsewhere); false, changing nothing, when it changes nothing
    // here or places a digit that is not a candidate of its cell (a stale hint).
    bool apply(const Step& step);
    // Finds and applies the next step; returns it, or nothing when solved or stuck.
    std::optional<Step> applyHint();
    // Places every naked and hidden single in turn as ONE undoable action; returns the steps.
    std::vector<Step> fillSingles();

    // The program writes the solution's digit in one cell (CellOrigin::Filled), replacing a wrong
    // digit there; false on a clue or a cell that already holds it. `solution` is the puzzle's
    // solution (the game does not solve: the caller knows whether the clues have one).
    bool reveal(int cell, const Board& solution);
    // Every cell that is empty or differs from the solution gets the solution's digit
    // (CellOrigin::Filled), as ONE undoable action; false when nothing changes.
    bool complete(const Board& solution);

    bool canUndo() const { return current_ > 0; }
    bool canRedo() const { return current_ + 1 < states_.size(); }
    // Each returns false when there is nothing to undo / redo.
    bool undo();
    bool redo();
    // The actions that led to the current state, oldest first (undone ones excluded).
    std::vector<GameAction> history() const;

private:
    void record(CandidateGrid next, ActionKind kind, std::string description);
    void checkCell(int cell) const;

    LogicalSolver solver_;
    // states_[0] is the start; actions_[i] led from states_[i] to states_[i + 1].
    std::vector<CandidateGrid> states_;
    std::vector<GameAction> actions_;
    std::size_t current_ = 0;
};

}  // namespace sudoku
