#pragma once
// The shape of a Sudoku grid: its size, its regions (the rectangular boxes of the classic puzzle,
// or any partition into n connected regions of n cells: a jigsaw), optionally the two diagonals
// as extra units (an X Sudoku), and the units and peers of every cell, computed once per shape and
// shared by every board of that shape.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sudoku {

// A set of digits: bit d-1 is set when digit d is in the set. 32 bits hold up to 25x25 grids.
using Mask = std::uint32_t;

inline constexpr int kMaxSize = 25;

// The kinds of puzzle: the classic boxes, a jigsaw (irregular regions) or an X Sudoku (the classic
// boxes plus the two diagonals as units).
enum class Variant { Classic, Jigsaw, X };
std::string_view VariantName(Variant variant);  // "classic", "jigsaw", "x"
std::optional<Variant> VariantFromName(std::string_view name);

constexpr Mask DigitBit(int digit) {
    return Mask{1} << (digit - 1);
}

class Geometry {
public:
    // Boxes of boxRows x boxCols cells; the grid is (boxRows*boxCols) square. With `diagonals`,
    // the two long diagonals are units too. Throws std::invalid_argument when the size is outside
    // 1..25.
    Geometry(int boxRows, int boxCols, bool diagonals = false);

    // Irregular regions: regionOf[cell] (row-major) is the region of each cell, 0..n-1, for an
    // n x n grid. Throws std::invalid_argument with RegionMapProblem's message when the map is not
    // a partition into n connected regions of n cells. A map that is the usual rectangular boxes
    // gives the classic geometry.
    static Geometry WithRegions(std::span<const int> regionOf, bool diagonals = false);
    // Why a region map is not a valid partition ("region C has 8 cells, not 9", "region B is in
    // 2 separate parts"), or empty when it is. Regions are named by their letter (A = 0).
    static std::optional<std::string> RegionMapProblem(std::span<const int> regionOf);
    // The same, with a cell to point at: the first cell of the faulty region, or of its second
    // part; -1 when the problem is the map's size.
    struct RegionMapError {
        int cell = -1;
        std::string message;
    };
    static std::optional<RegionMapError> CheckRegionMap(std::span<const int> regionOf);
    // The same regions, with or without the diagonals as units.
    Geometry withDiagonals(bool diagonals) const;

    // The usual box shape for a grid size: 4 -> 2x2, 6 -> 2x3, 8 -> 2x4, 9 -> 3x3, 12 -> 3x4,
    // 16 -> 4x4, 25 -> 5x5; any other size with a factorisation gets the squarest one that is not
    // 1 x n. Empty when the size has no such rectangle (a prime, or above 25).
    static std::optional<Geometry> ForSize(int size);

    int size() const { return size_; }
    int cellCount() const { return size_ * size_; }
    // Whether the regions are the rectangular boxes; boxRows/boxCols are 0 when they are not.
    bool hasBoxes() const { return boxRows_ > 0; }
    int boxRows() const { return boxRows_; }
    int boxCols() const { return boxCols_; }
    bool hasDiagonals() const { return diagonals_; }
    // The classic 9x9 puzzle: 3x3 boxes, no diagonals (the fast solvers' shape).
    bool isClassic9() const { return boxRows_ == 3 && boxCols_ == 3 && !diagonals_; }
    Variant variant() const;
    Mask allDigits() const { return size_ >= 32 ? ~Mask{0} : (Mask{1} << size_) - 1; }

    int row(int cell) const { return cell / size_; }
    int col(int cell) const { return cell % size_; }
    // The region (box) of a cell, 0..n-1.
    int box(int cell) const { return tables_->boxOf[cell]; }
    int cellAt(int row, int col) const { return row * size_ + col; }

    // Units are numbered rows 0..n-1, columns n..2n-1, regions (boxes) 2n..3n-1, then, with
    // diagonals, the main diagonal (top left to bottom right) 3n and the anti-diagonal 3n+1.
    int unitCount() const { return 3 * size_ + (diagonals_ ? 2 : 0); }
    int rowUnit(int row) const { return row; }
    int colUnit(int col) const { return size_ + col; }
    int boxUnit(int box) const { return 2 * size_ + box; }
    int diagonalUnit(int which) const { return 3 * size_ + which; }
    bool isLine(int unit) const { return unit < 2 * size_; }
    std::span<const int> unitCells(int unit) const;
    // The units of a cell: its row, column and region in that order, then the diagonals it is on.
    std::span<const int> unitsOf(int cell) const;
    bool inUnit(int unit, int cell) const {
        return tables_->member[unit * cellCount() + cell] != 0;
    }
    // Every other cell that shares a unit with this one (each once).
    std::span<const int> peers(int cell) const;
    bool sees(int a, int b) const;
    // A set of cells as bit words (bit c % 64 of word c / 64 for cell c), cellWords() words a
    // set: what searches over many cells at once (the chains') intersect.
    int cellWords() const { return (cellCount() + 63) / 64; }
    // The peers of a cell as such a set.
    const std::uint64_t* peerBits(int cell) const {
        return tables_->peerBits.data() + static_cast<std::size_t>(cell) * cellWords();
    }
    // The cells of a unit as such a set (a unit lists its cells in ascending order too).
    const std::uint64_t* unitBits(int unit) const {
        return tables_->unitBits.data() + static_cast<std::size_t>(unit) * cellWords();
    }
    // Every pair of units {a, b}, a < b, that share two or more cells (a box and a line, a jigsaw
    // region and a line, a diagonal and a box): where locked candidates live.
    std::span<const std::pair<int, int>> crossings() const { return tables_->crossings; }

