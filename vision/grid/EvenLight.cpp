#include "vision/grid/EvenLight.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

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

// A glare's veil (a flash's or a lamp's reflection) lightens a cell's paper and its ink alike, so
// its ink lies shallower under its paper, where a lamp's light deepens both in proportion. A
// cell whose paper is kGlaredPaperShare of the way from the middle cell's paper up to white, and
// whose depth relative to its paper is under kGlaredDepth of the middle cell's, is read with its
// levels stretched about its paper back to that depth, by at most kMaxGlareGain. A cell's depth
// is measured down to its darkest kGlareInkShare of pixels, its lines' included (an empty cell's
// ink is its lines). Of the 319 training photos, two grids hold such cells (image1022, image1040:
// paper bright along one edge) and read as before; the held-out photos under an 80% glare
// (LampLightTest) read 20 -> 30 of 32 printed grids exactly and 12 -> 26 filled-in ones.
constexpr double kGlaredPaperShare = 0.4;
constexpr float kGlaredDepth = 0.55f;
constexpr float kMaxGlareGain = 4;
constexpr double kGlareInkShare = 0.03;
constexpr double kGlareScreenShare = 0.2;

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

namespace {

// A cell's paper and its darkest ink (its digit's, or its lines' when it is empty), measured on
// the cell and the lines around it.
InkDepth CellDepth(const WarpedGrid& grid, int row, int col) {
    constexpr int kLines = 3;  // pixels of the lines beside a cell
    const cv::Rect around =
        (grid.cellRect(row, col) + cv::Size(2 * kLines, 2 * kLines)) - cv::Point(kLines, kLines);
    const cv::Mat cell = grid.gray(around & cv::Rect(0, 0, grid.gray.cols, grid.gray.rows));
    const auto [ink, paper] = GrayLevelsOfShares(cell, kGlareInkShare, kPaperOfDepth);
    return {paper, ink};
}

// The middle of a matrix's values (CV_32F or 8-bit, as T says).
template <typename T>
double MedianOf(const cv::Mat& values) {
    return Median(std::vector<double>(values.begin<T>(), values.end<T>()));
}

// Whether some cell is brighter on average than the middle cell by kGlareScreenShare of the way
// up to white: cells' means, one shrink of the grid, rule out most grids before the cells' levels
// are measured one by one (a glared cell's paper lies kGlaredPaperShare of the way up).
bool MayBeGlared(const WarpedGrid& grid) {
    cv::Mat means;
    cv::resize(grid.gray, means, {grid.size, grid.size}, 0, 0, cv::INTER_AREA);
    double brightest = 0;
    cv::minMaxLoc(means, nullptr, &brightest);
    const double middle = MedianOf<std::uint8_t>(means);
    return brightest >= middle + kGlareScreenShare * (255 - middle);
}

}  // namespace

WarpedGrid Deglared(WarpedGrid grid) {
    const int n = grid.size;
    if (!MayBeGlared(grid)) return grid;
    cv::Mat paper(n, n, CV_32F), relative(n, n, CV_32F);
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
            const InkDepth depth = CellDepth(grid, r, c);
            paper.at<float>(r, c) = static_cast<float>(depth.paper);
            relative.at<float>(r, c) =
                static_cast<float>(depth.levels()) / static_cast<float>(std::max(1, depth.paper));
        }
    const auto middlePaper = static_cast<float>(MedianOf<float>(paper));
    const auto middleRelative = static_cast<float>(MedianOf<float>(relative));
    // Paper this much brighter than the middle cell's: this share of the way up to white.
    const auto glaredPaper =
        static_cast<float>(middlePaper + kGlaredPaperShare * (255 - middlePaper));
    cv::Mat gain(n, n, CV_32F, cv::Scalar(1));
    bool glared = false;
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
            const float rel = std::max(relative.at<float>(r, c), 1e-3f);
            if (paper.at<float>(r, c) < glaredPaper || rel >= kGlaredDepth * middleRelative)
                continue;
            gain.at<float>(r, c) = std::min(middleRelative / rel, kMaxGlareGain);
            glared = true;
        }
    if (!glared) return grid;
    const cv::Size side = grid.gray.size();
    cv::Mat paperField, gainField, gray;
    cv::resize(paper, paperField, side, 0, 0, cv::INTER_LINEAR);
    cv::resize(gain, gainField, side, 0, 0, cv::INTER_LINEAR);
    grid.gray.convertTo(gray, CV_32F);
    gray = paperField - (paperField - gray).mul(gainField);
    // Into pixels of its own (saturated to 0..255): the grid passed in may share the caller's.
    cv::Mat deglared;
    gray.convertTo(deglared, CV_8U);
    grid.gray = deglared;
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
    const double gain = double(kFlatDepth) / std::max(1, depth.levels());
    // Into pixels of its own: the grid passed in may share them with the caller's.
    cv::Mat deeper;
    StretchAboutPaper(grid.gray, deeper, depth.paper, gain);
    grid.gray = deeper;
    return grid;
}

}  // namespace sudoku
