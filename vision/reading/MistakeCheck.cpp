#include "vision/reading/MistakeCheck.h"

#include <algorithm>
#include <array>
#include <iterator>

#include <opencv2/imgproc.hpp>

#include "vision/reading/EntryCheck.h"
#include "vision/reading/Focus.h"
#include "vision/reading/Orientation.h"

namespace sudoku {
namespace {

// How far each cell is turned, each way, for the second look: a slant a hand-written digit can
// have either way. Measured against 6, 10 and 12 degrees (MistakeCheck.h).
constexpr double kTurnDegrees = 8;

// The grid's `cells` each turned about its middle by `degrees` (counter-clockwise), on plain
// paper: a look at a few cells costs a few cells, not the grid (WarpedGrid::Paper).
WarpedGrid CellsTurned(const WarpedGrid& grid, const std::vector<int>& cells, double degrees) {
    WarpedGrid turned = WarpedGrid::Paper(grid.size);
    const cv::Point2f middle(kCellPixels / 2.f, kCellPixels / 2.f);
    const cv::Mat rotation = cv::getRotationMatrix2D(middle, degrees, 1.0);
    for (int cell : cells) {
        const cv::Rect rect = grid.cellRect(cell / grid.size, cell % grid.size);
        cv::warpAffine(grid.gray(rect), turned.gray(rect), rotation, rect.size(), cv::INTER_LINEAR,
                       cv::BORDER_REPLICATE);
    }
    return turned;
}

// The grid's `cells` as they are, on plain paper.
WarpedGrid OnlyCells(const WarpedGrid& grid, const std::vector<int>& cells) {
    WarpedGrid only = WarpedGrid::Paper(grid.size);
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

// An entry the looks call wrong, and the digit they read there.
struct CalledWrong {
    int cell;
    int digitRead;
};

std::vector<int> CellsOf(const std::vector<CalledWrong>& called) {
    std::vector<int> cells;
    for (const CalledWrong& entry : called)
        cells.push_back(entry.cell);
    return cells;
}

// A fourth look at `cells` (each judged wrong by the other looks) when the grid looks smeared:
// sharpened across the smear (Focus.h). None when it does not look smeared or there are no cells.
std::vector<CellReading> LookAcrossSmear(const WarpedGrid& upright,
                                         const CellClassifier& classifier,
                                         const std::vector<int>& cells) {
    if (cells.empty()) return {};
    const LineWidths widths = MeasureLineWidths(upright);
    if (!LooksSmeared(widths)) return {};
    return classifier.classify(OnlyCells(SharpenedAcrossSmear(upright, widths), cells));
}

}  // namespace

void ConfirmMistakes(const WarpedGrid& warped, int quarterTurns, const CellClassifier& classifier,
                     const Board& solution, const std::vector<int>& leaningWrong, Board& entries,
                     std::vector<int>& mistakes, std::vector<int>& unsure) {
    if (mistakes.empty() && leaningWrong.empty()) return;
    const WarpedGrid upright = quarterTurns ? RotateGrid(warped, quarterTurns) : warped;
    std::vector<int> judged = mistakes;
    judged.insert(judged.end(), leaningWrong.begin(), leaningWrong.end());
    const std::array<std::vector<CellReading>, 3> looks = {
        classifier.classify(OnlyCells(Sharpened(upright), judged)),
        classifier.classify(CellsTurned(upright, judged, kTurnDegrees)),
        classifier.classify(CellsTurned(upright, judged, -kTurnDegrees))};
    std::vector<CalledWrong> called;
    for (int cell : judged)
        if (const int digit = DigitEveryLookJudgesWrong(looks, cell, solution.value(cell)))
            called.push_back({cell, digit});
    // Smeared, an entry is wrong only when the look across the smear agrees too.
    const std::vector<CellReading> acrossSmear =
        LookAcrossSmear(upright, classifier, CellsOf(called));
    if (!acrossSmear.empty())
        std::erase_if(called, [&](const CalledWrong& entry) {
            return JudgeEntry(acrossSmear[entry.cell], solution.value(entry.cell)).verdict !=
                   EntryVerdict::Wrong;
        });
    std::vector<int> wrong = CellsOf(called);
    // An unsure entry shows the repair's likeliest digit, a wrong one the digit read.
    for (const CalledWrong& entry : called)
        if (std::find(mistakes.begin(), mistakes.end(), entry.cell) == mistakes.end())
            entries.set(entry.cell, entry.digitRead, CellOrigin::Entered);
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

void SettleUnsureEntries(const WarpedGrid& warped, int quarterTurns,
                         const CellClassifier& classifier, const Board& solution,
                         const Board& entries, std::vector<int>& unsure) {
    const auto showsSolution = [&](int cell) {
        return entries.value(cell) == solution.value(cell);
    };
    std::vector<int> judged;
    std::copy_if(unsure.begin(), unsure.end(), std::back_inserter(judged), showsSolution);
    if (judged.empty()) return;
    const WarpedGrid upright = quarterTurns ? RotateGrid(warped, quarterTurns) : warped;
    const std::vector<CellReading> sharpened =
        classifier.classify(OnlyCells(Sharpened(upright), judged));
    std::erase_if(unsure, [&](int cell) {
        return showsSolution(cell) &&
               JudgeEntry(sharpened[cell], solution.value(cell)).verdict == EntryVerdict::Right;
    });
}

}  // namespace sudoku
