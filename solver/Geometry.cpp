#include "solver/Geometry.h"

#include <array>
#include <mutex>
#include <stdexcept>

namespace sudoku {

Geometry::Geometry(int boxRows, int boxCols)
    : boxRows_(boxRows), boxCols_(boxCols), size_(boxRows * boxCols) {
    if (boxRows < 1 || boxCols < 1 || size_ > kMaxSize)
        throw std::invalid_argument("grid boxes must be between 1 and 25 cells");
    tables_ = BuildTables(boxRows, boxCols);
}

std::optional<Geometry> Geometry::ForSize(int size) {
    if (size < 1 || size > kMaxSize) return std::nullopt;
    if (size == 1) return Geometry(1, 1);
    // Squarest factorisation, with the rows the shorter side (6 -> 2 rows of 3).
    int rows = 0;
    for (int r = 2; r * r <= size; ++r)
        if (size % r == 0) rows = r;
    if (rows > 0) return Geometry(rows, size / rows);
    return std::nullopt;
}

std::shared_ptr<const Geometry::Tables> Geometry::BuildTables(int boxRows, int boxCols) {
    // Tables depend only on the shape: build each once and share it (thread-safe).
    static std::mutex mutex;
    static std::array<std::array<std::shared_ptr<const Tables>, kMaxSize + 1>, kMaxSize + 1> cache;
    std::lock_guard lock(mutex);
    auto& slot = cache[boxRows][boxCols];
    if (slot) return slot;

    const int n = boxRows * boxCols;
    const int cells = n * n;
    auto t = std::make_shared<Tables>();
    t->boxOf.resize(cells);
    for (int cell = 0; cell < cells; ++cell) {
        int r = cell / n, c = cell % n;
        t->boxOf[cell] = (r / boxRows) * (n / boxCols) + c / boxCols;
    }
    t->unitCells.resize(3 * n * n);
    std::vector<int> fill(3 * n, 0);
    for (int cell = 0; cell < cells; ++cell) {
        int units[3] = {cell / n, n + cell % n, 2 * n + t->boxOf[cell]};
        for (int u : units)
            t->unitCells[u * n + fill[u]++] = cell;
        t->cellUnits.insert(t->cellUnits.end(), units, units + 3);
    }
    t->seesMatrix.assign(cells * cells, 0);
    for (int a = 0; a < cells; ++a)
        for (int b = 0; b < cells; ++b)
            t->seesMatrix[a * cells + b] =
                a != b && (a / n == b / n || a % n == b % n || t->boxOf[a] == t->boxOf[b]);
    t->peerCount = 3 * (n - 1) - (boxRows - 1) - (boxCols - 1);
    for (int a = 0; a < cells; ++a)
        for (int b = 0; b < cells; ++b)
            if (t->seesMatrix[a * cells + b]) t->peerCells.push_back(b);
    slot = t;
    return slot;
}

std::span<const int> Geometry::unitCells(int unit) const {
    return {tables_->unitCells.data() + unit * size_, static_cast<size_t>(size_)};
}

std::span<const int> Geometry::unitsOf(int cell) const {
    return {tables_->cellUnits.data() + cell * 3, 3};
}

std::span<const int> Geometry::peers(int cell) const {
    const int count = tables_->peerCount;
    return {tables_->peerCells.data() + cell * count, static_cast<size_t>(count)};
}

bool Geometry::sees(int a, int b) const {
    return tables_->seesMatrix[a * cellCount() + b] != 0;
}

std::string Geometry::cellName(int cell) const {
    // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on "literal" + std::string.
    std::string name = "r";
    name += std::to_string(row(cell) + 1);
    name += 'c';
    name += std::to_string(col(cell) + 1);
    return name;
}

std::string Geometry::unitName(int unit) const {
    static const char* kinds[] = {"row ", "column ", "box "};
    std::string name = kinds[unit / size_];
    name += std::to_string(unit % size_ + 1);
    return name;
}

char Geometry::DigitChar(int digit) {
    if (digit <= 0) return '.';
    return digit <= 9 ? static_cast<char>('0' + digit) : static_cast<char>('A' + digit - 10);
}

int Geometry::DigitFromChar(char c) {
    if (c >= '1' && c <= '9') return c - '0';
    if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
    if (c >= 'a' && c <= 'z') return c - 'a' + 10;
    return 0;
}

}  // namespace sudoku
