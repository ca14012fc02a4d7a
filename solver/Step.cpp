#include "solver/Step.h"

namespace sudoku {

void ApplyStep(CandidateGrid& grid, const Step& step) {
    for (const CellDigit& p : step.placements) {
        if (grid.value(p.cell) == 0) grid.place(p.cell, p.digit);
    }
    for (const CellDigit& e : step.eliminations)
        grid.eliminate(e);
}

int Strategy::partCount(const Geometry& g) const {
    return scope(g) == Scope::Unit ? g.unitCount() : g.size();
}

std::optional<Step> Strategy::firstStepPartByPart(const CandidateGrid& grid) const {
    const int parts = partCount(grid.geometry());
    for (int part = 0; part < parts; ++part)
        if (auto step = findIn(grid, part)) return step;
    return std::nullopt;
}

}  // namespace sudoku
