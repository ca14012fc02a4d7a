// The logical solver behind the common solver signatures (Solvers.h), so `sudokucam bench
// --solver logical` measures what grading a puzzle costs: a full human-style solve, every step
// found and explained as a hint would be, kept only as its technique (LogicalSolver::outline).

#include <algorithm>

#include "solver/Backtracking.h"
#include "solver/LogicalSolver.h"
#include "solver/Solvers.h"

namespace sudoku {
namespace {

// Unique rectangles assume the puzzle has one solution, so a solve that used them proves nothing
// about the count.
bool AssumesUniqueness(const LogicalOutline& result) {
    return std::any_of(result.techniques.begin(), result.techniques.end(), [](Technique t) {
        return t >= Technique::UniqueRectangle1 && t <= Technique::UniqueRectangle4;
    });
}

}  // namespace

int SolveLogical9(const char* puzzle81, int limit, char* solution81, std::uint64_t* guesses) {
    Board puzzle(Geometry(3, 3));
    for (int cell = 0; cell < 81; ++cell) {
        const char c = puzzle81[cell];
        if (c >= '1' && c <= '9') puzzle.set(cell, c - '0');
    }
    Board found;
    const int count = SolveLogicalBoard(puzzle, limit, &found, guesses);
    if (count > 0 && solution81)
        for (int cell = 0; cell < 81; ++cell)
            solution81[cell] = static_cast<char>('0' + found.value(cell));
    return count;
}

int SolveLogicalBoard(const Board& puzzle, int limit, Board* solution, std::uint64_t* guesses) {
    static const LogicalSolver solver;
    const LogicalOutline result = solver.outline(CandidateGrid(puzzle));
    const bool assumed = AssumesUniqueness(result);
    Board found = result.final.board();
    int count = 0;
    std::uint64_t guessed = 0;
    if (result.solved && !assumed) {
        // Every placement was forced, so this is the only solution (unless the clues clash).
        count = IsSolutionOf(puzzle, found) ? 1 : 0;
    } else {
        // Stuck: the search finishes from the digits logic proved (all of them sound unless
        // uniqueness was assumed), so the count keeps its meaning.
        const SolveResult search = CountSolutions(assumed ? puzzle : found, limit);
        count = search.count;
        guessed = search.guesses;
        found = search.solution;
    }
    if (count > 0 && solution) *solution = std::move(found);
    if (guesses) *guesses = guessed;
    return count;
}

}  // namespace sudoku
