#include "solver/Geometry.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <mutex>
#include <stdexcept>

namespace sudoku {
namespace {

std::vector<int> RectangularBoxes(int boxRows, int boxCols) {
    const int n = boxRows * boxCols;
    std::vector<int> boxOf(n * n);
    for (int cell = 0; cell < n * n; ++cell) {
        const int r = cell / n, c = cell % n;
        boxOf[cell] = (r / boxRows) * (n / boxCols) + c / boxCols;
    }
    return boxOf;
}

// The side of a square grid of `cells` cells, or 0 when `cells` is not a square.
int SideOf(std::size_t cells) {
    const int side = static_cast<int>(std::lround(std::sqrt(static_cast<double>(cells))));
    return static_cast<std::size_t>(side) * static_cast<std::size_t>(side) == cells ? side : 0;
}

std::string RegionName(int region) {
    return std::string("region ") + static_cast<char>('A' + region);
}

// The first cell of the second separate part (4-connected) of one region, or -1 when it is in
// one piece.
int SecondPartOf(std::span<const int> regionOf, int side, int region) {
    std::vector<char> seen(regionOf.size(), 0);
    std::vector<int> stack;
    int parts = 0;
    for (int start = 0; start < static_cast<int>(regionOf.size()); ++start) {
        if (regionOf[start] != region || seen[start]) continue;
        if (++parts == 2) return start;
        seen[start] = 1;
        stack.push_back(start);
        while (!stack.empty()) {
            const int cell = stack.back();
            stack.pop_back();
            const int r = cell / side, c = cell % side;
            const std::array<std::array<int, 2>, 4> steps = {{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}};
            for (const auto& [dr, dc] : steps) {
                const int nr = r + dr, nc = c + dc;
                if (nr < 0 || nc < 0 || nr >= side || nc >= side) continue;
                const int next = nr * side + nc;
                if (regionOf[next] == region && !seen[next]) {
                    seen[next] = 1;
                    stack.push_back(next);
                }
            }
        }
    }
    return -1;
}

int FirstCellOf(std::span<const int> regionOf, int region) {
    const auto at = std::find(regionOf.begin(), regionOf.end(), region);
    return at == regionOf.end() ? -1 : static_cast<int>(at - regionOf.begin());
}

}  // namespace

std::string_view VariantName(Variant variant) {
    switch (variant) {
        case Variant::Classic:
            return "classic";
        case Variant::Jigsaw:
            return "jigsaw";
        case Variant::X:
            return "x";
    }
    return "classic";
}

std::optional<Variant> VariantFromName(std::string_view name) {
    for (Variant v : {Variant::Classic, Variant::Jigsaw, Variant::X})
        if (VariantName(v) == name) return v;
    return std::nullopt;
}

Geometry::Geometry(int boxRows, int boxCols, bool diagonals)
    : boxRows_(boxRows), boxCols_(boxCols), size_(boxRows * boxCols), diagonals_(diagonals) {
    if (boxRows < 1 || boxCols < 1 || size_ > kMaxSize)
        throw std::invalid_argument("grid boxes must be between 1 and 25 cells");
    tables_ = CachedBoxTables(boxRows, boxCols, diagonals);
}

Geometry::Geometry(int size, int boxRows, int boxCols, bool diagonals,
                   std::shared_ptr<const Tables> tables)
    : boxRows_(boxRows),
      boxCols_(boxCols),
      size_(size),
      diagonals_(diagonals),
      tables_(std::move(tables)) {}

std::optional<Geometry::RegionMapError> Geometry::CheckRegionMap(std::span<const int> regionOf) {
    const int n = SideOf(regionOf.size());
    if (n < 1 || n > kMaxSize)
        return RegionMapError{-1, "a region map needs a square number of cells, up to 25x25, not " +
                                      std::to_string(regionOf.size())};
    std::vector<int> cellsIn(n, 0);
    for (int cell = 0; cell < n * n; ++cell) {
        const int region = regionOf[cell];
        if (region < 0 || region >= n)
            return RegionMapError{cell, "a " + std::to_string(n) + "x" + std::to_string(n) +
                                            " grid has " + std::to_string(n) + " regions, A to " +
                                            static_cast<char>('A' + n - 1)};
        ++cellsIn[region];
    }
    for (int region = 0; region < n; ++region) {
        if (cellsIn[region] != n)
            return RegionMapError{FirstCellOf(regionOf, region),
                                  RegionName(region) + " has " + std::to_string(cellsIn[region]) +
                                      " cells, not " + std::to_string(n)};
        if (const int second = SecondPartOf(regionOf, n, region); second >= 0)
            return RegionMapError{second, RegionName(region) +
                                              " is in separate parts; a region's cells must "
                                              "touch side to side"};
    }
    return std::nullopt;
}

std::optional<std::string> Geometry::RegionMapProblem(std::span<const int> regionOf) {
    if (auto error = CheckRegionMap(regionOf)) return error->message;
    return std::nullopt;
}

Geometry Geometry::withDiagonals(bool diagonals) const {
    if (diagonals == diagonals_) return *this;
    if (hasBoxes()) return Geometry(boxRows_, boxCols_, diagonals);
    return WithRegions(tables_->boxOf, diagonals);
}

Geometry Geometry::WithRegions(std::span<const int> regionOf, bool diagonals) {
    if (auto problem = RegionMapProblem(regionOf)) throw std::invalid_argument(*problem);
    const int n = SideOf(regionOf.size());
    if (auto boxes = ForSize(n)) {
        // The same partition as the boxes, whatever the labels: the classic geometry.
        std::vector<int> boxOf = RectangularBoxes(boxes->boxRows(), boxes->boxCols());
        std::vector<int> boxOfRegion(n, -1);
        bool same = true;
        for (std::size_t cell = 0; cell < boxOf.size() && same; ++cell) {
            int& mapped = boxOfRegion[regionOf[cell]];
            if (mapped < 0) mapped = boxOf[cell];
            same = mapped == boxOf[cell];
        }
        if (same) return Geometry(boxes->boxRows(), boxes->boxCols(), diagonals);
    }
    std::vector<int> boxOf(regionOf.begin(), regionOf.end());
    return Geometry(n, 0, 0, diagonals, BuildTables(n, std::move(boxOf), diagonals));
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

std::shared_ptr<const Geometry::Tables> Geometry::CachedBoxTables(int boxRows, int boxCols,
                                                                  bool diagonals) {
    // Tables depend only on the shape: build each once and share it (thread-safe).
    static std::mutex mutex;
    static std::array<std::array<std::array<std::shared_ptr<const Tables>, 2>, kMaxSize + 1>,
                      kMaxSize + 1>
        cache;
    std::lock_guard lock(mutex);
    auto& slot = cache[boxRows][boxCols][diagonals ? 1 : 0];
    if (!slot) slot = BuildTables(boxRows * boxCols, RectangularBoxes(boxRows, boxCols), diagonals);
    return slot;
}

std::shared_ptr<const Geometry::Tables> Geometry::BuildTables(int n, std::vector<int> boxOf,
                                                              bool diagonals) {
    const int cells = n * n;
    const int units = 3 * n + (diagonals ? 2 : 0);
    auto t = std::make_shared<Tables>();
    t->boxOf = std::move(boxOf);
    t->member.assign(static_cast<std::size_t>(units) * cells, 0);
    t->unitCells.resize(static_cast<std::size_t>(units) * n);
    std::vector<int> fill(units, 0);
    t->cellUnitStart.push_back(0);
    for (int cell = 0; cell < cells; ++cell) {
        const int r = cell / n, c = cell % n;
        std::vector<int> own = {r, n + c, 2 * n + t->boxOf[cell]};
        if (diagonals && r == c) own.push_back(3 * n);
        if (diagonals && r + c == n - 1) own.push_back(3 * n + 1);
        for (int u : own) {
            t->unitCells[u * n + fill[u]++] = cell;
            t->member[u * cells + cell] = 1;
        }
        t->cellUnits.insert(t->cellUnits.end(), own.begin(), own.end());
        t->cellUnitStart.push_back(static_cast<int>(t->cellUnits.size()));
    }
    t->seesMatrix.assign(static_cast<std::size_t>(cells) * cells, 0);
    const int words = (cells + 63) / 64;
    t->peerBits.assign(static_cast<std::size_t>(cells) * words, 0);
    t->unitBits.assign(static_cast<std::size_t>(units) * words, 0);
    for (int u = 0; u < units; ++u)
        for (int i = 0; i < n; ++i)
            AddCell(&t->unitBits[u * words], t->unitCells[u * n + i]);
    t->peerStart.push_back(0);
    for (int a = 0; a < cells; ++a) {
        for (int b = 0; b < cells; ++b) {
            bool shared = false;
            for (int i = t->cellUnitStart[a]; i < t->cellUnitStart[a + 1] && !shared; ++i)
                shared = t->member[t->cellUnits[i] * cells + b] != 0;
            if (a == b || !shared) continue;
            t->seesMatrix[a * cells + b] = 1;
            AddCell(&t->peerBits[a * words], b);
            t->peerCells.push_back(b);
        }
        t->peerStart.push_back(static_cast<int>(t->peerCells.size()));
    }
    for (int a = 0; a < units; ++a)
        for (int b = a + 1; b < units; ++b) {
            int common = 0;
            for (int i = 0; i < n; ++i)
                common += t->member[b * cells + t->unitCells[a * n + i]];
            if (common >= 2) t->crossings.emplace_back(a, b);
        }
    return t;
}

Variant Geometry::variant() const {
    if (diagonals_) return Variant::X;
    return hasBoxes() ? Variant::Classic : Variant::Jigsaw;
}

bool Geometry::operator==(const Geometry& other) const {
    return size_ == other.size_ && diagonals_ == other.diagonals_ &&
           (tables_ == other.tables_ || tables_->boxOf == other.tables_->boxOf);
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
    if (unit >= 3 * size_) return unit == 3 * size_ ? "the main diagonal" : "the anti-diagonal";
    // A jigsaw's regions are named by the letters of its region map.
    if (!hasBoxes() && unit >= 2 * size_) return RegionName(unit - 2 * size_);
    static const char* kinds[] = {"row ", "column ", "box "};
    std::string name = kinds[unit / size_];
    name += std::to_string(unit % size_ + 1);
    return name;
}

std::string Geometry::regionMap() const {
    std::string map;
    for (int region : tables_->boxOf)
        map += static_cast<char>('A' + region);
    return map;
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
