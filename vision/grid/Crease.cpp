#include "vision/grid/Crease.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <utility>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "vision/grid/GrayLevels.h"

namespace sudoku {
namespace {

// Creases are looked for at half the size, as EvenlyLit's shadow edges are.
constexpr int kHalfCell = kCellPixels / 2;
// A crease and a stroke are 2 to 6 pixels of a 40-pixel cell wide (Focus.h): a closing with a
// square wider than both (5 pixels at half size) lifts them off the paper.
constexpr int kClosing = 5;
// A pixel this much darker than the paper closed over it is a crease's or a stroke's: a share of
// the paper's light, and at least kLeastRidge levels (a tenth of the way down shows as a stroke
// once the classifier stretches an empty cell's levels).
constexpr double kRidgeShare = 0.08;
constexpr int kLeastRidge = 8;
// The grid's own lines, thick ones too, lie within this many pixels (at half size) of a multiple
// of the cell: left out of the search, which would otherwise find them.
constexpr int kLineBand = 2;
// The frame's lines may lie further inside the grid as straightened: a crease is not looked for
// along them within this many pixels (a third of a cell).
constexpr int kFrameBand = kHalfCell / 3;
// Creases looked for: within 20 degrees of the grid's rows or columns.
constexpr double kMaxSlope = 0.36;
// A crease is dark along this share of its length outside the lines' bands, at least, and along
// this share of the rows just outside them, where a crease runs on but a cell's digit seldom
// reaches: a line down the middle of a column filled in by hand meets a stroke in most rows.
constexpr double kLeastRun = 0.75;
// At most this many creases each way: a page folded in four has one each way.
constexpr int kMostCreases = 2;
// Two creases each way are this far apart at least (at half size).
constexpr int kApart = 4;

// The light across a crease is measured this many pixels (full size) either side of it, and the
// paper's beside it further out; the crease's shade is divided out by at most kMostGain.
constexpr int kReach = 6;
constexpr int kPaperBeside[] = {9, 12, 15};
constexpr double kMostGain = 2.0;
// The grid's lines at full size: pixels within this of a multiple of the cell.
constexpr int kFullLineBand = 3;
// The light across a crease is measured over a third of the grid at a time: a digit's stroke
// along the crease covers too little of that to be taken for its shade.
constexpr int kStretches = 3;
// The crease's path is looked for this many pixels either side of the line found at half size.
constexpr int kPathMove = 4;

bool NearLine(int pixel, int cell, int band) {
    const int off = pixel % cell;
    return off <= band || off >= cell - band;
}

// Dark thin marks away from the grid's lines, at half size: 255 where a crease or a stroke is.
cv::Mat RidgeMask(const cv::Mat& half) {
    cv::Mat closed;
    cv::morphologyEx(half, closed, cv::MORPH_CLOSE,
                     cv::getStructuringElement(cv::MORPH_RECT, {kClosing, kClosing}));
    const int paper = GrayLevelOfShare(closed, 0.5);
    const int least = std::max(kLeastRidge, static_cast<int>(kRidgeShare * paper));
    cv::Mat mask = (closed - half) > least;
    for (int y = 0; y < mask.rows; ++y) {
        auto* row = mask.ptr<std::uint8_t>(y);
        const bool lineRow = NearLine(y, kHalfCell, kLineBand);
        for (int x = 0; x < mask.cols; ++x)
            if (lineRow || NearLine(x, kHalfCell, kLineBand)) row[x] = 0;
    }
    return mask;
}

// The mask seen with its rows along the creases looked for: transposed for creases along rows.
// A line along it is x = offset + slope * (y - middle).
struct LineSearch {
    cv::Mat mask;
    int side;
    double middle;
    double step;  // between slopes: the line's ends move a pixel
    int slopes;
    int pad;  // offsets start this far left of the mask

    explicit LineSearch(cv::Mat m)
        : mask(std::move(m)),
          side(mask.rows),
          middle(side / 2.0),
          step(1.0 / middle),
          slopes(2 * static_cast<int>(kMaxSlope / step) + 1),
          pad(static_cast<int>(std::ceil(kMaxSlope * middle)) + 1) {}

    double slopeAt(int k) const { return (k - slopes / 2) * step; }
    int offsets() const { return side + 2 * pad; }

    // The rows just outside the lines' bands, where a crease runs on and a digit seldom reaches.
    static bool MarginRow(int y) {
        return NearLine(y, kHalfCell, kLineBand + 1) && !NearLine(y, kHalfCell, kLineBand);
    }
    int marginRows() const {
        int rows = 0;
        for (int y = 0; y < side; ++y)
            rows += MarginRow(y);
        return rows;
    }

