#include "vision/grid/LatticeCheck.h"

#include <algorithm>
#include <array>
#include <optional>
#include <utility>
#include <vector>

#include <opencv2/imgproc.hpp>

namespace sudoku {
namespace {

// Pixels per cell of the straightened strip beyond a side.
constexpr int kStripCell = 24;
// The strip runs this many cells out from the side: the line one cell out, and room around it.
constexpr float kStripDepth = 1.35f;
// Where the photo ends sooner, a strip this deep still holds the line one cell out. A lattice
// fitted a line in on a grid that fills the photo has its true frame that close to the edge.
constexpr float kMinStripDepth = 1.1f;
// A line counts as printed when ink covers this share of where it should run.
constexpr double kCovered = 0.6;
// A row of cells beyond the side holds at most this share of ink between its lines (a filled-in
// row has a digit in every cell: 0.29 and 0.30 measured on held-out photos).
constexpr double kMaxInteriorInk = 0.35;
// The grid continues when this share of the lines across the side run on through the strip.
constexpr double kLinesRunningOn = 0.7;

// The lattice's points along side k, in order, with the step out of the grid at each: the
// difference between the side's point and the next line's inside.
struct SidePoints {
    std::vector<cv::Point2f> points, outward;
};

SidePoints Side(const GridLattice& l, int k) {
    const int n = l.size;
    SidePoints s;
    for (int i = 0; i <= n; ++i) {
        cv::Point2f p, inner;
        switch (k) {
            case 0:
                p = l.at(0, i), inner = l.at(1, i);
                break;
            case 1:
                p = l.at(i, n), inner = l.at(i, n - 1);
                break;
            case 2:
                p = l.at(n, i), inner = l.at(n - 1, i);
                break;
            default:
                p = l.at(i, 0), inner = l.at(i, 1);
        }
        s.points.push_back(p);
        s.outward.push_back(p - inner);
    }
    return s;
}

// The strip beyond side k straightened: x along the side (n cells), y outward (depth cells),
// ink = 1.
cv::Mat StripInk(const cv::Mat& gray, const GridLattice& l, int k, float depth) {
    const SidePoints s = Side(l, k);
    const int n = l.size;
    const int width = n * kStripCell, height = static_cast<int>(depth * kStripCell);
    cv::Mat mapX(height, width, CV_32F), mapY(height, width, CV_32F);
    for (int y = 0; y < height; ++y) {
        const float out = (y + 0.5f) / kStripCell;
        for (int x = 0; x < width; ++x) {
            const float along = (x + 0.5f) / kStripCell;
            const int i = std::min(n - 1, static_cast<int>(along));
            const float f = along - static_cast<float>(i);
            const cv::Point2f base = (1 - f) * s.points[i] + f * s.points[i + 1];
            const cv::Point2f step = (1 - f) * s.outward[i] + f * s.outward[i + 1];
            const cv::Point2f p = base + out * step;
            mapX.at<float>(y, x) = p.x;
            mapY.at<float>(y, x) = p.y;
        }
    }
    cv::Mat strip, ink;
    cv::remap(gray, strip, mapX, mapY, cv::INTER_LINEAR, cv::BORDER_CONSTANT, cv::Scalar(255));
    cv::adaptiveThreshold(strip, ink, 1, cv::ADAPTIVE_THRESH_MEAN_C, cv::THRESH_BINARY_INV,
                          kStripCell | 1, 5);
    return ink;
}

// The best coverage of a line parallel to the side near one cell out.
double FarLineCoverage(const cv::Mat& ink) {
    double best = 0;
    for (int y = static_cast<int>(0.8 * kStripCell); y < ink.rows; ++y) {
        // A line is a pixel or three thick: the best of each column within a row's reach.
        const int y0 = std::max(0, y - 1), y1 = std::min(ink.rows, y + 2);
        cv::Mat band;
        cv::reduce(ink.rowRange(y0, y1), band, 0, cv::REDUCE_MAX);
        best = std::max(best, cv::countNonZero(band) / static_cast<double>(ink.cols));
    }
    return best;
}

// The share of ink in the first cell of the strip away from the lines across it: a row of grid
// cells is mostly paper (a digit in some), a line of text or a picture is not.
double InteriorInk(const cv::Mat& ink) {
    const cv::Mat band = ink.rowRange(kStripCell / 5, kStripCell * 4 / 5);
    int inked = 0, total = 0;
    for (int x = 0; x < band.cols; ++x) {
        const int fromLine = x % kStripCell;
        if (fromLine < kStripCell / 5 || fromLine > kStripCell * 4 / 5) continue;
        inked += cv::countNonZero(band.col(x));
        total += band.rows;
    }
    return total ? static_cast<double>(inked) / total : 1.0;
}

// How deep the strip beyond side k can run inside the image (kStripDepth at most), or 0 when
// not even kMinStripDepth fits: beyond the photo's edge nothing can be told.
float StripDepthInside(const GridLattice& l, int k, cv::Size image) {
    const SidePoints s = Side(l, k);
    const cv::Rect2f photo(0, 0, static_cast<float>(image.width), static_cast<float>(image.height));
    const auto fits = [&](float depth) {
        for (std::size_t i = 0; i < s.points.size(); ++i)
            if (!photo.contains(s.points[i] + depth * s.outward[i])) return false;
        return true;
    };
    for (float depth = kStripDepth; depth >= kMinStripDepth - 1e-3f; depth -= 0.05f)
        if (fits(depth)) return depth;
    return 0;
}

// How many of the lines across the side run on through the first cell of the strip.
int LinesRunningOn(const cv::Mat& ink, int n) {
    int running = 0;
    const int depth = kStripCell * 8 / 10;  // clear of the far line
    for (int i = 0; i <= n; ++i) {
        const int x = std::clamp(i * kStripCell, 0, ink.cols - 1);
        const int x0 = std::max(0, x - 2), x1 = std::min(ink.cols, x + 3);
        cv::Mat column;
        cv::reduce(ink(cv::Range(kStripCell / 10, depth), cv::Range(x0, x1)), column, 1,
                   cv::REDUCE_MAX);
        running += cv::countNonZero(column) >= kCovered * column.rows;
    }
    return running;
}

// How far a cell's side may differ from the next cell's along the same line before the lattice
// is not the grid's: a page curves gently, a corner fitted onto other print does not.
constexpr double kMaxNeighbourRatio = 1.7;
// Nine of ten intersections agree on the homography for the others to be mended.
constexpr double kMendAgreeing = 0.9;

double Ratio(double a, double b) {
    return std::max(a, b) / std::max(1e-6, std::min(a, b));
}

}  // namespace

bool IsRegular(const GridLattice& l) {
    const int n = l.size;
    for (int line = 0; line <= n; ++line) {
        for (int i = 0; i + 1 < n; ++i) {
            // Along horizontal line `line`: cells i and i+1; along vertical line `line` likewise.
            const double a = cv::norm(l.at(line, i + 1) - l.at(line, i));
            const double b = cv::norm(l.at(line, i + 2) - l.at(line, i + 1));
            const double c = cv::norm(l.at(i + 1, line) - l.at(i, line));
            const double d = cv::norm(l.at(i + 2, line) - l.at(i + 1, line));
            if (Ratio(a, b) > kMaxNeighbourRatio || Ratio(c, d) > kMaxNeighbourRatio) return false;
        }
    }
    return true;
}

int SideTheGridContinuesPast(const cv::Mat& gray, const GridLattice& lattice) {
    for (int k = 0; k < 4; ++k) {
        const float depth = StripDepthInside(lattice, k, gray.size());
        if (depth == 0) continue;
        const cv::Mat ink = StripInk(gray, lattice, k, depth);
        if (LinesRunningOn(ink, lattice.size) >= kLinesRunningOn * (lattice.size + 1) &&
            FarLineCoverage(ink) >= kCovered && InteriorInk(ink) < kMaxInteriorInk)
            return k;
    }
    return -1;
}

Quad QuadMovedOneCell(const GridLattice& lattice, int side) {
    const auto n = static_cast<float>(lattice.size);
    const std::array<cv::Point2f, 4> square{cv::Point2f(0, 0), cv::Point2f(n, 0), cv::Point2f(n, n),
                                            cv::Point2f(0, n)};
    const Quad corners = lattice.corners();
    const cv::Mat toPhoto = cv::getPerspectiveTransform(square.data(), corners.data());
    const cv::Point2f step = side == 0   ? cv::Point2f(0, -1)
                             : side == 1 ? cv::Point2f(1, 0)
                             : side == 2 ? cv::Point2f(0, 1)
                                         : cv::Point2f(-1, 0);
    std::vector<cv::Point2f> moved(square.begin(), square.end()), out;
    for (auto& p : moved)
        p += step;
    cv::perspectiveTransform(moved, out, toPhoto);
    return {out[0], out[1], out[2], out[3]};
}

std::optional<GridLattice> MendStrayIntersections(const GridLattice& lattice) {
    const int n = lattice.size;
    // The median cell side along the rows: a stray corner cannot make it.
    std::vector<double> sides;
    for (int r = 0; r <= n; ++r)
        for (int c = 0; c < n; ++c)
            sides.push_back(cv::norm(lattice.at(r, c + 1) - lattice.at(r, c)));
    std::nth_element(sides.begin(), sides.begin() + sides.size() / 2, sides.end());
    const double side = sides[sides.size() / 2];
    const cv::Mat h = LatticeHomography(lattice, kStrayCells * side / 2);
    if (h.empty()) return std::nullopt;
    const GridLattice predicted = LatticeFromHomography(h, n);
    GridLattice mended = lattice;
    int stray = 0;
    for (std::size_t i = 0; i < predicted.points.size(); ++i)
        if (cv::norm(lattice.points[i] - predicted.points[i]) > kStrayCells * side) {
            mended.points[i] = predicted.points[i];
            ++stray;
        }
    if (stray > (1 - kMendAgreeing) * static_cast<double>(predicted.points.size()) ||
        !IsRegular(mended))
        return std::nullopt;
    return mended;
}

namespace {

// An irregular lattice refined again, if that makes it regular: from the homography the other
// intersections agree on (a corner snapped onto print beside the grid), else from the corners
// found with fainter lines counted (a blurred photo's thin lines, which the usual threshold
// breaks into dashes too short to be seen as lines), else the first refit with its few stray
// intersections put back where the rest say (a pen's stroke across a line near one).
std::optional<GridLattice> RegularRefit(const cv::Mat& gray, const Quad& corners,
                                        const GridLattice& irregular, int size) {
    GridLattice again = RefineLattice(gray, FittedQuad(irregular), size);
    if (IsRegular(again)) return again;
    GridLattice faint = RefineLattice(gray, corners, size, kFaintLineInkOffset);
    if (IsRegular(faint)) return faint;
    return MendStrayIntersections(again);
}

}  // namespace

FittedLattice FitLattice(const cv::Mat& gray, const Quad& corners, int size) {
    constexpr int kMaxMoves = 2;
    GridLattice lattice = RefineLattice(gray, corners, size);
    int past = SideTheGridContinuesPast(gray, lattice);
    for (int move = 0; move < kMaxMoves && past >= 0; ++move) {
        lattice = RefineLattice(gray, QuadMovedOneCell(lattice, past), size);
        past = SideTheGridContinuesPast(gray, lattice);
    }
    bool regular = IsRegular(lattice);
    if (!regular) {
        if (auto again = RegularRefit(gray, corners, lattice, size)) {
            lattice = std::move(*again);
            regular = true;
            past = SideTheGridContinuesPast(gray, lattice);
        }
    }
    if (!regular) return {std::move(lattice), "its lines are not evenly spaced"};
    if (past >= 0) return {std::move(lattice), "the grid's lines run on past one of its sides"};
    return {std::move(lattice), {}};
}

}  // namespace sudoku
