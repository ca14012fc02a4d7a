#pragma once
// Turning per-cell digit guesses into a puzzle that is actually a Sudoku. One misread digit
// breaks the rules or leaves several solutions; instead of giving up, the most probable reading
// that has exactly one solution is searched for among the classifier's second choices. A
// reading is never invented: when no plausible one is found within the effort allowed, the
// verdict says so and no solution is returned.

#include <vector>

#include "solver/Board.h"
#include "vision/classifying/CellReading.h"

namespace sudoku {

struct RepairOptions {
    // Candidate readings checked with the solver before giving up (default: 2000).
    int maxBoards = 2000;
    // A change less likely than this ratio to the classifier's first choices is never made, in
    // total over all cells changed (default: 1e-3). To a reading that breaks no rule but has
    // several solutions, none less likely than 1 / ambiguityRatio: it would only pick one.
    double minLikelihoodRatio = 1e-3;
    // A cell whose chosen guess has a lower probability is reported uncertain (default:
    // kConfidentGuess, 0.9).
    float uncertainBelow = kConfidentGuess;
    // A reading found is given up when another, at most this many times less likely, has one
    // solution too and a different one: the photo does not say which is right (default: 20).
    double ambiguityRatio = 20;
    // Readings checked for such a rival; past it the reading is given up too (default: 2000).
    int maxRivalBoards = 2000;
};

// Ambiguous: the likeliest reading with one solution has a rival nearly as likely with another.
// Doubtful: the likeliest reading has one solution, but not one of its hand-written cells agrees
// with it and none is read surely enough to call a mistake (see StrayEntriesDisagree).
// Clash: the likeliest reading has one solution, but a printed digit it changed is repeated by a
// hand-written entry in a cell it sees, judged wrong (see ACorrectionRepeatsAWrongEntry).
enum class RepairVerdict { Unique, NoSolution, Multiple, Ambiguous, Doubtful, Clash };

struct RepairedReading {
    RepairVerdict verdict = RepairVerdict::NoSolution;
    Board givens;                // printed digits, CellOrigin::Given
    Board handwritten;           // hand-written digits as read, CellOrigin::Entered
    Board solution;              // complete when the verdict is Unique, else empty
    std::vector<int> changed;    // cells whose reading differs from the classifier's first choice
    std::vector<int> uncertain;  // cells read with low confidence
    // With a Unique verdict, the entries judged against the solution (see EntryCheck): read
    // confidently as another digit, and read too doubtfully to say. Empty otherwise.
    std::vector<int> mistakes;
    std::vector<int> unsure;
    std::vector<int> leaningWrong;  // the unsure entries that lean wrong (EntryCheck.h)
    std::vector<int> unread;  // cells the reader left unread (out of the photo), set by the caller
    int boardsTried = 0;
};

// Readings are row-major, one per cell of the geometry. Throws std::invalid_argument when their
// count does not match or a guess names a digit outside the grid.
RepairedReading RepairReading(const std::vector<CellReading>& cells, const Geometry& geometry,
                              const RepairOptions& options = {});

}  // namespace sudoku
