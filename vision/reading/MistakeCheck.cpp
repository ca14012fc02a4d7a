#include "vision/reading/MistakeCheck.h"

#include <algorithm>
#include <array>

#include <opencv2/imgproc.hpp>

#include "vision/reading/EntryCheck.h"
#include "vision/reading/Focus.h"
#include "vision/reading/Orientation.h"

namespace sudoku {
namespace {

// How far each cell is turned, each way, for the second look: a slant a hand-written digit can
// have either way. Measured against 6, 10 and 12 degrees (MistakeCheck.h).
constexpr double kTurnDegrees = 8;

// The grid with every cell turned about its middle by `degrees` (counter-clockwise).
WarpedGrid CellsTurned(const WarpedGrid& grid, double degrees) {
    WarpedGrid turned{grid.size, grid.gray.clone()};
    const cv::Point2f middle(kCellPixels / 2.f, kCellPixels / 2.f);
    const cv::Mat rotation = cv::getRotationMatrix2D(middle, degrees, 1.0);
    for (int row = 0; row < grid.size; ++row)
        for (int col = 0; col < grid.size; ++col) {
            const cv::Rect cell = grid.cellRect(row, col);
            cv::warpAffine(grid.gray(cell).clone(), turned.gray(cell), rotation, cell.size(),
                           cv::INTER_LINEAR, cv::BORDER_REPLICATE);
        }
    return turned;
}

}  // namespace

void ConfirmMistakes(const WarpedGrid& warped, int quarterTurns, const CellClassifier& classifier,
                     const Board& solution, std::vector<int>& mistakes, std::vector<int>& unsure) {
    if (mistakes.empty()) return;
    const WarpedGrid upright = quarterTurns ? RotateGrid(warped, quarterTurns) : warped;
    const std::array<std::vector<CellReading>, 3> looks = {
        classifier.classify(Sharpened(upright)),
        classifier.classify(CellsTurned(upright, kTurnDegrees)),
        classifier.classify(CellsTurned(upright, -kTurnDegrees))};
    std::vector<int> confirmed;
    for (int cell : mistakes) {
        const std::array<CellReading, 3> cellLooks = {looks[0][cell], looks[1][cell],
                                                      looks[2][cell]};
        const bool stillWrong =
            JudgeEntry(looks[0][cell], solution.value(cell)).verdict == EntryVerdict::Wrong &&
            JudgeEntry(cellLooks, solution.value(cell)).verdict == EntryVerdict::Wrong;
        (stillWrong ? confirmed : unsure).push_back(cell);
    }
    std::sort(unsure.begin(), unsure.end());
    mistakes = std::move(confirmed);
}

}  // namespace sudoku
