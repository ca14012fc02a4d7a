#include "vision/reading/KindPrior.h"

#include <algorithm>

namespace sudoku {
namespace {

constexpr int kMinConfident = 8;
// The classifier's own prior: it was trained on about as many hand-written as printed digits.
constexpr double kTrainingPrinted = 0.5;

// Returns true when the first guess changed. The digits' share of the cell is kept: the prior
// is about which kind of ink, not whether there is any.
bool Reweight(CellReading& cell, double printedWeight, double handwrittenWeight) {
    double before = 0, after = 0;
    for (auto& g : cell.guesses) {
        if (!g.digit) continue;
        before += g.probability;
        g.probability *= float(g.handwritten ? handwrittenWeight : printedWeight);
        after += g.probability;
    }
    if (after <= 0) return false;
    for (auto& g : cell.guesses)
        if (g.digit) g.probability = float(g.probability * before / after);
    const CellGuess first = cell.best();
    std::stable_sort(
        cell.guesses.begin(), cell.guesses.end(),
        [](const CellGuess& a, const CellGuess& b) { return a.probability > b.probability; });
    return first.digit != cell.best().digit || first.handwritten != cell.best().handwritten;
}

}  // namespace

int ApplyGridKindPrior(std::vector<CellReading>& cells) {
    const ConfidentDigits counts = CountConfidentDigits(cells);
    if (counts.printed + counts.handwritten < kMinConfident) return 0;
    const double printed = (counts.printed + 1.0) / (counts.printed + counts.handwritten + 2.0);
    const double printedWeight = printed / kTrainingPrinted;
    const double handwrittenWeight = (1 - printed) / (1 - kTrainingPrinted);
    int changed = 0;
    for (auto& cell : cells)
        changed += Reweight(cell, printedWeight, handwrittenWeight);
    return changed;
}

}  // namespace sudoku
