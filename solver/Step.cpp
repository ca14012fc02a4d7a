#include "solver/Step.h"

namespace sudoku {

void ApplyStep(CandidateGrid& grid, const Step& step) {
    for (const CellDigit& p : step.placements) {
        if (grid.value(p.cell) == 0) grid.place(p.cell, p.digit);
    }
    for (const CellDigit& e : step.eliminations)
        grid.eliminate(e);
}

}  // namespace sudoku