    // Votes of the margin rows' dark pixels for each (slope, offset), offsets rounded. Only
    // those rows vote: a tenth of the pixels, and few of a filled-in grid's strokes.
    cv::Mat votes() const {
        cv::Mat acc = cv::Mat::zeros(slopes, offsets(), CV_32S);
        std::vector<int> shift(static_cast<std::size_t>(slopes));
        for (int y = 0; y < side; ++y) {
            if (!MarginRow(y)) continue;
            for (int k = 0; k < slopes; ++k)
                shift[k] = pad - static_cast<int>(std::lround(slopeAt(k) * (y - middle)));
            const auto* row = mask.ptr<std::uint8_t>(y);
            for (int x = 0; x < side; ++x) {
                if (!row[x]) continue;
                for (int k = 0; k < slopes; ++k)
                    ++acc.at<int>(k, x + shift[k]);
            }
        }
        return acc;
    }

    // The share of the line's rows outside the lines' bands where it is dark within a pixel, and
    // the share of those just outside the bands, where a cell's digit seldom reaches: a line
    // down the middle of a column filled in by hand meets a stroke in most rows, but not there.
    struct Run {
        double all = 0;
        double margins = 0;
    };
    Run run(double offset, double slope) const {
        int eligible = 0, dark = 0, margins = 0, darkMargins = 0;
        for (int y = 0; y < side; ++y) {
            const int x = static_cast<int>(std::lround(offset + slope * (y - middle)));
            if (x < 1 || x >= side - 1 || NearLine(y, kHalfCell, kLineBand) ||
                NearLine(x, kHalfCell, kLineBand))
                continue;
            const auto* row = mask.ptr<std::uint8_t>(y);
            const bool isDark = row[x - 1] || row[x] || row[x + 1];
            const bool margin = MarginRow(y);
            ++eligible;
            dark += isDark;
            margins += margin;
            darkMargins += margin && isDark;
        }
        if (eligible < side / 2 || margins < side / kHalfCell) return {};
        return {static_cast<double>(dark) / eligible, static_cast<double>(darkMargins) / margins};
    }
};

// Whether a line lies along one of the grid's own lines, a little off its band, or along its
// frame a little inside it (the frame's warp is the least sure).
bool AlongGridLine(double offset, double slope, int side) {
    const int nearest = static_cast<int>(std::lround(offset / kHalfCell)) * kHalfCell;
    // How far from the line at most along the grid's length.
    const double furthest = std::abs(offset - nearest) + std::abs(slope) * side / 2;
    const bool frame = nearest == 0 || nearest == side;
    return furthest <= (frame ? kFrameBand : kLineBand + 2);
}

// The creases of one direction, at half size, found in `search`.
std::vector<GridCrease> CreasesAlong(const LineSearch& search, bool alongColumns) {
    std::vector<GridCrease> found;
    cv::Mat votes = search.votes();
    // Fewer votes than half the margin rows: no line is dark in enough of them (its votes may
    // fall in the bins either side where it is two pixels wide).
    const double leastVotes = search.marginRows() / 2.0;
    while (static_cast<int>(found.size()) < kMostCreases) {
        double most = 0;
        cv::Point best;
        cv::minMaxLoc(votes, nullptr, &most, nullptr, &best);
        if (most < leastVotes) break;
        const double offset = best.x - search.pad, slope = search.slopeAt(best.y);
        // Cleared around it at every slope, for the next line looked at.
        votes.colRange(std::max(0, best.x - kApart), std::min(votes.cols, best.x + kApart + 1))
            .setTo(0);
        if (AlongGridLine(offset, slope, search.side)) continue;
        const LineSearch::Run run = search.run(offset, slope);
        if (run.all >= kLeastRun && run.margins >= kLeastRun)
            found.push_back({alongColumns, offset, slope});
    }
    return found;
}

// A crease at half size as the full-size grid has it (pixel i of the half covers 2i and 2i + 1).
GridCrease AtFullSize(const GridCrease& crease) {
    return {crease.alongColumns, 2 * crease.offset + 0.5, crease.slope};
}

// The grid seen with its rows along the crease: a pixel (along, across) of the view.
struct CreaseView {
    cv::Mat& gray;
    bool alongColumns;
    std::uint8_t& at(int along, int across) const {
        return alongColumns ? gray.at<std::uint8_t>(along, across)
                            : gray.at<std::uint8_t>(across, along);
    }
};

// Where the crease runs: its pixel across the view for each pixel along it.
using CreasePath = std::vector<double>;

// The paper's light at `across` pixels from the crease's path, over its stretch [from, to), left
// out where the grid's lines cross it or run beside it: the level a quarter of the pixels are
// brighter than, which the strokes of the digits crossed (or run along) do not move.
double LightAcross(const CreaseView& view, const CreasePath& path, int from, int to, int across) {
    const int side = static_cast<int>(path.size());
    std::vector<double> levels;
    for (int along = from; along < to; ++along) {
        const int x = static_cast<int>(std::lround(path[along])) + across;
        if (x < 0 || x >= side || NearLine(along, kCellPixels, kFullLineBand) ||
            NearLine(x, kCellPixels, kFullLineBand))
            continue;
        levels.push_back(view.at(along, x));
    }
    return ValueOfShare(std::move(levels), 0.75);
}

// The crease's path: the straight line found at half size, moved in each cell's length to where
// the crease is darkest there (the grid is straightened cell by cell, so a straight crease in the
// photo bends a little at the cells' edges), the moves joined smoothly from cell to cell.
CreasePath PathOf(const CreaseView& view, const GridCrease& crease, int side) {
    CreasePath line(static_cast<std::size_t>(side));
    for (int along = 0; along < side; ++along)
        line[along] = crease.offset + crease.slope * (along - side / 2.0);
    const int cells = side / kCellPixels;
    std::vector<double> moves(static_cast<std::size_t>(cells));
    for (int cell = 0; cell < cells; ++cell) {
        double darkest = 256;
        for (int move = -kPathMove; move <= kPathMove; ++move) {
            const double light =
                LightAcross(view, line, cell * kCellPixels, (cell + 1) * kCellPixels, move);
            if (light > 0 && light < darkest) {
                darkest = light;
                moves[cell] = move;
            }
        }
    }
    CreasePath path = line;
    for (int along = 0; along < side; ++along) {
        const double at = std::clamp((along + 0.5) / kCellPixels - 0.5, 0.0, cells - 1.0);
        const int before = static_cast<int>(at);
        const int after = std::min(before + 1, cells - 1);
        const double share = at - before;
        path[along] += (1 - share) * moves[before] + share * moves[after];
    }
    return path;
}

// Divides the crease's shade out of the stretch [from, to) of its path.
void EvenStretch(const CreaseView& view, const CreasePath& path, int from, int to) {
    double paper = 0;
    for (int beside : kPaperBeside)
        paper = std::max({paper, LightAcross(view, path, from, to, -beside),
                          LightAcross(view, path, from, to, beside)});
    if (paper <= 0) return;
    double gain[2 * kReach + 1];
    for (int across = -kReach; across <= kReach; ++across) {
        // Left as it is where nothing was measured: the crease runs along a line of the grid
        // there, or past the grid's edge.
        const double light = LightAcross(view, path, from, to, across);
        gain[across + kReach] =
            light > 0 ? std::clamp(paper / light, 1 / kMostGain, kMostGain) : 1.0;
    }
    const int side = static_cast<int>(path.size());
    for (int along = from; along < to; ++along) {
        const int centre = static_cast<int>(std::lround(path[along]));
        for (int across = -kReach; across <= kReach; ++across) {
            const int x = centre + across;
            if (x < 0 || x >= side) continue;
            std::uint8_t& pixel = view.at(along, x);
            pixel = cv::saturate_cast<std::uint8_t>(pixel * gain[across + kReach]);
        }
    }
}

}  // namespace

std::vector<GridCrease> FindCreases(const WarpedGrid& grid) {
    cv::Mat half;
    cv::resize(grid.gray, half, {}, 0.5, 0.5, cv::INTER_AREA);
    const cv::Mat mask = RidgeMask(half);
    std::vector<GridCrease> creases = CreasesAlong(LineSearch(mask), true);
    for (const GridCrease& crease : CreasesAlong(LineSearch(mask.t()), false))
        creases.push_back(crease);
    for (GridCrease& crease : creases)
        crease = AtFullSize(crease);
    return creases;
}

WarpedGrid Uncreased(WarpedGrid grid) {
    const std::vector<GridCrease> creases = FindCreases(grid);
    if (creases.empty()) return grid;
    // Into pixels of its own: the grid passed in may share them with the caller's.
    grid.gray = grid.gray.clone();
    const int side = grid.gray.rows;
    for (const GridCrease& crease : creases) {
        const CreaseView view{grid.gray, crease.alongColumns};
        const CreasePath path = PathOf(view, crease, side);
        for (int s = 0; s < kStretches; ++s)
            EvenStretch(view, path, side * s / kStretches, side * (s + 1) / kStretches);
    }
    return grid;
}

}  // namespace sudoku
