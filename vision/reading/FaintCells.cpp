#include "vision/reading/FaintCells.h"

#include <algorithm>

#include "vision/grid/GrayLevels.h"

namespace sudoku {
namespace {

// Measured on the 160 training photos: true digits keep at least 0.35 of the median digit
// contrast of their grid; the smudges the CNN took for digits had 0.08 to 0.16.
constexpr double kFaintShare = 0.22;
constexpr int kMinReference = 5;
// Probability the demoted cell's empty guess gets; the digits share the rest.
constexpr float kEmptyProbability = 0.95f;
// In a grid nobody has written in yet (fewer confident hand-written digits than this), a
// hand-written reading the classifier is unsure of (below kWeak) at under kSmudgeShare of the
// median contrast is a smudge. Measured over all 320 training photos with the committed model
// and two retrained ones: every digit they invented in an empty printed cell was read below
// 0.58 at 0.22-0.39 of the median; in the filled-in photos the true entries so weak and faint
// are in grids full of confident hand-writing. The same printed photos tinted by a lamp (warm or
// cool) or lit from one side invented digits at 0.41-0.44 of the median (print showing through
// beside a fold's shade: image1067, image1087), so the share is 0.5, not 0.4: all 160 printed
// photos tinted warm 2 -> 0 invented, cool 2 -> 0, lit from the left 1 -> 0; and no other
// reading changed, neither of the filled-in photos so lit nor of grids just begun (each printed
// photo with two of its twin's entries: 153 photos; MNIST pages with 4% and 10% of the empty
// cells filled in, bench/newspaper_probes.py --fill, seeds 21 and 23).
constexpr int kWrittenIn = 3;
constexpr float kWeak = 0.6f;
constexpr double kSmudgeShare = 0.5;
// Below this a hand-written reading in such a grid is a smudge whatever its contrast: the network
// spread its answer over several digits. Out of focus (Gaussian blur, sigma 2.5), the print
// showing through in image1067 kept 0.5 of the median contrast, the blur having lowered the
// digits' own, and was read 0.20 as a 6 (then 4, unsure). Over the grids just begun (153 photos,
// 400 MNIST pages) no entry was lost at 0.3 or 0.4.
constexpr float kNoIdea = 0.3f;

double Contrast(const cv::Mat& cell) {
    // The inner part only: grid lines run along the cell's border.
    const int margin = cell.cols / 5;
    const cv::Mat centre =
        cell(cv::Rect(margin, margin, cell.cols - 2 * margin, cell.rows - 2 * margin));
    // Percentiles, not extremes, so single noisy pixels do not count.
    return double(GrayLevelOfRank(cell, cell.total() * 3 / 4)) -
           GrayLevelOfRank(centre, centre.total() * 3 / 100);
}

}  // namespace

std::vector<double> CellContrasts(const WarpedGrid& grid) {
    std::vector<double> contrasts;
    for (int r = 0; r < grid.size; ++r)
        for (int c = 0; c < grid.size; ++c)
            contrasts.push_back(Contrast(grid.gray(grid.cellRect(r, c))));
    return contrasts;
}

int DemoteFaintDigits(const WarpedGrid& grid, std::vector<CellReading>& cells) {
    const std::vector<double> contrasts = CellContrasts(grid);
    std::vector<double> reference;
    for (std::size_t i = 0; i < cells.size(); ++i)
        if (cells[i].best().digit && cells[i].best().probability >= kConfidentGuess)
            reference.push_back(contrasts[i]);
    if (static_cast<int>(reference.size()) < kMinReference) return 0;
    std::nth_element(reference.begin(), reference.begin() + reference.size() / 2, reference.end());
    const double median = reference[reference.size() / 2];
    const bool writtenIn = CountConfidentDigits(cells).handwritten >= kWrittenIn;

    int demoted = 0;
    for (std::size_t i = 0; i < cells.size(); ++i) {
        auto& guesses = cells[i].guesses;
        const CellGuess& best = guesses.front();
        if (!best.digit) continue;
        const bool faint = contrasts[i] < kFaintShare * median;
        const bool smudge = !writtenIn && best.handwritten &&
                            ((best.probability < kWeak && contrasts[i] < kSmudgeShare * median) ||
                             best.probability < kNoIdea);
        if (!faint && !smudge) continue;
        std::vector<CellGuess> digits;
        float sum = 0;
        for (const auto& g : guesses) {
            if (!g.digit) continue;
            digits.push_back(g);
            sum += g.probability;
        }
        guesses = {{0, false, kEmptyProbability}};
        for (auto g : digits) {
            g.probability = (1 - kEmptyProbability) * (sum > 0 ? g.probability / sum : 0);
            guesses.push_back(g);
        }
        ++demoted;
    }
    return demoted;
}

}  // namespace sudoku
