#pragma once
// The shape of a Sudoku grid: its size, the rectangle of its boxes, and the units (rows, columns,
// boxes) and peers of every cell, computed once per shape and shared by every board of that shape.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace sudoku {

// A set of digits: bit d-1 is set when digit d is in the set. 32 bits hold up to 25x25 grids.
using Mask = std::uint32_t;

inline constexpr int kMaxSize = 25;

constexpr Mask DigitBit(int digit) {
    return Mask{1} << (digit - 1);
}

class Geometry {
public:
    // Boxes of boxRows x boxCols cells; the grid is (boxRows*boxCols) square.
    // Throws std::invalid_argument when the size is outside 1..25.
    Geometry(int boxRows, int boxCols);

    // The usual box shape for a grid size: 4 -> 2x2, 6 -> 2x3, 8 -> 2x4, 9 -> 3x3, 12 -> 3x4,
    // 16 -> 4x4, 25 -> 5x5; any other size with a factorisation gets the squarest one that is not
    // 1 x n. Empty when the size has no such rectangle (a prime, or above 25).
    static std::optional<Geometry> ForSize(int size);

    int size() const { return size_; }
    int cellCount() const { return size_ * size_; }
    int boxRows() const { return boxRows_; }
    int boxCols() const { return boxCols_; }
    Mask allDigits() const { return size_ >= 32 ? ~Mask{0} : (Mask{1} << size_) - 1; }

    int row(int cell) const { return cell / size_; }
    int col(int cell) const { return cell % size_; }
    int box(int cell) const { return tables_->boxOf[cell]; }
    int cellAt(int row, int col) const { return row * size_ + col; }

    // Units are numbered rows 0..n-1, columns n..2n-1, boxes 2n..3n-1.
    int unitCount() const { return 3 * size_; }
    int rowUnit(int row) const { return row; }
    int colUnit(int col) const { return size_ + col; }
    int boxUnit(int box) const { return 2 * size_ + box; }
    std::span<const int> unitCells(int unit) const;
    // The row, column and box unit of a cell, in that order.
    std::span<const int> unitsOf(int cell) const;
    // Every other cell that shares a unit with this one (each once).
    std::span<const int> peers(int cell) const;
    bool sees(int a, int b) const;

    // "r5c2" (1-based), the notation human-style solvers use.
    std::string cellName(int cell) const;
    // "row 5", "column 3", "box 4".
    std::string unitName(int unit) const;
    // The text of a digit: 1-9, then A, B, C ... for 10 and above.
    static char DigitChar(int digit);
    // The digit a character stands for (1-9, A-Z or a-z from 10), or 0 when it is not a digit.
    static int DigitFromChar(char c);

    bool operator==(const Geometry& other) const {
        return boxRows_ == other.boxRows_ && boxCols_ == other.boxCols_;
    }

private:
    struct Tables {
        std::vector<int> boxOf;
        std::vector<int> unitCells;            // unitCount * size
        std::vector<int> cellUnits;            // cellCount * 3
        std::vector<int> peerCells;            // cellCount * peerCount
        std::vector<std::uint8_t> seesMatrix;  // cellCount * cellCount
        int peerCount = 0;
    };
    static std::shared_ptr<const Tables> BuildTables(int boxRows, int boxCols);

    int boxRows_;
    int boxCols_;
    int size_;
    std::shared_ptr<const Tables> tables_;
};

// Iterate the digits of a mask: for (int d : Digits(mask)).
class Digits {
public:
    explicit Digits(Mask mask) : mask_(mask) {}
    class Iterator {
    public:
        explicit Iterator(Mask m) : m_(m) {}
        int operator*() const { return __builtin_ctz(m_) + 1; }
        Iterator& operator++() {
            m_ &= m_ - 1;
            return *this;
        }
        bool operator!=(const Iterator& o) const { return m_ != o.m_; }

    private:
        Mask m_;
    };
    Iterator begin() const { return Iterator(mask_); }
    Iterator end() const { return Iterator(0); }

private:
    Mask mask_;
};

inline int CountDigits(Mask mask) {
    return __builtin_popcount(mask);
}
// The digit of a single-digit mask.
inline int OnlyDigit(Mask mask) {
    return __builtin_ctz(mask) + 1;
}

}  // namespace sudoku
