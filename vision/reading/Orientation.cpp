#include "vision/reading/Orientation.h"

#include <algorithm>
#include <array>
#include <utility>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "vision/reading/FaintCells.h"

namespace sudoku {
namespace {

// Rotated cells share one grid of the original size, a quarter of it per orientation.
int ProbeCellsPerTurn(int size) {
    return size * size / 4;
}

// A pixel is ink when it is darker than its cell's paper by kInkShare of the grid's ink depth,
// and by at least kMinInkDepth gray levels, so that a blank page's noise is not ink.
constexpr double kInkShare = 0.4;
constexpr double kMinInkDepth = 12.0;

// Dark pixels in the middle of a cell, away from the grid lines: those at least `depth` gray
// levels darker than the cell's paper.
int CentreInk(const cv::Mat& cell, double depth) {
    const int m = cell.cols / 5;
    const cv::Mat centre = cell(cv::Rect(m, m, cell.cols - 2 * m, cell.rows - 2 * m));
    const double paper = cv::mean(cell)[0];
    cv::Mat dark;
    cv::threshold(centre, dark, paper - depth, 1, cv::THRESH_BINARY_INV);
    return cv::countNonZero(dark);
}

// How much darker than its paper ink is in this grid: the contrast of its inkier cells (the
// 90th percentile), so that a dim or washed-out photo's digits count as ink too.
double InkDepth(const WarpedGrid& grid) {
    std::vector<double> contrasts = CellContrasts(grid);
    const auto p90 = contrasts.begin() + static_cast<long>(contrasts.size() * 9 / 10);
    std::nth_element(contrasts.begin(), p90, contrasts.end());
    return *p90;
}

}  // namespace

bool LooksUpright(const std::vector<CellReading>& cells) {
    // A newspaper grid has a score of digits; fewer and the evidence is too thin to trust.
    constexpr int kMinDigits = 12;
    // Upright, nearly every digit is read with confidence; turned, many are not. Measured with
    // the pair of width-16 networks on the held-out photos as they stand: at least 0.9 of the
    // digits are read at kConfidentGuess or more in 30 of 32 printed and 31 of 32 filled-in
    // photos; turned a quarter, a half or three quarters (192 readings), at most 0.77. Hand-writing
    // read with less confidence no longer sends a filled-in grid to the probe (the old test, a
    // mean of 0.97 with no digit below 0.6, passed 19 of those 32).
    constexpr double kMinConfidentShare = 0.9;
    const long digits = std::count_if(cells.begin(), cells.end(),
                                      [](const CellReading& cell) { return cell.best().digit; });
    const ConfidentDigits confident = CountConfidentDigits(cells);
    return digits >= kMinDigits &&
           confident.printed + confident.handwritten >= kMinConfidentShare * double(digits);
}

std::vector<int> TurnCells(std::vector<int> cells, int n, int quarterTurns) {
    for (int t = 0; t < quarterTurns % 4; ++t)
        for (int& cell : cells)
            cell = CellTurnedClockwise(cell, n);
    std::sort(cells.begin(), cells.end());
    return cells;
}

WarpedGrid RotateGrid(const WarpedGrid& grid, int quarterTurns) {
    WarpedGrid turned{grid.size, {}};
    switch (((quarterTurns % 4) + 4) % 4) {
        case 0:
            turned.gray = grid.gray.clone();
            break;
        case 1:
            cv::rotate(grid.gray, turned.gray, cv::ROTATE_90_CLOCKWISE);
            break;
        case 2:
            cv::rotate(grid.gray, turned.gray, cv::ROTATE_180);
            break;
        default:
            cv::rotate(grid.gray, turned.gray, cv::ROTATE_90_COUNTERCLOCKWISE);
            break;
    }
    return turned;
}

std::vector<int> RankUprightTurns(const WarpedGrid& grid, const CellClassifier& classifier) {
    const int size = grid.size;
    const double depth = std::max(kMinInkDepth, kInkShare * InkDepth(grid));
    std::vector<std::pair<int, cv::Rect>> inky;
    for (int r = 0; r < size; ++r)
        for (int c = 0; c < size; ++c)
            inky.emplace_back(CentreInk(grid.gray(grid.cellRect(r, c)), depth),
                              grid.cellRect(r, c));
    std::sort(inky.begin(), inky.end(), [](auto& a, auto& b) { return a.first > b.first; });
    const int minInk = kCellPixels * kCellPixels / 40;
    const int perTurn = std::min<int>(ProbeCellsPerTurn(size), static_cast<int>(inky.size()));
    int used = 0;
    while (used < perTurn && inky[used].first >= minInk)
        ++used;
    if (used == 0) return {0};

    // One probe grid: cell k of turn t sits at index t * used + k; the rest is blank paper.
    WarpedGrid probe{size, cv::Mat(grid.gray.size(), CV_8U, cv::mean(grid.gray))};
    for (int t = 0; t < 4; ++t) {
        for (int k = 0; k < used; ++k) {
            cv::Mat turned = grid.gray(inky[k].second).clone();
            for (int i = 0; i < t; ++i)
                cv::rotate(turned, turned, cv::ROTATE_90_CLOCKWISE);
            const int index = t * used + k;
            turned.copyTo(probe.gray(probe.cellRect(index / size, index % size)));
        }
    }
    const std::vector<CellReading> readings = classifier.classifyQuickly(probe);
    std::array<double, 4> trust{};
    for (int t = 0; t < 4; ++t) {
        for (int k = 0; k < used; ++k) {
            // Confidence that the cell holds a digit at all, and which: upright digits score high.
            const CellGuess& best = readings[t * used + k].best();
            trust[t] += best.digit ? best.probability : 0.0;
        }
    }
    std::vector<int> ranked{0, 1, 2, 3};
    // Stable, so equal trust keeps the photo as it stands first.
    std::stable_sort(ranked.begin(), ranked.end(),
                     [&](int a, int b) { return trust[a] > trust[b]; });
    // A turn the classifier finds far fewer digits in is not worth reading in full: Tesseract,
    // for one, reads nothing on quarter turns. Measured with the CNN on the held-out filled-in
    // photos: the upright turn scores 19-20 of 20 and the half turn 16-18, quarter turns 11-16.
    constexpr double kCloseTrust = 0.75;
    std::erase_if(ranked, [&](int t) { return trust[t] < kCloseTrust * trust[ranked[0]]; });
    return ranked;
}

}  // namespace sudoku
