#include "solver/QuietParts.h"

#include "solver/Strategies.h"

namespace sudoku {
void QuietParts::refresh(const CandidateGrid& grid) {
    const Geometry& g = grid.geometry();
    if (!geometry_ || !(*geometry_ == g)) {
        geometry_ = g;
        enabled_ = g.unitCount() <= 64;
        seen_.assign(static_cast<std::size_t>(g.cellCount()), 0);
        quietUnits_.fill(0);
        quietDigits_.fill(0);
    }
    if (!enabled_) return;
    std::uint64_t changedUnits = 0;
    Mask changedDigits = 0;  // bit d-1 for digit d, as the parts are numbered
    for (int cell = 0; cell < g.cellCount(); ++cell) {
        const Mask now = grid.candidates(cell);
        if (now == seen_[cell]) continue;
        changedDigits |= now ^ seen_[cell];
        seen_[cell] = now;
        for (int unit : g.unitsOf(cell))
            changedUnits |= std::uint64_t{1} << unit;
    }
    for (std::uint64_t& quiet : quietUnits_)
        quiet &= ~changedUnits;
    for (std::uint64_t& quiet : quietDigits_)
        quiet &= ~std::uint64_t{changedDigits};
}

void QuietParts::assumeNothingIn(const CandidateGrid& grid, Technique technique) {
    refresh(grid);
    const Strategy* strategy = StrategyFor(technique);
    if (!enabled_ || !strategy) return;
    const Strategy::Scope scope = strategy->scope(grid.geometry());
    const int t = static_cast<int>(technique);
    if (scope == Strategy::Scope::Unit)
        quietUnits_[t] = ~std::uint64_t{0};
    else if (scope != Strategy::Scope::Grid)
        quietDigits_[t] = ~std::uint64_t{0};
}

std::optional<Step> QuietParts::find(const Strategy& strategy, const CandidateGrid& grid) {
    const Strategy::Scope scope = strategy.scope(grid.geometry());
    if (!enabled_ || scope == Strategy::Scope::Grid) return strategy.find(grid);
    const int technique = static_cast<int>(strategy.technique());
    if (scope == Strategy::Scope::Unit)
        return findPartByPart(strategy, grid, quietUnits_[technique]);
    if (scope == Strategy::Scope::Digit)
        return findPartByPart(strategy, grid, quietDigits_[technique]);
    return findAmongDigits(strategy, grid, quietDigits_[technique]);
}

std::optional<Step> QuietParts::findPartByPart(const Strategy& strategy, const CandidateGrid& grid,
                                               std::uint64_t& quiet) {
    const int parts = strategy.partCount(grid.geometry());
    for (int part = 0; part < parts; ++part) {
        const std::uint64_t bit = std::uint64_t{1} << part;
        if (quiet & bit) continue;
        if (auto step = strategy.findIn(grid, part)) return step;
        quiet |= bit;
    }
    return std::nullopt;
}

std::optional<Step> QuietParts::findAmongDigits(const Strategy& strategy, const CandidateGrid& grid,
                                                std::uint64_t& quiet) {
    const Mask all = grid.geometry().allDigits();
    const Mask asked = all & ~static_cast<Mask>(quiet);
    if (asked == 0) return std::nullopt;
    auto step = asked == all ? strategy.find(grid) : strategy.findAmong(grid, asked);
    if (!step) quiet = all;  // no digit has a step
    return step;
}

}  // namespace sudoku