    // "r5c2" (1-based), the notation human-style solvers use.
    std::string cellName(int cell) const;
    // "row 5", "column 3", "box 4" (a jigsaw's "region C", its map's letter), "the main diagonal".
    std::string unitName(int unit) const;
    // One letter a cell, row-major: the region of each cell (A for region 0).
    std::string regionMap() const;
    // The text of a digit: 1-9, then A, B, C ... for 10 and above.
    static char DigitChar(int digit);
    // The digit a character stands for (1-9, A-Z or a-z from 10), or 0 when it is not a digit.
    static int DigitFromChar(char c);

    bool operator==(const Geometry& other) const;

private:
    struct Tables {
        std::vector<int> boxOf;
        std::vector<int> unitCells;        // unitCount * size
        std::vector<int> cellUnitStart;    // cellCount + 1 offsets into cellUnits
        std::vector<int> cellUnits;        // 3 to 5 a cell
        std::vector<std::uint8_t> member;  // unitCount * cellCount
        std::vector<int> peerStart;        // cellCount + 1 offsets into peerCells
        std::vector<int> peerCells;
        std::vector<std::uint8_t> seesMatrix;  // cellCount * cellCount
        std::vector<std::uint64_t> peerBits;   // cellCount * cellWords
        std::vector<std::uint64_t> unitBits;   // unitCount * cellWords
        std::vector<std::pair<int, int>> crossings;
    };
    Geometry(int size, int boxRows, int boxCols, bool diagonals,
             std::shared_ptr<const Tables> tables);
    static std::shared_ptr<const Tables> CachedBoxTables(int boxRows, int boxCols, bool diagonals);
    static std::shared_ptr<const Tables> BuildTables(int size, std::vector<int> boxOf,
                                                     bool diagonals);

    int boxRows_;
    int boxCols_;
    int size_;
    bool diagonals_;
    std::shared_ptr<const Tables> tables_;
};

// The lookups every technique makes in its inner loops, inline.
inline std::span<const int> Geometry::unitCells(int unit) const {
    return {tables_->unitCells.data() + unit * size_, static_cast<size_t>(size_)};
}

inline std::span<const int> Geometry::unitsOf(int cell) const {
    const int begin = tables_->cellUnitStart[cell], end = tables_->cellUnitStart[cell + 1];
    return {tables_->cellUnits.data() + begin, static_cast<size_t>(end - begin)};
}

inline std::span<const int> Geometry::peers(int cell) const {
    const int begin = tables_->peerStart[cell], end = tables_->peerStart[cell + 1];
    return {tables_->peerCells.data() + begin, static_cast<size_t>(end - begin)};
}

inline bool Geometry::sees(int a, int b) const {
    return tables_->seesMatrix[a * cellCount() + b] != 0;
}

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

// A bit count written out: the build targets plain x86-64, where __builtin_popcount is a call
// into libgcc, and the grader and the generator count candidates in their inner loops.
inline int CountDigits(Mask mask) {
    mask = mask - ((mask >> 1) & 0x55555555u);
    mask = (mask & 0x33333333u) + ((mask >> 2) & 0x33333333u);
    return static_cast<int>((((mask + (mask >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}
// Sets of cells in bit words (Geometry::cellWords: bit c % 64 of word c / 64 for cell c).
inline void AddCell(std::uint64_t* cells, int cell) {
    cells[cell / 64] |= std::uint64_t{1} << (cell % 64);
}
inline bool HasCell(const std::uint64_t* cells, int cell) {
    return (cells[cell / 64] >> (cell % 64) & 1) != 0;
}
// Whether every cell of one set is in another.
inline bool AllIn(const std::uint64_t* cells, const std::uint64_t* in, int words) {
    for (int w = 0; w < words; ++w)
        if (cells[w] & ~in[w]) return false;
    return true;
}
// The bit count of CountDigits for one word of such a set.
inline int CountCells(std::uint64_t bits) {
    bits = bits - ((bits >> 1) & 0x5555555555555555u);
    bits = (bits & 0x3333333333333333u) + ((bits >> 2) & 0x3333333333333333u);
    bits = (bits + (bits >> 4)) & 0x0F0F0F0F0F0F0F0Fu;
    return static_cast<int>((bits * 0x0101010101010101u) >> 56);
}
// The digit of a single-digit mask.
inline int OnlyDigit(Mask mask) {
    return __builtin_ctz(mask) + 1;
}

}  // namespace sudoku
