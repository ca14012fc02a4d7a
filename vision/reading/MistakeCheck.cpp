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

// The grid with only `cells` kept, plain paper elsewhere: the classifier skips paper, so a look at
// a few cells costs a few cells, not the grid.
WarpedGrid OnlyCells(const WarpedGrid& grid, const std::vector<int>& cells) {
    WarpedGrid only{grid.size, cv::Mat(grid.gray.size(), CV_8U, cv::Scalar(255))};
    for (int cell : cells) {
        const cv::Rect rect = grid.cellRect(cell / grid.size, cell % grid.size);
        grid.gray(rect).copyTo(only.gray(rect));
    }
    return only;
}

// The digit every look reads wrong, the mean of the three's (0 when the sharpened look alone, or
// the mean, does not judge the entry wrong).
int DigitEveryLookJudgesWrong(const std::array<std::vector<CellReading>, 3>& looks, int cell,
                              int solutionDigit) {
    const std::array<CellReading, 3> cellLooks = {looks[0][cell], looks[1][cell], looks[2][cell]};
    const EntryJudgement mean = JudgeEntry(cellLooks, solutionDigit);
    const bool wrong = JudgeEntry(looks[0][cell], solutionDigit).verdict == EntryVerdict::Wrong &&
                       mean.verdict == EntryVerdict::Wrong;
    return wrong ? mean.digit : 0;
}

}  // namespace

void ConfirmMistakes(const WarpedGrid& warped, int quarterTurns, const CellClassifier& classifier,
                     const Board& solution, const std::vector<int>& leaningWrong, Board& entries,
                     std::vector<int>& mistakes, std::vector<int>& unsure) {
    if (mistakes.empty() && leaningWrong.empty()) return;
    const WarpedGrid upright = quarterTurns ? RotateGrid(warped, quarterTurns) : warped;
    std::vector<int> judged = mistakes;
    judged.insert(judged.end(), leaningWrong.begin(), leaningWrong.end());
    const WarpedGrid only = OnlyCells(upright, judged);
    const std::array<std::vector<CellReading>, 3> looks = {
        classifier.classify(OnlyCells(Sharpened(upright), judged)),
        classifier.classify(CellsTurned(only, kTurnDegrees)),
        classifier.classify(CellsTurned(only, -kTurnDegrees))};
    std::vector<int> wrong;
    for (std::size_t k = 0; k < judged.size(); ++k) {
        const int cell = judged[k];
        const int digit = DigitEveryLookJudgesWrong(looks, cell, solution.value(cell));
        if (!digit) continue;
        wrong.push_back(cell);
        // An unsure entry shows the repair's likeliest digit, a wrong one the digit read.
        if (k >= mistakes.size()) entries.set(cell, digit, CellOrigin::Entered);
    }
    const auto isWrong = [&](int cell) {
        return std::find(wrong.begin(), wrong.end(), cell) != wrong.end();
    };
    std::erase_if(unsure, isWrong);
    for (int cell : mistakes)
        if (!isWrong(cell)) unsure.push_back(cell);
    std::sort(wrong.begin(), wrong.end());
    std::sort(unsure.begin(), unsure.end());
    mistakes = std::move(wrong);
}

}  // namespace sudoku
