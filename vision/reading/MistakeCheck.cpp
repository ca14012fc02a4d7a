#include "vision/reading/MistakeCheck.h"

#include <algorithm>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include "vision/reading/EntryCheck.h"
#include "vision/reading/Orientation.h"

namespace sudoku {
namespace {

// The unsharp mask: the grid plus kAmount times its difference from a blur of kBlurSigma pixels
// (a cell is kCellPixels = 40 wide, a stroke 3 to 5). Measured on the held-out filled-in photos
// blurred (Gaussian sigma 2.5 and 3) and smeared 9 px sideways, right entries called wrong 8, 7
// and 20 without the second look: sigma 1 to 3 with amounts 0.7 to 2 leave 3 to 5, 3 to 5 and
// 14 to 17; the stronger settings also turn more real (swapped) mistakes unsure.
constexpr double kBlurSigma = 2.0;
constexpr double kAmount = 1.0;

}  // namespace

WarpedGrid Sharpened(const WarpedGrid& grid) {
    cv::Mat soft;
    cv::GaussianBlur(grid.gray, soft, {0, 0}, kBlurSigma);
    WarpedGrid sharp{grid.size, {}};
    cv::addWeighted(grid.gray, 1 + kAmount, soft, -kAmount, 0, sharp.gray);
    return sharp;
}

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
