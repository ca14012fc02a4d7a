#include "solver/RegionLayout.h"

#include <array>

#include "solver/Geometry.h"

namespace sudoku {
namespace {

constexpr std::array<std::array<int, 2>, 4> kSteps = {{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}};

// rng() % n: std::uniform_int_distribution differs between standard libraries.
int RandomBelow(std::mt19937_64& rng, int n) {
    return static_cast<int>(rng() % static_cast<unsigned>(n));
}

class Layout {
public:
    Layout(int size, std::vector<int> regionOf) : n_(size), regionOf_(std::move(regionOf)) {}

    // Moves cell `a` into its neighbour's region and a cell of that region, touching a's old
    // region, back into it; undone unless both regions stay connected.
    void tryTrade(std::mt19937_64& rng) {
        const int a = RandomBelow(rng, n_ * n_);
        const int b = neighbour(a, RandomBelow(rng, 4));
        if (b < 0 || regionOf_[a] == regionOf_[b]) return;
        const int from = regionOf_[a], to = regionOf_[b];
        regionOf_[a] = to;
        const std::vector<int> candidates = cellsTouching(to, from, a);
        if (!candidates.empty()) {
            const int c = candidates[RandomBelow(rng, static_cast<int>(candidates.size()))];
            regionOf_[c] = from;
            if (isConnected(from) && isConnected(to)) return;
            regionOf_[c] = to;
        }
        regionOf_[a] = from;
    }

    // Regions renumbered in the reading order of their first cell: one layout, one map.
    std::vector<int> canonical() const {
        std::vector<int> renamed(n_, -1), map(regionOf_.size());
        int next = 0;
        for (std::size_t cell = 0; cell < regionOf_.size(); ++cell) {
            int& name = renamed[regionOf_[cell]];
            if (name < 0) name = next++;
            map[cell] = name;
        }
        return map;
    }

    // Whether some region is exactly one row or one column.
    bool hasStraightRegion() const {
        for (int line = 0; line < n_; ++line) {
            bool row = true, column = true;
            for (int i = 1; i < n_; ++i) {
                row = row && regionOf_[line * n_ + i] == regionOf_[line * n_];
                column = column && regionOf_[i * n_ + line] == regionOf_[line];
            }
            if (row || column) return true;
        }
        return false;
    }

private:
    int neighbour(int cell, int step) const {
        const int r = cell / n_ + kSteps[step][0], c = cell % n_ + kSteps[step][1];
        return r < 0 || c < 0 || r >= n_ || c >= n_ ? -1 : r * n_ + c;
    }

    // The cells of `region`, other than `except`, with a side on `other`.
    std::vector<int> cellsTouching(int region, int other, int except) const {
        std::vector<int> cells;
        for (int cell = 0; cell < n_ * n_; ++cell) {
            if (regionOf_[cell] != region || cell == except) continue;
            for (int step = 0; step < 4; ++step) {
                const int next = neighbour(cell, step);
                if (next >= 0 && regionOf_[next] == other) {
                    cells.push_back(cell);
                    break;
                }
            }
        }
        return cells;
    }

    bool isConnected(int region) const {
        std::vector<int> stack;
        std::vector<char> seen(regionOf_.size(), 0);
        int total = 0;
        for (int cell = 0; cell < n_ * n_; ++cell)
            if (regionOf_[cell] == region) {
                ++total;
                if (stack.empty() && !seen[cell]) {
                    stack.push_back(cell);
                    seen[cell] = 1;
                }
            }
        int reached = 0;
        while (!stack.empty()) {
            const int cell = stack.back();
            stack.pop_back();
            ++reached;
            for (int step = 0; step < 4; ++step) {
                const int next = neighbour(cell, step);
                if (next >= 0 && !seen[next] && regionOf_[next] == region) {
                    seen[next] = 1;
                    stack.push_back(next);
                }
            }
        }
        return reached == total;
    }

    int n_;
    std::vector<int> regionOf_;
};

std::vector<int> StartingLayout(int size) {
    std::vector<int> regionOf(size * size);
    const auto boxes = Geometry::ForSize(size);
    for (int cell = 0; cell < size * size; ++cell)
        regionOf[cell] = boxes ? boxes->box(cell) : cell / size;
    return regionOf;
}

}  // namespace

std::vector<int> RandomRegionLayout(int size, std::mt19937_64& rng) {
    Layout layout(size, StartingLayout(size));
    // Enough trades that no trace of the starting boxes or rows is left; then more while some
    // region is a whole row or column, which would only repeat that line's rule.
    for (int trade = 0; trade < 100 * size * size; ++trade)
        layout.tryTrade(rng);
    for (int more = 0; more < 100 && layout.hasStraightRegion(); ++more)
        for (int trade = 0; trade < size * size; ++trade)
            layout.tryTrade(rng);
    return layout.canonical();
}

}  // namespace sudoku
