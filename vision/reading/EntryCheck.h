#pragma once
// Judging a person's hand-written entries against the solution. A check that calls a right entry
// wrong, or a wrong one right, is worse than none: an entry is judged only from what the
// classifier saw in its cell, never from what the solution would like it to be, and an entry the
// classifier cannot tell apart from the solution's digit (or from another) is reported unsure.

#include <span>
#include <vector>

#include "solver/Board.h"
#include "vision/classifying/CellReading.h"

namespace sudoku {

enum class EntryVerdict { Right, Wrong, Unsure };

struct EntryJudgement {
    int digit = 0;  // the digit read: the likeliest one the classifier saw in the cell
    EntryVerdict verdict = EntryVerdict::Unsure;
    bool leansWrong = false;  // unsure, but nearly wrong (kLeansWrongTruthBelow)
};

// An entry is right when it is read as the solution's digit and no other digit keeps this much
// probability; it is wrong when it is read as another digit with at least kWrongReadAtLeast and
// the solution's digit keeps less than kWrongTruthBelow; anything between is unsure. Measured on
// the filled-in training photos with two entries swapped (tests/EntryCheckTest.cpp): a right
// entry misread by the classifier keeps 0.005 to 0.1 for its true digit more often than not,
// a swapped entry almost never more than 0.005; one swapped entry of 363 was read as the
// solution's digit with 0.11 left to another, so right needs less than 0.1.
inline constexpr float kRightOtherBelow = 0.1f;
inline constexpr float kWrongTruthBelow = 0.002f;
inline constexpr float kWrongReadAtLeast = 0.5f;
// An unsure entry read as another digit, doubtfully or not, with the solution's digit below this
// leans wrong: a second look (MistakeCheck.h) may find it plainly wrong.
inline constexpr float kLeansWrongTruthBelow = 10 * kWrongTruthBelow;

// The entry of a cell read as `cell`, judged against the solution's digit there.
EntryJudgement JudgeEntry(const CellReading& cell, int solutionDigit);
// The same from several looks at the cell (readings of it sharpened, turned ...): each digit's
// probability is its mean over the looks.
EntryJudgement JudgeEntry(std::span<const CellReading> looks, int solutionDigit);

struct EntryCheck {
    // The entries, CellOrigin::Entered: the digit read where the entry is judged right or wrong,
    // the repair's digit (the likeliest once the solution is known) where it is unsure.
    Board entries;
    std::vector<int> mistakes;      // entries read confidently as another digit than the solution's
    std::vector<int> unsure;        // entries read too doubtfully to call right or wrong
    std::vector<int> leaningWrong;  // the unsure entries that lean wrong, worth a second look
};

// Judges the entries the repair found (the digits of `entries`) against a complete solution, from
// the cells' readings (row-major, one per cell of the solution's geometry).
EntryCheck CheckEntries(const std::vector<CellReading>& cells, const Board& entries,
                        const Board& solution);

}  // namespace sudoku
