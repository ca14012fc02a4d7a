#pragma once
// A Sudoku board: the digit in each cell and where it came from (a printed clue, a digit the
// program filled, or one a person entered), plus the candidate grid the logical solver works on.

#include <cstdint>
#include <string>
#include <vector>

#include "solver/Geometry.h"

namespace sudoku {

enum class CellOrigin : std::uint8_t {
    Empty,
    Given,    // a clue of the puzzle (printed in the newspaper)
    Filled,   // placed by the program
    Entered,  // written in by a person (hand-written in a photo, or typed)
};

class Board {
public:
    explicit Board(Geometry geometry);
    Board() : Board(Geometry(3, 3)) {}

    const Geometry& geometry() const { return geometry_; }
    // The same digits on another geometry of the same size (a jigsaw's regions, the diagonals);
    // the digits are not checked against its units. Throws std::invalid_argument for a size
    // that differs.
    Board withGeometry(Geometry geometry) const;
    int size() const { return geometry_.size(); }
    int cellCount() const { return geometry_.cellCount(); }

    int value(int cell) const { return values_[cell]; }
    CellOrigin origin(int cell) const { return origins_[cell]; }
    bool isEmpty(int cell) const { return values_[cell] == 0; }
    // Throws std::out_of_range for a cell or digit outside the grid.
    void set(int cell, int digit, CellOrigin origin = CellOrigin::Given);
    void clear(int cell);

    int filledCount() const;
    bool isComplete() const { return filledCount() == cellCount(); }
    // The digits still missing from a unit.
    Mask missingIn(int unit) const;
    // The digits a cell may hold given its row, column and box (the AND of what each unit still
    // misses); empty mask for a filled cell.
    Mask allowed(int cell) const;

    // The one-line form: one character per cell, '.' for empty, 1-9 then A.. beyond 9.
    std::string toLine() const;
    // Only the cells of one origin, '.' elsewhere.
    std::string toLine(CellOrigin only) const;

    bool operator==(const Board& other) const {
        return geometry_ == other.geometry_ && values_ == other.values_;
    }

private:
    Geometry geometry_;
    std::vector<std::uint8_t> values_;
    std::vector<CellOrigin> origins_;
};

// A digit in a cell: a placement, an elimination or a candidate that proves a step.
struct CellDigit {
    int cell = 0;
    int digit = 0;
    bool operator==(const CellDigit&) const = default;
    auto operator<=>(const CellDigit&) const = default;
};

// The board plus the candidates still open in each empty cell: the state human-style techniques
// reason about. Eliminations persist here, which the board alone cannot express.
class CandidateGrid {
public:
    // Candidates of every empty cell from its row, column and box.
    explicit CandidateGrid(const Board& board);
    // Candidates given explicitly (a pencil-mark grid); filled cells ignore theirs.
    CandidateGrid(const Board& board, std::vector<Mask> candidates);

    const Board& board() const { return board_; }
    const Geometry& geometry() const { return board_.geometry(); }
    int size() const { return board_.size(); }
    int value(int cell) const { return board_.value(cell); }
    Mask candidates(int cell) const { return candidates_[cell]; }
    // Every cell's candidates, row-major (none for a filled cell).
    std::span<const Mask> allCandidates() const { return candidates_; }
    bool has(int cell, int digit) const { return (candidates_[cell] & DigitBit(digit)) != 0; }

    // Places a digit and removes it from the candidates of every peer.
    void place(int cell, int digit, CellOrigin origin = CellOrigin::Filled);
    // Removes a candidate; returns whether it was there.
    bool eliminate(int cell, int digit);
    bool eliminate(const CellDigit& cd) { return eliminate(cd.cell, cd.digit); }

    // The cells of a unit that still have a digit as a candidate, as a list.
    std::vector<int> placesFor(int unit, int digit) const;
    // True when some empty cell has no candidate left or some digit missing from a unit has no
    // place left in it: the grid cannot be completed.
    bool isBroken() const;
    bool isSolved() const { return board_.isComplete(); }

    bool operator==(const CandidateGrid& o) const {
        return board_ == o.board_ && candidates_ == o.candidates_;
    }

private:
    Board board_;
    std::vector<Mask> candidates_;
};

}  // namespace sudoku
