#include "vision/reading/CoveredCells.h"

#include <algorithm>
#include <array>
#include <span>

#include <opencv2/imgproc.hpp>

#include "vision/grid/GrayLevels.h"
#include "vision/reading/InkColour.h"

namespace sudoku {
namespace {

// Wider than any stroke or line (3 to 5 pixels of a 40-pixel cell), narrower than a finger: a
// closing this wide leaves the paper's light, or what covers it.
constexpr int kPaperWindow = 13;
// Paper under kDarkPaper of the grid's (its 80th percentile after the closing) is covered or in
// shadow; over kDarkCellShare of a cell's middle (its middle kDigitMiddle, where a digit's strokes
// are: a fingertip beside a digit leaves it to be read), the cell's lines are looked at.
constexpr double kDarkPaper = 0.75;
constexpr double kDarkCellShare = 0.25;
constexpr double kDigitMiddle = 0.6;
// A line is looked for kLineBand pixels either side of where the lattice puts it, and only inside
// the dark part, kEdgeMargin pixels in from its edge (the edge of a finger is itself a dark line
// against the paper beside it).
constexpr int kLineBand = 3;
constexpr int kEdgeMargin = 9;
// Fewer pixels of a cell's borders than this inside the dark part say nothing.
constexpr int kMinBorderPixels = 10;

cv::Rect MiddleOf(const cv::Rect& cell) {
    const int inset = cvRound(cell.width * (1 - kDigitMiddle) / 2);
    return {cell.x + inset, cell.y + inset, cell.width - 2 * inset, cell.height - 2 * inset};
}

// How deep each pixel along the lattice's lines lies under the paper around it: 1 - the least
// ratio of gray to paper across the line's band. Row i of `rows` is the horizontal line at
// y = i * kCellPixels, row i of `cols` the vertical one at x = i * kCellPixels.
struct LineDepths {
    cv::Mat rows, cols;
};

// 1 - the least ratio of `gray` to `paper` over the pixels `step` apart from `first`, `count` of
// them: across a line's band.
float DepthAcross(const cv::Mat& gray, const cv::Mat& paper, cv::Point first, cv::Point step,
                  int count) {
    float least = 1;
    for (int k = 0; k < count; ++k) {
        const cv::Point at = first + step * k;
        least = std::min(least, static_cast<float>(gray.at<uchar>(at)) /
                                    static_cast<float>(std::max<uchar>(paper.at<uchar>(at), 1)));
    }
    return 1 - least;
}

// Measured along the lines' bands only: the whole grid in floating point took most of the time.
LineDepths MeasureLineDepths(const cv::Mat& gray, const cv::Mat& paper, int n) {
    LineDepths d{cv::Mat(n + 1, gray.cols, CV_32F), cv::Mat(n + 1, gray.rows, CV_32F)};
    for (int i = 0; i <= n; ++i) {
        const int atRow = std::min(i * kCellPixels, gray.rows - 1);
        const int top = std::max(0, atRow - kLineBand);
        const int rows = std::min(gray.rows, atRow + kLineBand + 1) - top;
        for (int x = 0; x < gray.cols; ++x)
            d.rows.at<float>(i, x) = DepthAcross(gray, paper, {x, top}, {0, 1}, rows);
        const int atCol = std::min(i * kCellPixels, gray.cols - 1);
        const int left = std::max(0, atCol - kLineBand);
        const int cols = std::min(gray.cols, atCol + kLineBand + 1) - left;
        for (int y = 0; y < gray.rows; ++y)
            d.cols.at<float>(i, y) = DepthAcross(gray, paper, {left, y}, {1, 0}, cols);
    }
    return d;
}

double TypicalDepth(const LineDepths& d) {
    std::vector<double> all;
    all.reserve(d.rows.total() + d.cols.total());
    for (const cv::Mat& m : {d.rows, d.cols})
        for (int r = 0; r < m.rows; ++r)
            for (int c = 0; c < m.cols; ++c)
                all.push_back(m.at<float>(r, c));
    return Median(std::move(all));
}

// The mean depth of cell (row, col)'s border lines where `inner` (the dark part, away from its
// edge) holds them; a negative value when too few of its border pixels lie there.
double BorderDepthInside(const LineDepths& d, const cv::Mat& inner, int row, int col) {
    double sum = 0;
    int count = 0;
    const auto add = [&](int y, int x, float depth) {
        if (inner.at<uchar>(std::min(y, inner.rows - 1), std::min(x, inner.cols - 1))) {
            sum += depth;
            ++count;
        }
    };
    for (int t = 2; t < kCellPixels - 2; ++t) {
        const int x = col * kCellPixels + t, y = row * kCellPixels + t;
        add(row * kCellPixels, x, d.rows.at<float>(row, x));
        add((row + 1) * kCellPixels, x, d.rows.at<float>(row + 1, x));
        add(y, col * kCellPixels, d.cols.at<float>(col, y));
        add(y, (col + 1) * kCellPixels, d.cols.at<float>(col + 1, y));
    }
    return count < kMinBorderPixels ? -1 : sum / count;
}

// The grid's paper: the 80th percentile of its light (closed over the ink), from every fourth row:
// the light changes over cells, not rows, and counting every row took a third of the time.
int GridPaper(const cv::Mat& paper) {
    const cv::Mat everyFourthRow((paper.rows + 3) / 4, paper.cols, paper.type(), paper.data,
                                 paper.step * 4);
    return GrayLevelOfShare(everyFourthRow, 0.8);
}

// The cells whose middle is dark over kDarkCellShare of it (row-major).
std::vector<int> DarkCells(const cv::Mat& dark, const WarpedGrid& grid) {
    std::vector<int> cells;
    for (int row = 0; row < grid.size; ++row)
        for (int col = 0; col < grid.size; ++col) {
            const cv::Rect middle = MiddleOf(grid.cellRect(row, col));
            if (cv::countNonZero(dark(middle)) >= kDarkCellShare * middle.area())
                cells.push_back(row * grid.size + col);
        }
    return cells;
}

// The median chroma of the photo's colour at `points` (u, v from 0 to 1) across `cell`.
InkChroma ChromaAt(const GridLattice& lattice, const cv::Mat& colour, double colourScale, int cell,
                   std::span<const cv::Point2f> points) {
    std::vector<InkChroma> chroma;
    for (const cv::Point2f& p : points)
        chroma.push_back(LabChroma(ColourInCell(colour, colourScale, lattice, cell / lattice.size,
                                                cell % lattice.size, p.x, p.y)));
    return MedianChroma(chroma);
}

}  // namespace

std::vector<int> CellsWithHiddenLines(const WarpedGrid& grid) {
    cv::Mat paper;
    cv::morphologyEx(grid.gray, paper, cv::MORPH_CLOSE,
                     cv::getStructuringElement(cv::MORPH_RECT, {kPaperWindow, kPaperWindow}));
    const cv::Mat dark = paper < kDarkPaper * GridPaper(paper);
    const std::vector<int> darkCells = DarkCells(dark, grid);
    if (darkCells.empty()) return {};  // nearly every grid: its lines need no measuring
    cv::Mat inner;
    cv::erode(dark, inner, cv::getStructuringElement(cv::MORPH_RECT, {kEdgeMargin, kEdgeMargin}));
    const LineDepths depths = MeasureLineDepths(grid.gray, paper, grid.size);
    const double typical = TypicalDepth(depths);
    std::vector<int> covered;
    for (const int cell : darkCells) {
        const double depth = BorderDepthInside(depths, inner, cell / grid.size, cell % grid.size);
        if (depth >= 0 && depth < kHiddenLineShare * typical) covered.push_back(cell);
    }
    return covered;
}

std::vector<int> UnlikeThePaper(const std::vector<int>& cells, const GridLattice& lattice,
                                const cv::Mat& colour, double colourScale) {
    if (cells.empty() || colour.empty()) return {};
    // The paper: near each cell's corners, clear of its digit and its lines.
    const std::array<cv::Point2f, 4> corners = {
        cv::Point2f(0.18f, 0.18f), {0.82f, 0.18f}, {0.18f, 0.82f}, {0.82f, 0.82f}};
    std::vector<InkChroma> papers;
    for (int cell = 0; cell < lattice.size * lattice.size; ++cell)
        papers.push_back(ChromaAt(lattice, colour, colourScale, cell, corners));
    const InkChroma paper = MedianChroma(papers);
    // A cell's middle: where a digit's strokes leave most of it paper, the median is the paper's.
    std::vector<cv::Point2f> middle;
    for (const float v : {0.35f, 0.5f, 0.65f})
        for (const float u : {0.35f, 0.5f, 0.65f})
            middle.emplace_back(u, v);
    std::vector<int> unlike;
    for (const int cell : cells)
        if (cv::norm(ChromaAt(lattice, colour, colourScale, cell, middle) - paper) >=
            kUnlikePaperChroma)
            unlike.push_back(cell);
    return unlike;
}

}  // namespace sudoku
