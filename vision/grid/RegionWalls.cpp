#include "vision/grid/RegionWalls.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <sstream>

#include "solver/Geometry.h"

namespace sudoku {
namespace {

// Half the width of the strip across a wall whose ink is summed.
constexpr int kHalfStrip = kCellPixels / 5;
// How far from where the lattice puts it a wall's line is looked for: the lattice is fitted on
// the lines to a pixel or two; further off lies the flat edge of a digit (a B's foot).
constexpr int kLineSearch = kCellPixels * 3 / 40;
// Half the width around the line's middle where its ink is summed: a thick line blurred fits in
// it; the strokes of a digit beside the wall (the middle 60% of a cell) do not, not even the flat
// top of a 7 or a D along a horizontal wall.
constexpr int kHalfLine = kCellPixels / 10;
// The ends of a wall are left out: the crossing lines' ink is there.
constexpr int kWallEnd = kCellPixels / 4;
// Thick lines are printed about twice as wide as thin ones; with less than this ratio between
// the two kinds of wall, thin and thick cannot be told apart.
constexpr double kMinThickToThin = 1.4;
// A wall whose ink lies this share of the gap (in log ink) from the threshold is doubtful.
constexpr double kDoubtfulShare = 0.25;

// A wall between two neighbouring cells (a < b), how much ink runs along it, and whether that is
// close to the threshold between thin and thick.
struct Wall {
    int a = 0;
    int b = 0;
    double ink = 0;
    bool doubtful = false;
};

double Percentile(std::vector<double> values, double q) {
    const auto k = static_cast<std::ptrdiff_t>(q * static_cast<double>(values.size() - 1));
    std::nth_element(values.begin(), values.begin() + k, values.end());
    return values[static_cast<std::size_t>(k)];
}

// The darkness below the paper across a wall's strip at every step along it, relative to the
// paper (a shadow darkens paper and ink alike): steps x (2 kHalfStrip + 1) values, row by row.
// `fixed` is the wall's position across, [from, to) its pixels along.
std::vector<double> Darkness(const cv::Mat& gray, int fixed, int from, int to, bool vertical) {
    std::vector<double> strip;
    for (int along = from; along < to; ++along)
        for (int across = fixed - kHalfStrip; across <= fixed + kHalfStrip; ++across)
            strip.push_back(vertical ? gray.at<uchar>(along, across)
                                     : gray.at<uchar>(across, along));
    const double paper = std::max(1.0, Percentile(strip, 0.85));
    for (double& value : strip)
        value = std::max(0.0, paper - value) / paper;
    return strip;
}

// Where across the strip the wall's line runs: the darkest offset of the median profile near the
// strip's middle (a digit's stroke beside the wall darkens only some steps, the line all).
int LineMiddle(const std::vector<double>& darkness, int steps) {
    constexpr int width = 2 * kHalfStrip + 1;
    int middle = kHalfStrip;
    double darkest = -1;
    for (int k = kHalfStrip - kLineSearch; k <= kHalfStrip + kLineSearch; ++k) {
        std::vector<double> column;
        for (int step = 0; step < steps; ++step)
            column.push_back(darkness[static_cast<std::size_t>(step * width + k)]);
        const double median = Percentile(column, 0.5);
        if (median > darkest) darkest = median, middle = k;
    }
    return middle;
}

// The ink along a wall, in pixels of black across it: at every step along the wall the
// darkness summed across the line (blur spreads it, the sum stays), then the median along the
// wall (a digit's stroke touching it changes a few steps).
double WallInk(const cv::Mat& gray, int fixed, int from, int to, bool vertical) {
    constexpr int width = 2 * kHalfStrip + 1;
    const int steps = to - from;
    const std::vector<double> darkness = Darkness(gray, fixed, from, to, vertical);
    const int middle = LineMiddle(darkness, steps);
    const int first = std::max(0, middle - kHalfLine),
              last = std::min(width - 1, middle + kHalfLine);
    std::vector<double> sums;
    for (int step = 0; step < steps; ++step) {
        double sum = 0;
        for (int k = first; k <= last; ++k)
            sum += darkness[static_cast<std::size_t>(step * width + k)];
        sums.push_back(sum);
    }
    return Percentile(sums, 0.5);
}

std::vector<Wall> MeasureWalls(const WarpedGrid& grid) {
    const int n = grid.size;
    std::vector<Wall> walls;
    for (int row = 0; row < n; ++row)
        for (int col = 0; col < n; ++col) {
            const int cell = row * n + col;
            const int top = row * kCellPixels, left = col * kCellPixels;
            if (col + 1 < n)
                walls.push_back({cell, cell + 1,
                                 WallInk(grid.gray, left + kCellPixels, top + kWallEnd,
                                         top + kCellPixels - kWallEnd, true)});
            if (row + 1 < n)
                walls.push_back({cell, cell + n,
                                 WallInk(grid.gray, top + kCellPixels, left + kWallEnd,
                                         left + kCellPixels - kWallEnd, false)});
        }
    return walls;
}

// The split of the walls' log ink into thin and thick that separates the two best (Otsu's), as
// the means of both kinds.
struct InkSplit {
    double thin = 0;
    double thick = 0;
    double threshold() const { return 0.5 * (thin + thick); }
};

InkSplit SplitInk(const std::vector<Wall>& walls) {
    std::vector<double> logs;
    for (const Wall& w : walls)
        logs.push_back(std::log(std::max(w.ink, 1e-3)));
    std::sort(logs.begin(), logs.end());
    const double total = std::accumulate(logs.begin(), logs.end(), 0.0);
    const auto count = static_cast<double>(logs.size());
    InkSplit best;
    double bestSpread = -1, below = 0;
    for (std::size_t k = 1; k < logs.size(); ++k) {
        below += logs[k - 1];
        const double n1 = static_cast<double>(k), n2 = count - n1;
        const double m1 = below / n1, m2 = (total - below) / n2;
        const double spread = n1 * n2 * (m2 - m1) * (m2 - m1);
        if (spread > bestSpread) bestSpread = spread, best = {m1, m2};
    }
    return best;
}

class UnionFind {
public:
    explicit UnionFind(int count) : parent_(static_cast<std::size_t>(count)) {
        std::iota(parent_.begin(), parent_.end(), 0);
    }
    int find(int x) {
        while (parent_[x] != x)
            x = parent_[x] = parent_[parent_[x]];
        return x;
    }
    void join(int a, int b) { parent_[find(a)] = find(b); }

private:
    std::vector<int> parent_;
};

// (Written to a stream: GCC 12 warns falsely about std::string's operator+ here.)
std::string CellName(int cell, int n) {
    std::ostringstream name;
    name << 'r' << cell / n + 1 << 'c' << cell % n + 1;
    return name.str();
}

// Why the regions the thin walls join are no jigsaw's, or empty when they are one. A wall read
// thick but only doubtfully, with one region on both sides, borders nothing: a digit or a speck
// beside a thin line, not a border (the map does not depend on it). A sure one is a problem.
std::string MapProblem(const std::vector<int>& regionOf, const std::vector<Wall>& thick, int n) {
    const int regions = *std::max_element(regionOf.begin(), regionOf.end()) + 1;
    std::ostringstream problem;
    if (regions != n) {
        problem << "the borders read make " << regions << " regions, not " << n;
        return problem.str();
    }
    if (auto mapProblem = Geometry::RegionMapProblem(regionOf)) return *mapProblem;
    for (const Wall& w : thick)
        if (!w.doubtful && regionOf[w.a] == regionOf[w.b]) {
            problem << "the thick line between " << CellName(w.a, n) << " and " << CellName(w.b, n)
                    << " lies inside one region";
            return problem.str();
        }
    return {};
}

}  // namespace

std::vector<int> RegionsInReadingOrder(const std::vector<int>& regionOf) {
    std::vector<int> renamed(regionOf.size(), -1), nameOf;
    for (std::size_t cell = 0; cell < regionOf.size(); ++cell) {
        const auto label = static_cast<std::size_t>(regionOf[cell]);
        if (label >= nameOf.size()) nameOf.resize(label + 1, -1);
        if (nameOf[label] < 0)
            nameOf[label] = static_cast<int>(
                std::count_if(nameOf.begin(), nameOf.end(), [](int name) { return name >= 0; }));
        renamed[cell] = nameOf[label];
    }
    return renamed;
}

std::vector<int> TurnRegionMap(const std::vector<int>& regionOf, int n, int quarterTurns) {
    std::vector<int> turned = regionOf;
    for (int t = 0; t < quarterTurns % 4; ++t) {
        std::vector<int> next(turned.size());
        for (int cell = 0; cell < n * n; ++cell)
            next[CellTurnedClockwise(cell, n)] = turned[cell];
        turned = std::move(next);
    }
    return RegionsInReadingOrder(turned);
}

RegionWalls ReadRegionWalls(const WarpedGrid& grid) {
    const int n = grid.size;
    const std::vector<Wall> walls = MeasureWalls(grid);
    RegionWalls read;
    const InkSplit split = SplitInk(walls);
    if (walls.empty() || split.thick - split.thin < std::log(kMinThickToThin)) {
        read.problem = "the region borders cannot be told from the thin lines";
        return read;
    }
    UnionFind regions(n * n);
    std::vector<Wall> thick;
    std::vector<int> doubtful;
    const double margin = kDoubtfulShare * (split.thick - split.thin);
    for (Wall w : walls) {
        const double ink = std::log(std::max(w.ink, 1e-3));
        w.doubtful = std::abs(ink - split.threshold()) < margin;
        if (w.doubtful) doubtful.insert(doubtful.end(), {w.a, w.b});
        if (ink < split.threshold())
            regions.join(w.a, w.b);
        else
            thick.push_back(w);
    }
    std::sort(doubtful.begin(), doubtful.end());
    doubtful.erase(std::unique(doubtful.begin(), doubtful.end()), doubtful.end());
    read.doubtfulCells = doubtful;
    std::vector<int> roots(n * n);
    for (int cell = 0; cell < n * n; ++cell)
        roots[cell] = regions.find(cell);
    const std::vector<int> regionOf = RegionsInReadingOrder(roots);
    read.problem = MapProblem(regionOf, thick, n);
    if (read.ok()) read.regionOf = regionOf;
    return read;
}

}  // namespace sudoku
