#include "solver/QuietUnits.h"

namespace sudoku {

void QuietUnits::refresh(const CandidateGrid& grid) {
    const Geometry& g = grid.geometry();
    if (!geometry_ || !(*geometry_ == g)) {
        geometry_ = g;
        enabled_ = g.unitCount() <= 64;
        seen_.assign(static_cast<std::size_t>(g.cellCount()), 0);
        quiet_.fill(0);
    }
    if (!enabled_) return;
    std::uint64_t changed = 0;
    for (int cell = 0; cell < g.cellCount(); ++cell) {
        const Mask now = grid.candidates(cell);
        if (now == seen_[cell]) continue;
        seen_[cell] = now;
        for (int unit : g.unitsOf(cell))
            changed |= std::uint64_t{1} << unit;
    }
    for (std::uint64_t& quiet : quiet_)
        quiet &= ~changed;
}

std::optional<Step> QuietUnits::find(const Strategy& strategy, const CandidateGrid& grid) {
    if (!enabled_ || !strategy.findsByUnit()) return strategy.find(grid);
    std::uint64_t& quiet = quiet_[static_cast<int>(strategy.technique())];
    for (int unit = 0; unit < grid.geometry().unitCount(); ++unit) {
        const std::uint64_t bit = std::uint64_t{1} << unit;
        if (quiet & bit) continue;
        if (auto step = strategy.findInUnit(grid, unit)) return step;
        quiet |= bit;
    }
    return std::nullopt;
}

}  // namespace sudoku
