#include "solver/Game.h"

#include <stdexcept>

namespace sudoku {
namespace {

Board AsClues(const Board& puzzle) {
    Board clues(puzzle.geometry());
    for (int cell = 0; cell < puzzle.cellCount(); ++cell)
        if (puzzle.value(cell)) clues.set(cell, puzzle.value(cell), CellOrigin::Given);
    return clues;
}

// The grid with one digit taken out. The cell's candidates come back from its units, and the
// digit returns to the peers that allow it again: their pencil marks stay otherwise untouched.
CandidateGrid WithErased(const CandidateGrid& grid, int cell) {
    const int digit = grid.value(cell);
    Board board = grid.board();
    board.clear(cell);
    const Geometry& g = board.geometry();
    std::vector<Mask> candidates(static_cast<std::size_t>(g.cellCount()));
    for (int c = 0; c < g.cellCount(); ++c)
        candidates[c] = grid.candidates(c);
    candidates[cell] = board.allowed(cell);
    for (int peer : g.peers(cell))
        if (!board.value(peer)) candidates[peer] |= board.allowed(peer) & DigitBit(digit);
    return CandidateGrid(board, std::move(candidates));
}

std::string Describe(const char* verb, int digit, const char* preposition, const Geometry& g,
                     int cell) {
    std::string text = verb;
    text += ' ';
    text += Geometry::DigitChar(digit);
    text += ' ';
    text += preposition;
    text += ' ';
    text += g.cellName(cell);
    text += '.';
    return text;
}

}  // namespace

Game::Game(const Board& puzzle, LogicalOptions options)
    : Game(CandidateGrid(AsClues(puzzle)), options) {}

Game::Game(CandidateGrid grid, LogicalOptions options) : solver_(options) {
    states_.push_back(std::move(grid));
}

void Game::checkCell(int cell) const {
    if (cell < 0 || cell >= board().cellCount()) throw std::out_of_range("cell outside the grid");
}

void Game::record(CandidateGrid next, ActionKind kind, std::string description) {
    // A new action after some undos drops the undone future, as every editor does.
    const auto keep = static_cast<std::ptrdiff_t>(current_);
    states_.erase(states_.begin() + keep + 1, states_.end());
    actions_.erase(actions_.begin() + keep, actions_.end());
    states_.push_back(std::move(next));
    actions_.push_back({kind, std::move(description)});
    ++current_;
}

bool Game::enter(int cell, int digit) {
    checkCell(cell);
    if (digit < 1 || digit > board().size()) throw std::out_of_range("digit outside the grid");
    if (board().origin(cell) == CellOrigin::Given || board().value(cell) == digit) return false;
    const Geometry& g = board().geometry();
    for (int peer : g.peers(cell))
        if (board().value(peer) == digit) return false;
    CandidateGrid next = board().value(cell) ? WithErased(grid(), cell) : grid();
    next.place(cell, digit, CellOrigin::Entered);
    record(std::move(next), ActionKind::Enter, Describe("Entered", digit, "in", g, cell));
    return true;
}

bool Game::erase(int cell) {
    checkCell(cell);
    const int digit = board().value(cell);
    if (digit == 0 || board().origin(cell) == CellOrigin::Given) return false;
    record(WithErased(grid(), cell), ActionKind::Erase,
           Describe("Erased", digit, "from", board().geometry(), cell));
    return true;
}

bool Game::eliminate(int cell, int digit) {
    checkCell(cell);
    if (digit < 1 || digit > board().size() || !grid().has(cell, digit)) return false;
    CandidateGrid next = grid();
    next.eliminate(cell, digit);
    record(std::move(next), ActionKind::Eliminate,
           Describe("Removed pencil mark", digit, "from", board().geometry(), cell));
    return true;
}

bool Game::restore(int cell, int digit) {
    checkCell(cell);
    if (digit < 1 || digit > board().size() || grid().has(cell, digit)) return false;
    if (!(board().allowed(cell) & DigitBit(digit))) return false;
    const Geometry& g = board().geometry();
    std::vector<Mask> candidates(static_cast<std::size_t>(g.cellCount()));
    for (int c = 0; c < g.cellCount(); ++c)
        candidates[c] = grid().candidates(c);
    candidates[cell] |= DigitBit(digit);
    record(CandidateGrid(board(), std::move(candidates)), ActionKind::Restore,
           Describe("Restored pencil mark", digit, "in", g, cell));
    return true;
}

std::optional<Step> Game::hint() const {
    return solver_.nextStep(grid());
}

bool Game::apply(const Step& step) {
    // A step found on another grid (a stale hint) may place a digit that no longer fits here.
    for (const CellDigit& p : step.placements)
        if (p.cell < 0 || p.cell >= board().cellCount() || !grid().has(p.cell, p.digit))
            return false;
    CandidateGrid next = grid();
    ApplyStep(next, step);
    if (next == grid()) return false;
    record(std::move(next), ActionKind::ApplyStep, step.explanation);
    return true;
}

std::optional<Step> Game::applyHint() {
    auto step = hint();
    if (step && !apply(*step)) return std::nullopt;
    return step;
}

std::vector<Step> Game::fillSingles() {
    CandidateGrid next = grid();
    std::vector<Step> steps = solver_.fillSingles(next);
    if (!steps.empty()) {
        record(std::move(next), ActionKind::FillSingles,
               "Filled " + std::to_string(steps.size()) + " singles.");
    }
    return steps;
}

bool Game::reveal(int cell, const Board& solution) {
    checkCell(cell);
    const int digit = solution.value(cell);
    if (board().origin(cell) == CellOrigin::Given || digit == 0 || board().value(cell) == digit)
        return false;
    CandidateGrid next = board().value(cell) ? WithErased(grid(), cell) : grid();
    next.place(cell, digit, CellOrigin::Filled);
    record(std::move(next), ActionKind::Reveal,
           Describe("Revealed", digit, "in", board().geometry(), cell));
    return true;
}

bool Game::complete(const Board& solution) {
    CandidateGrid next = grid();
    int changed = 0;
    for (int cell = 0; cell < board().cellCount(); ++cell) {
        const int digit = solution.value(cell);
        if (digit == 0 || next.value(cell) == digit || board().origin(cell) == CellOrigin::Given)
            continue;
        if (next.value(cell)) next = WithErased(next, cell);
        next.place(cell, digit, CellOrigin::Filled);
        ++changed;
    }
    if (changed == 0) return false;
    record(std::move(next), ActionKind::Complete,
           "Solved: filled " + std::to_string(changed) + " cells.");
    return true;
}

bool Game::undo() {
    if (!canUndo()) return false;
    --current_;
    return true;
}

bool Game::redo() {
    if (!canRedo()) return false;
    ++current_;
    return true;
}

std::vector<GameAction> Game::history() const {
    return {actions_.begin(), actions_.begin() + static_cast<std::ptrdiff_t>(current_)};
}

}  // namespace sudoku
