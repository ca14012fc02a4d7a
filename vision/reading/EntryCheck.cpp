#include "vision/reading/EntryCheck.h"

#include <algorithm>
#include <stdexcept>

namespace sudoku {
namespace {

// Adds `share` of the probability of each digit to p, printed and hand-written guesses together:
// a person's digit is the same digit whichever kind the classifier thought it was.
void AddDigitProbabilities(const CellReading& cell, float share, std::vector<float>& p) {
    const int size = static_cast<int>(p.size()) - 1;
    for (const CellGuess& g : cell.guesses)
        if (g.digit > 0 && g.digit <= size) p[g.digit] += share * g.probability;
}

// The entry whose digits have the probabilities p (index = digit), judged.
EntryJudgement JudgeProbabilities(const std::vector<float>& p, int solutionDigit) {
    const int size = static_cast<int>(p.size()) - 1;
    EntryJudgement judged;
    float other = 0;  // the likeliest digit other than the solution's
    for (int d = 1; d <= size; ++d) {
        if (p[d] > p[judged.digit]) judged.digit = d;
        if (d != solutionDigit) other = std::max(other, p[d]);
    }
    const float truth = p[solutionDigit];
    if (judged.digit == solutionDigit && other < kRightOtherBelow)
        judged.verdict = EntryVerdict::Right;
    else if (judged.digit != solutionDigit && truth < kWrongTruthBelow &&
             p[judged.digit] >= kWrongReadAtLeast)
        judged.verdict = EntryVerdict::Wrong;
    else if (judged.digit != solutionDigit)
        judged.leansWrong = truth < kLeansWrongTruthBelow;
    return judged;
}

}  // namespace

EntryJudgement JudgeEntry(const CellReading& cell, int solutionDigit) {
    return JudgeEntry(std::span(&cell, 1), solutionDigit);
}

EntryJudgement JudgeEntry(std::span<const CellReading> looks, int solutionDigit) {
    std::vector<float> p(kMaxSize + 1, 0.f);
    for (const CellReading& look : looks)
        AddDigitProbabilities(look, 1.f / static_cast<float>(looks.size()), p);
    return JudgeProbabilities(p, solutionDigit);
}

EntryCheck CheckEntries(const std::vector<CellReading>& cells, const Board& entries,
                        const Board& solution) {
    if (static_cast<int>(cells.size()) != solution.cellCount() || !solution.isComplete() ||
        entries.size() != solution.size())
        throw std::invalid_argument(
            "entries are checked against a complete solution, one "
            "reading per cell");
    EntryCheck check{Board(solution.geometry()), {}, {}, {}};
    for (int cell = 0; cell < solution.cellCount(); ++cell) {
        if (!entries.value(cell)) continue;
        const EntryJudgement judged = JudgeEntry(cells[cell], solution.value(cell));
        // An unsure entry keeps the repair's digit, the likeliest once the solution is known: it
        // is shown as a guess (the cell is listed unsure), never judged right from it.
        const bool judgedDigit = judged.digit && judged.verdict != EntryVerdict::Unsure;
        check.entries.set(cell, judgedDigit ? judged.digit : entries.value(cell),
                          CellOrigin::Entered);
        if (judged.verdict == EntryVerdict::Wrong) check.mistakes.push_back(cell);
        if (judged.verdict == EntryVerdict::Unsure) check.unsure.push_back(cell);
        if (judged.leansWrong) check.leaningWrong.push_back(cell);
    }
    return check;
}

}  // namespace sudoku
