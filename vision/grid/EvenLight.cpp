#include "vision/grid/EvenLight.h"

#include <algorithm>
#include <cmath>

#include <opencv2/imgproc.hpp>

#include "vision/grid/GrayLevels.h"

namespace sudoku {
namespace {

// A shadow's edge: the paper's light changes by this factor (1.5) within a fifth of a cell.
const double kShadowStep = std::log(1.5);

// A grid's paper: the gray level of this share of its pixels (lines and digits cover less than a
// tenth of a grid). Paper dimmer than kDimPaper is brought up to it: the 320 training photos'
// paper lies at 117 to 218 (median 162); 130, 140 and 150 read the darkened held-out photos alike.
constexpr double kPaperShare = 0.9;
constexpr int kDimPaper = 140;

// A grid's ink depth (InkDepth) lies at 72 to 174 gray levels on the 159 filled-in training
// photos (median 101), at 54 to 176 on the printed ones. The held-out photos as an old phone
// would take them (bench/old_phone_probes.py: blurred 2, 3 and 4 pixels at 1600, contrast 0.7,
// 0.6, 0.5) measure medians of 63, 51 and 40; read deepened and sharpened below 50, 26, 25 and 25
// of their 32 filled-in grids read exactly instead of 26, 23 and 14. Below 60 or 72 more of those
// read, but grids darkened by a shadow, blurred or shaken (ShadowTest, BlurTest, EntryCheckTest)
// fell under it too and read worse; sharpening every grid cost 5 of the 159 sharp filled-in ones.
constexpr double kPaperOfDepth = 0.8;
constexpr double kInkOfDepth = 0.01;
constexpr int kFlatDepth = 50;
// Under the filled-in training photos' least depth: no sharp photo of the folder reaches it.
constexpr int kShallowDepth = 72;

// The largest difference between `values` and themselves moved by `step`.
double LargestChange(const cv::Mat& values, cv::Point step) {
    const cv::Rect from(0, 0, values.cols - step.x, values.rows - step.y);
    double largest = 0;
    cv::minMaxLoc(cv::abs(values(from + step) - values(from)), nullptr, &largest);
    return largest;
}

// The paper's light at every pixel of a grid of `cell` pixels a cell: the ink (strokes narrower
// than `side` pixels) closed over with the paper beside it.
cv::Mat PaperLight(const cv::Mat& gray, int cell, int side) {
    cv::Mat paper;
    cv::morphologyEx(gray, paper, cv::MORPH_CLOSE,
                     cv::getStructuringElement(cv::MORPH_RECT, {side, side}));
    const int grain = cell / 8 | 1;
    cv::blur(paper, paper, {grain, grain});  // the paper's grain, not its light
    return paper;
}

// Whether the paper's light changes by kShadowStep within a fifth of a cell somewhere.
bool HasShadowEdge(const cv::Mat& paper, int cell) {
    cv::Mat light;
    paper.convertTo(light, CV_32F);
    cv::log(light + 1, light);
    const int width = cell / 5;
    return std::max(LargestChange(light, {width, 0}), LargestChange(light, {0, width})) >
           kShadowStep;
}

}  // namespace

WarpedGrid EvenlyLit(WarpedGrid grid) {
    // Looked for at half the size: a quarter of the work, on every grid read.
    cv::Mat half;
    cv::resize(grid.gray, half, {}, 0.5, 0.5, cv::INTER_AREA);
    constexpr int kCellAtHalfSize = kCellPixels / 2;
    // The edge is found with a square of half a cell, wide enough to close over any digit.
    const cv::Mat halfPaper = PaperLight(half, kCellAtHalfSize, kCellAtHalfSize / 2 + 1);
    if (!HasShadowEdge(halfPaper, kCellAtHalfSize)) return grid;
    // Closed over with a square only a little wider than a stroke (lines and strokes are 2 to 6
    // px of a 40-px cell, see Focus): where the shadow's edge slants across the grid, the
    // closing follows it in steps of the square's side, and a step through a digit bleaches
    // the strokes beside the edge. Half a cell misread digits on the edge that a fifth reads
    // (README, "A shadow's edge").
    const cv::Mat paper = PaperLight(grid.gray, kCellPixels, kCellPixels / 5 + 1);
    // The brightest paper, not white: a dim photo stays as dim, only evenly so.
    cv::divide(grid.gray, paper, grid.gray, GrayLevelOfShare(paper, 0.98));
    return grid;
}

WarpedGrid Brightened(WarpedGrid grid) {
    const int paper = GrayLevelOfShare(grid.gray, kPaperShare);
    if (paper >= kDimPaper || paper <= 0) return grid;
    grid.gray.convertTo(grid.gray, -1, double(kDimPaper) / paper);
    return grid;
}

InkDepth MeasureInkDepth(const WarpedGrid& grid) {
    const auto [ink, paper] = GrayLevelsOfShares(grid.gray, kInkOfDepth, kPaperOfDepth);
    return {paper, ink};
}

bool LooksFlat(const InkDepth& depth) {
    return depth.levels() < kFlatDepth;
}

bool LooksShallow(const InkDepth& depth) {
    return depth.levels() < kShallowDepth;
}

WarpedGrid Deepened(WarpedGrid grid, const InkDepth& depth) {
    if (!LooksFlat(depth)) return grid;
    // Every level moved away from the paper's, which stays: gray = paper - gain * (paper - gray).
    const double gain = double(kFlatDepth) / std::max(1, depth.levels());
    // Into pixels of its own: the grid passed in may share them with the caller's.
    cv::Mat deeper;
    grid.gray.convertTo(deeper, -1, gain, depth.paper * (1 - gain));
    grid.gray = deeper;
    return grid;
}

}  // namespace sudoku
