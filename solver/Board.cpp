#include "solver/Board.h"

#include <stdexcept>

namespace sudoku {

Board::Board(Geometry geometry)
    : geometry_(std::move(geometry)),
      values_(geometry_.cellCount(), 0),
      origins_(geometry_.cellCount(), CellOrigin::Empty) {}

void Board::set(int cell, int digit, CellOrigin origin) {
    if (cell < 0 || cell >= cellCount()) throw std::out_of_range("cell outside the grid");
    if (digit < 0 || digit > size()) throw std::out_of_range("digit outside the grid's range");
    values_[cell] = static_cast<std::uint8_t>(digit);
    origins_[cell] = digit == 0 ? CellOrigin::Empty : origin;
}

void Board::clear(int cell) {
    set(cell, 0, CellOrigin::Empty);
}

Board Board::withGeometry(Geometry geometry) const {
    if (geometry.size() != size())
        throw std::invalid_argument("a board keeps its size when its geometry changes");
    Board board(std::move(geometry));
    board.values_ = values_;
    board.origins_ = origins_;
    return board;
}

int Board::filledCount() const {
    int count = 0;
    for (auto v : values_)
        count += v != 0;
    return count;
}

Mask Board::missingIn(int unit) const {
    Mask present = 0;
    for (int cell : geometry_.unitCells(unit))
        if (values_[cell]) present |= DigitBit(values_[cell]);
    return geometry_.allDigits() & ~present;
}

Mask Board::allowed(int cell) const {
    if (values_[cell]) return 0;
    Mask mask = geometry_.allDigits();
    for (int unit : geometry_.unitsOf(cell))
        mask &= missingIn(unit);
    return mask;
}

std::string Board::toLine() const {
    std::string line(cellCount(), '.');
    for (int cell = 0; cell < cellCount(); ++cell)
        line[cell] = Geometry::DigitChar(values_[cell]);
    return line;
}

std::string Board::toLine(CellOrigin only) const {
    std::string line(cellCount(), '.');
    for (int cell = 0; cell < cellCount(); ++cell)
        if (origins_[cell] == only) line[cell] = Geometry::DigitChar(values_[cell]);
    return line;
}

CandidateGrid::CandidateGrid(const Board& board) : board_(board), candidates_(board.cellCount()) {
    const Geometry& g = board.geometry();
    std::vector<Mask> missing(g.unitCount());
    for (int unit = 0; unit < g.unitCount(); ++unit)
        missing[unit] = board.missingIn(unit);
    for (int cell = 0; cell < g.cellCount(); ++cell) {
        if (board.value(cell)) continue;
        Mask mask = g.allDigits();
        for (int unit : g.unitsOf(cell))
            mask &= missing[unit];
        candidates_[cell] = mask;
    }
}

CandidateGrid::CandidateGrid(const Board& board, std::vector<Mask> candidates)
    : board_(board), candidates_(std::move(candidates)) {
    if (static_cast<int>(candidates_.size()) != board.cellCount())
        throw std::invalid_argument("one candidate set per cell expected");
    for (int cell = 0; cell < board.cellCount(); ++cell) {
        if (board.value(cell)) candidates_[cell] = 0;
        candidates_[cell] &= board.geometry().allDigits();
    }
}

void CandidateGrid::place(int cell, int digit, CellOrigin origin) {
    board_.set(cell, digit, origin);
    candidates_[cell] = 0;
    const Mask bit = DigitBit(digit);
    for (int peer : geometry().peers(cell))
        candidates_[peer] &= ~bit;
}

bool CandidateGrid::eliminate(int cell, int digit) {
    const Mask bit = DigitBit(digit);
    const bool had = (candidates_[cell] & bit) != 0;
    candidates_[cell] &= ~bit;
    return had;
}

std::vector<int> CandidateGrid::placesFor(int unit, int digit) const {
    std::vector<int> places;
    for (int cell : geometry().unitCells(unit))
        if (has(cell, digit)) places.push_back(cell);
    return places;
}

bool CandidateGrid::isBroken() const {
    const Geometry& g = geometry();
    for (int cell = 0; cell < g.cellCount(); ++cell)
        if (!board_.value(cell) && !candidates_[cell]) return true;
    for (int unit = 0; unit < g.unitCount(); ++unit) {
        Mask open = 0;
        for (int cell : g.unitCells(unit))
            open |= candidates_[cell];
        if ((board_.missingIn(unit) & ~open) != 0) return true;
    }
    return false;
}

}  // namespace sudoku
