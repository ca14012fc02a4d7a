#include "vision/reading/Focus.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include "vision/grid/GrayLevels.h"

namespace sudoku {
namespace {

// The unsharp mask: the grid plus kAmount times its difference from a blur of kBlurSigma pixels
// (a cell is kCellPixels = 40 wide, a stroke 3 to 5). Chosen for the check's second look
// (MistakeCheck): on the held-out filled-in photos blurred (Gaussian sigma 2.5 and 3) and smeared
// 9 px sideways, right entries called wrong 8, 7 and 20 without the second look; sigma 1 to 3
// with amounts 0.7 to 2 left 3 to 5, 3 to 5 and 14 to 17, the stronger settings also turning more
// real (swapped) mistakes unsure. Reading a whole out-of-focus grid sharpened, sigma 2 amount 1
// read the most blurred grids (sigma 1 or amount 0.5 fewer).
constexpr double kBlurSigma = 2.0;
constexpr double kAmount = 1.0;

// Out of focus: the narrower of the two directions' median line widths over kWideLine pixels and
// the wider under kAlike times it. Inner lines measure 1.6 to 5.9 pixels on the 320 training
// photos (median 4.5); blurred with a Gaussian of 2.5 photo pixels, 2.7 to 7.0 (median 6.1).
// Smeared sideways, the widths differ by a factor of 1.2 to 4.4 (median 1.7); sharp or blurred
// alike, by 1.0 to 1.3 on all but a few. Thresholds from 5.25 to 5.5 and factors from 1.25 to 1.4
// gave the same readings of the training photos and of the held-out photos blurred; 5.0 sharpened
// more of the sharp photos, 6.0 missed blurred ones.
constexpr double kWideLine = 5.5;
constexpr double kAlike = 1.25;

// The check's look across a smear (MistakeCheck.h): lines of one direction 1.15 times as wide as
// the other's or more, and an unsharp mask of a one-dimensional Gaussian of kSmearSigma pixels
// along that direction, kSmearAmount times its difference added. Chosen on the held-out
// filled-in photos smeared 7, 9 and 11 photo pixels sideways (EntryCheckTest): sigma 2 to 5 with
// amounts 1.5 to 3 and ratios from 1.0 to 1.3 gave about the same; sigma 2 lost a swapped entry
// of the sharp photos, a ratio of 1.0 two.
constexpr double kSmearedAtLeast = 1.15;
constexpr double kSmearSigma = 3.0;
constexpr double kSmearAmount = 1.5;

// A line is looked for this far either side of where the lattice puts it, and the paper beside
// it is taken between kPaperFrom and kPaperTo pixels from its darkest point.
constexpr int kSearch = 5;
constexpr int kPaperFrom = 7;
constexpr int kPaperTo = 11;
// A line fainter than this many gray levels under the paper beside it is not measured.
constexpr double kMinDepth = 8;

// The width at half depth of the dip around `at` in a profile (the grid's mean gray along the
// other direction), or a negative value when there is no clear dip there.
double DipWidth(const std::vector<double>& profile, int at) {
    const int n = static_cast<int>(profile.size());
    int darkest = at;
    for (int x = std::max(0, at - kSearch); x <= std::min(n - 1, at + kSearch); ++x)
        if (profile[x] < profile[darkest]) darkest = x;
    if (darkest - kPaperTo < 0 || darkest + kPaperTo >= n) return -1;
    double paper = 0;
    for (int d = kPaperFrom; d <= kPaperTo; ++d)
        paper += profile[darkest - d] + profile[darkest + d];
    paper /= 2 * (kPaperTo - kPaperFrom + 1);
    const double depth = paper - profile[darkest];
    if (depth < kMinDepth) return -1;
    const double half = profile[darkest] + depth / 2;
    // Where the profile rises past half depth on one side, between pixels linearly; negative when
    // it does not within kPaperTo pixels.
    const auto rise = [&](int step) {
        for (int d = 1; d <= kPaperTo; ++d) {
            const double inner = profile[darkest + step * (d - 1)];
            const double outer = profile[darkest + step * d];
            if (outer >= half) return d - 1 + (half - inner) / (outer - inner);
        }
        return -1.0;
    };
    const double right = rise(1), left = rise(-1);
    return right < 0 || left < 0 ? -1 : left + right;
}

// The median width of the dips at the inner lines of a profile.
double MedianWidth(const std::vector<double>& profile, int size) {
    std::vector<double> widths;
    for (int line = 1; line < size; ++line)
        if (const double w = DipWidth(profile, line * kCellPixels); w > 0) widths.push_back(w);
    return Median(widths);
}

std::vector<double> MeanProfile(const cv::Mat& gray, int dimension) {
    cv::Mat mean;
    cv::reduce(gray, mean, dimension, cv::REDUCE_AVG, CV_64F);
    return std::vector<double>(mean.begin<double>(), mean.end<double>());
}

}  // namespace

LineWidths MeasureLineWidths(const WarpedGrid& grid) {
    // Column means show the lines that run down the grid; row means those that run across.
    return {MedianWidth(MeanProfile(grid.gray, 0), grid.size),
            MedianWidth(MeanProfile(grid.gray, 1), grid.size)};
}

bool ShouldSharpen(const LineWidths& widths) {
    const double wide = std::max(widths.across, widths.down);
    const double narrow = std::min(widths.across, widths.down);
    return narrow > kWideLine && wide < kAlike * narrow;
}

bool LooksSmeared(const LineWidths& widths) {
    const double wide = std::max(widths.across, widths.down);
    const double narrow = std::min(widths.across, widths.down);
    return narrow > 0 && wide >= kSmearedAtLeast * narrow;
}

WarpedGrid SharpenedAcrossSmear(const WarpedGrid& grid, const LineWidths& widths) {
    // Wide lines that run down the grid (`across`): the hand moved from side to side.
    const bool sideways = widths.across > widths.down;
    const int taps = 2 * static_cast<int>(std::ceil(3 * kSmearSigma)) + 1;
    cv::Mat soft;
    cv::GaussianBlur(grid.gray, soft, sideways ? cv::Size(taps, 1) : cv::Size(1, taps),
                     sideways ? kSmearSigma : 0, sideways ? 0 : kSmearSigma);
    WarpedGrid sharp{grid.size, {}};
    cv::addWeighted(grid.gray, 1 + kSmearAmount, soft, -kSmearAmount, 0, sharp.gray);
    return sharp;
}

WarpedGrid Sharpened(const WarpedGrid& grid) {
    cv::Mat soft;
    cv::GaussianBlur(grid.gray, soft, {0, 0}, kBlurSigma);
    WarpedGrid sharp{grid.size, {}};
    cv::addWeighted(grid.gray, 1 + kAmount, soft, -kAmount, 0, sharp.gray);
    return sharp;
}

}  // namespace sudoku
