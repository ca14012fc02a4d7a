#include "vision/reading/MistakeCheck.h"

#include <algorithm>

#include "vision/reading/EntryCheck.h"
#include "vision/reading/Focus.h"
#include "vision/reading/Orientation.h"

namespace sudoku {

void ConfirmMistakes(const WarpedGrid& warped, int quarterTurns, const CellClassifier& classifier,
                     const Board& solution, std::vector<int>& mistakes, std::vector<int>& unsure) {
    if (mistakes.empty()) return;
    const WarpedGrid upright = quarterTurns ? RotateGrid(warped, quarterTurns) : warped;
    const std::vector<CellReading> again = classifier.classify(Sharpened(upright));
    std::vector<int> confirmed;
    for (int cell : mistakes) {
        const bool stillWrong =
            JudgeEntry(again[cell], solution.value(cell)).verdict == EntryVerdict::Wrong;
        (stillWrong ? confirmed : unsure).push_back(cell);
    }
    std::sort(unsure.begin(), unsure.end());
    mistakes = std::move(confirmed);
}

}  // namespace sudoku
