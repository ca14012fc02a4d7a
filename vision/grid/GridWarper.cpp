#include "vision/grid/GridWarper.h"

#include <algorithm>
#include <array>
#include <cmath>

#include <opencv2/calib3d.hpp>
#include <opencv2/imgproc.hpp>

#include "vision/grid/LineInk.h"

namespace sudoku {
namespace {

// Pixels per cell of the straightened image the lines are searched in.
constexpr int kSearchCell = 24;
// How far (pixels of that image) an intersection may move from where the homography put it.
constexpr int kSearchRadius = kSearchCell / 3;
// A line must cover this share of the segment searched to count as found.
constexpr double kMinLineInk = 0.35;

struct LinePeak {
    int offset = 0;
    bool found = false;
};

// The strongest line in a profile of ink counts, centred on its plateau so a thick border is
// located at its middle, not its first pixel.
LinePeak StrongestLine(const std::vector<int>& profile, int length) {
    const int best = *std::max_element(profile.begin(), profile.end());
    LinePeak peak;
    if (best < kMinLineInk * length) return peak;
    int first = -1, last = -1;
    const int argmax =
        static_cast<int>(std::max_element(profile.begin(), profile.end()) - profile.begin());
    first = last = argmax;
    while (first > 0 && profile[first - 1] >= 0.85 * best)
        --first;
    while (last + 1 < static_cast<int>(profile.size()) && profile[last + 1] >= 0.85 * best)
        ++last;
    peak.offset = (first + last) / 2 - kSearchRadius;
    peak.found = true;
    return peak;
}

// Ink counts along horizontal segments [x0, x1) for rows y-R..y+R, from the integral image.
std::vector<int> RowProfile(const cv::Mat& integral, int y, int x0, int x1) {
    std::vector<int> profile;
    for (int dy = -kSearchRadius; dy <= kSearchRadius; ++dy) {
        const int r = std::clamp(y + dy, 0, integral.rows - 2);
        profile.push_back(integral.at<int>(r + 1, x1) - integral.at<int>(r, x1) -
                          integral.at<int>(r + 1, x0) + integral.at<int>(r, x0));
    }
    return profile;
}

std::vector<int> ColProfile(const cv::Mat& integral, int x, int y0, int y1) {
    std::vector<int> profile;
    for (int dx = -kSearchRadius; dx <= kSearchRadius; ++dx) {
        const int c = std::clamp(x + dx, 0, integral.cols - 2);
        profile.push_back(integral.at<int>(y1, c + 1) - integral.at<int>(y0, c + 1) -
                          integral.at<int>(y1, c) + integral.at<int>(y0, c));
    }
    return profile;
}

// How far (search pixels) a line's offset may stray from the curve through the line's other
// offsets and still be taken as seen on that line.
constexpr float kLineTolerance = 2.5f;
// How far (search pixels per cell) a line may drift from the homography's along its length.
constexpr float kMaxDrift = 0.5f;

// Adds to a line's agreed offsets the seen ones that continue them smoothly (within the
// tolerance of the course through their two nearest agreed neighbours on one side): a page
// curled at one end bends its lines further than one straight course allows.
void GrowAlongLine(const std::vector<float>& offsets, const std::vector<bool>& found,
                   std::vector<bool>& good) {
    const int n = static_cast<int>(offsets.size());
    for (bool grew = true; grew;) {
        grew = false;
        for (int i = 0; i < n; ++i) {
            if (good[i] || !found[i]) continue;
            for (int side : {-1, 1}) {
                const int a = i + side, b = i + 2 * side;
                if (a < 0 || a >= n || !good[a]) continue;
                const bool two = b >= 0 && b < n && good[b];
                const float expected = two ? 2 * offsets[a] - offsets[b] : offsets[a];
                if (std::abs(offsets[i] - expected) <= kLineTolerance) {
                    good[i] = grew = true;
                    break;
                }
            }
        }
    }
}

// The offsets seen along one printed line that are the line, not a stroke of hand-writing or a
// digit near it: the most that one straight line through two of them agrees with (a printed
// line is straight or gently curved).
std::vector<bool> OnOneLine(const std::vector<float>& offsets, const std::vector<bool>& found) {
    const int n = static_cast<int>(offsets.size());
    std::vector<int> seen;
    for (int i = 0; i < n; ++i)
        if (found[i]) seen.push_back(i);
    std::vector<bool> best = found;
    int bestCount = 0;
    for (std::size_t p = 0; p < seen.size(); ++p) {
        for (std::size_t q = p + 1; q < seen.size(); ++q) {
            const int i = seen[p], j = seen[q];
            // A line drifts little from where the homography of the whole grid puts it.
            if (std::abs(offsets[j] - offsets[i]) > kMaxDrift * float(j - i)) continue;
            std::vector<bool> inliers(n, false);
            int count = 0;
            for (int k : seen) {
                const float expected =
                    offsets[i] + (offsets[j] - offsets[i]) * float(k - i) / float(j - i);
                if (std::abs(offsets[k] - expected) <= kLineTolerance) {
                    inliers[k] = true;
                    ++count;
                }
            }
            if (count > bestCount) {
                bestCount = count;
                best = inliers;
            }
        }
    }
    GrowAlongLine(offsets, found, best);
    return best;
}

// Moves the offsets a line was seen at halfway to the least-squares course through them: each
// is measured to a whole search pixel (a thick border's plateau even more loosely), and the
// course halves that jitter (all the way, a blurred frame of the live camera strays more). A
// parabola follows a curved page where the seen offsets reach both ends of the line; otherwise
// a straight course.
void SmoothAlongLine(std::vector<float>& offsets, const std::vector<bool>& good) {
    const int n = static_cast<int>(offsets.size());
    std::vector<int> seen;
    for (int i = 0; i < n; ++i)
        if (good[i]) seen.push_back(i);
    if (seen.size() < 3) return;
    const bool spans = seen.front() <= 1 && seen.back() >= n - 2;
    const int degree = seen.size() >= 6 && spans ? 2 : 1;
    cv::Mat a(static_cast<int>(seen.size()), degree + 1, CV_64F), b(a.rows, 1, CV_64F);
    for (int row = 0; row < a.rows; ++row) {
        const double t = double(seen[row]) / (n - 1);
        for (int d = 0; d <= degree; ++d)
            a.at<double>(row, d) = std::pow(t, d);
        b.at<double>(row) = offsets[seen[row]];
    }
    cv::Mat coef;
    if (!cv::solve(a, b, coef, cv::DECOMP_SVD)) return;
    for (int i : seen) {
        const double t = double(i) / (n - 1);
        double v = 0;
        for (int d = 0; d <= degree; ++d)
            v += coef.at<double>(d) * std::pow(t, d);
        offsets[i] = static_cast<float>((v + offsets[i]) / 2);
    }
}

// Where each line is seen near each intersection, in search pixels from where the homography
// puts it: [line][position along it]. Horizontal line r at column c, or vertical line c at row r.
using LineOffsets = std::vector<std::vector<float>>;
using LineFlags = std::vector<std::vector<bool>>;

// Settles the offsets of one family of lines (all horizontal or all vertical). An offset that is
// not on its line's straight course, or strays from its neighbours' median (on this line and the
// lines beside it: a grid bends smoothly), takes that median; so does one not seen at all. A thick
// bar just outside the grid, or a bold digit beside a faint line, is not taken for the line.
// Returns how many offsets were seen on their lines.
int SettleOffsets(LineOffsets& lines, const LineFlags& found, bool smoothInner) {
    const int n = static_cast<int>(lines.size());
    LineFlags good(n);
    int seen = 0;
    for (int k = 0; k < n; ++k) {
        good[k] = OnOneLine(lines[k], found[k]);
        seen += static_cast<int>(std::count(good[k].begin(), good[k].end(), true));
        if (smoothInner || k == 0 || k == n - 1) SmoothAlongLine(lines[k], good[k]);
    }
    LineOffsets out = lines;
    for (int k = 0; k < n; ++k) {
        for (int i = 0; i < n; ++i) {
            std::vector<float> near;
            for (int dk = -1; dk <= 1; ++dk) {
                for (int di = -1; di <= 1; ++di) {
                    const int kk = k + dk, ii = i + di;
                    if ((dk || di) && kk >= 0 && kk < n && ii >= 0 && ii < n && good[kk][ii])
                        near.push_back(lines[kk][ii]);
                }
            }
            if (near.empty()) {
                if (!good[k][i]) out[k][i] = 0;
                continue;
            }
            std::nth_element(near.begin(), near.begin() + near.size() / 2, near.end());
            const float median = near[near.size() / 2];
            if (!good[k][i] || std::abs(lines[k][i] - median) > kSearchCell / 5.0f)
                out[k][i] = median;
        }
    }
    lines = out;
    return seen;
}

}  // namespace

namespace {

// The (size+1)^2 intersections in the grid's own coordinates, row-major: (c, r).
std::vector<cv::Point2f> IdealIntersections(int size) {
    std::vector<cv::Point2f> ideal;
    for (int r = 0; r <= size; ++r)
        for (int c = 0; c <= size; ++c)
            ideal.emplace_back(c, r);
    return ideal;
}

}  // namespace

GridLattice LatticeFromHomography(const cv::Mat& h, int size) {
    GridLattice lattice{size, {}};
    cv::perspectiveTransform(IdealIntersections(size), lattice.points, h);
    return lattice;
}

GridLattice LatticeFromQuad(const Quad& quad, int size) {
    const std::array<cv::Point2f, 4> square{cv::Point2f(0, 0), cv::Point2f(size, 0),
                                            cv::Point2f(size, size), cv::Point2f(0, size)};
    return LatticeFromHomography(cv::getPerspectiveTransform(square.data(), quad.data()), size);
}

cv::Mat LatticeHomography(const GridLattice& lattice, double ransacPixels) {
    return cv::findHomography(IdealIntersections(lattice.size), lattice.points, cv::RANSAC,
                              ransacPixels);
}

namespace {

// Mean distance between neighbouring intersections: the cell side in the image.
double MeanCellSide(const GridLattice& lattice) {
    double sum = 0;
    int count = 0;
    for (int r = 0; r <= lattice.size; ++r) {
        for (int c = 0; c < lattice.size; ++c) {
            sum += cv::norm(lattice.at(r, c + 1) - lattice.at(r, c));
            sum += cv::norm(lattice.at(c + 1, r) - lattice.at(c, r));
            count += 2;
        }
    }
    return sum / count;
}

// How far the page bends off the homography, in photo pixels at each point (u, v) of the grid's
// own coordinates: a cubic in both, which follows a page curved over a fold or held in a hand
// (its lines bow, its rows crowd towards one side). Empty on a flat page.
struct Bend {
    cv::Mat x, y;  // the cubic's kBendTerms coefficients, for each coordinate
    int size = 9;

    bool empty() const { return x.empty(); }
    cv::Point2f at(float u, float v) const;
    // Along the row at v: the cubic in u's coefficients, lowest first, for x then for y.
    std::array<double, 8> alongRow(float v) const;
};

constexpr int kBendTerms = 10;

// The cubic's terms at (u, v), scaled to -1..1 across the grid.
std::array<double, kBendTerms> BendTerms(double u, double v, int size) {
    const double a = 2 * u / size - 1, b = 2 * v / size - 1;
    return {1, a, b, a * a, a * b, b * b, a * a * a, a * a * b, a * b * b, b * b * b};
}

std::array<double, 8> Bend::alongRow(float v) const {
    const double b = 2.0 * v / size - 1;
    std::array<double, 8> row{};
    for (int k = 0; k < 2; ++k) {
        const cv::Mat& c = k == 0 ? x : y;
        const auto at = [&](int i) { return c.at<double>(i); };
        row[4 * k] = at(0) + b * (at(2) + b * (at(5) + b * at(9)));
        row[4 * k + 1] = at(1) + b * (at(4) + b * at(8));
        row[4 * k + 2] = at(3) + b * at(7);
        row[4 * k + 3] = at(6);
    }
    return row;
}

cv::Point2f Bend::at(float u, float v) const {
    const auto c = alongRow(v);
    const double a = 2.0 * u / size - 1;
    return {static_cast<float>(c[0] + a * (c[1] + a * (c[2] + a * c[3]))),
            static_cast<float>(c[4] + a * (c[5] + a * (c[6] + a * c[7])))};
}

// Within this many cells of the cubic an intersection counts in its fit; the others (snapped
// onto a stroke or the print beside the grid) are left out of the next round.
constexpr double kBendInlierCells = 0.2;
// A bend smaller than this many cells everywhere on the lattice keeps the lines within the
// search's reach around the homography (a third of a cell): the page is searched as flat. Most
// photos of the training set bend 0.05 to 0.25 cells so, and are read as before.
constexpr double kFlatCells = 0.25;

// The bend of a lattice off the homography of `quad`, fitted by least squares to its
// intersections, three rounds, the ones off the last round's cubic left out; empty when the page
// is flat or too few intersections agree.
Bend FitBend(const GridLattice& lattice, const Quad& quad) {
    const int size = lattice.size;
    const GridLattice straight = LatticeFromQuad(quad, size);
    const int count = static_cast<int>(lattice.points.size());
    const double cell = MeanCellSide(straight);
    std::vector<bool> inlier(count, true);
    Bend bend;
    bend.size = size;
    for (int round = 0; round < 3; ++round) {
        const int used = static_cast<int>(std::count(inlier.begin(), inlier.end(), true));
        if (used < count / 2) return {};
        cv::Mat a(used, kBendTerms, CV_64F), bx(used, 1, CV_64F), by(used, 1, CV_64F);
        for (int i = 0, row = 0; i < count; ++i) {
            if (!inlier[i]) continue;
            const auto terms = BendTerms(i % (size + 1), i / (size + 1), size);
            for (int k = 0; k < kBendTerms; ++k)
                a.at<double>(row, k) = terms[k];
            const cv::Point2f off = lattice.points[i] - straight.points[i];
            bx.at<double>(row) = off.x;
            by.at<double>(row) = off.y;
            ++row;
        }
        if (!cv::solve(a, bx, bend.x, cv::DECOMP_SVD) || !cv::solve(a, by, bend.y, cv::DECOMP_SVD))
            return {};
        for (int i = 0; i < count; ++i) {
            const cv::Point2f fitted = straight.points[i] + bend.at(i % (size + 1), i / (size + 1));
            inlier[i] = cv::norm(lattice.points[i] - fitted) <= kBendInlierCells * cell;
        }
    }
    double largest = 0;
    for (int i = 0; i < count; ++i)
        largest = std::max(largest, cv::norm(bend.at(i % (size + 1), i / (size + 1))));
    return largest < kFlatCells * cell ? Bend{} : bend;
}

// Where each pixel of a side x side image straightened by the homography `toStraight` lies in
// the photo.
void StraightOnMaps(const cv::Mat& toStraight, int side, cv::Mat& mapX, cv::Mat& mapY) {
    const cv::Matx33d m(cv::Mat(toStraight.inv()));
    mapX.create(side, side, CV_32F);
    mapY.create(side, side, CV_32F);
    for (int y = 0; y < side; ++y) {
        auto* mx = mapX.ptr<float>(y);
        auto* my = mapY.ptr<float>(y);
        for (int x = 0; x < side; ++x) {
            const double w = m(2, 0) * x + m(2, 1) * y + m(2, 2);
            mx[x] = static_cast<float>((m(0, 0) * x + m(0, 1) * y + m(0, 2)) / w);
            my[x] = static_cast<float>((m(1, 0) * x + m(1, 1) * y + m(1, 2)) / w);
        }
    }
}

// The bend added to the maps of an image of the grid kSearchCell pixels a cell, `margin` around:
// the cubic worked out once a row, then along it.
void AddBend(const Bend& bend, int margin, cv::Mat& mapX, cv::Mat& mapY) {
    const double scale = 2.0 / (bend.size * kSearchCell);
    for (int y = 0; y < mapX.rows; ++y) {
        const auto c = bend.alongRow(static_cast<float>(y - margin) / kSearchCell);
        auto* mx = mapX.ptr<float>(y);
        auto* my = mapY.ptr<float>(y);
        for (int x = 0; x < mapX.cols; ++x) {
            const double a = (x - margin) * scale - 1;
            mx[x] += static_cast<float>(c[0] + a * (c[1] + a * (c[2] + a * c[3])));
            my[x] += static_cast<float>(c[4] + a * (c[5] + a * (c[6] + a * c[7])));
        }
    }
}

// A lattice refined, and how many of its lines' offsets were seen on them: the more, the more
// of the grid's printed lines it follows.
struct Refined {
    GridLattice lattice;
    int seen = 0;
};

// How many offsets a refinement measures: each line's at each line across it.
int OffsetCount(int size) {
    return 2 * (size + 1) * (size + 1);
}

// The search around the bend is taken when it sees this share of all offsets more on their lines
// than the search around the homography alone, and this share of those the latter missed. A bend
// fitted to the first pass's few strays (a shadow's edge, the print under the grid) leads the
// search onto them for a few offsets more (up to 5 of 200 on the training photos); where the thin
// lines are faded, for some more of the many still missed (91 -> 100 of 200, held-out image202). A
// curved page's lines are seen by the dozen more, nearly all of them.
constexpr double kBentSeenMore = 1.0 / 30;
constexpr double kBentFoundOfMissed = 0.5;

Refined RefineOnce(const cv::Mat& gray, const Quad& quad, const Bend& bend, int size,
                   bool smoothInner, double inkOffset) {
    // Straighten with the homography, one cell of margin around for the outer lines.
    const int margin = kSearchCell;
    const int side = size * kSearchCell + 2 * margin;
    const std::array<cv::Point2f, 4> square{
        cv::Point2f(margin, margin), cv::Point2f(margin + size * kSearchCell, margin),
        cv::Point2f(margin + size * kSearchCell, margin + size * kSearchCell),
        cv::Point2f(margin, margin + size * kSearchCell)};
    const cv::Mat h = cv::getPerspectiveTransform(quad.data(), square.data());
    // A bent page is straightened by the homography, then moved by the bend.
    cv::Mat straight, ink, integral;
    if (bend.empty()) {
        cv::warpPerspective(gray, straight, h, {side, side}, cv::INTER_LINEAR,
                            cv::BORDER_REPLICATE);
    } else {
        cv::Mat mapX, mapY;
        StraightOnMaps(h, side, mapX, mapY);
        AddBend(bend, margin, mapX, mapY);
        cv::remap(gray, straight, mapX, mapY, cv::INTER_LINEAR, cv::BORDER_REPLICATE);
    }
    cv::adaptiveThreshold(straight, ink, 1, cv::ADAPTIVE_THRESH_MEAN_C, cv::THRESH_BINARY_INV,
                          kSearchCell | 1, inkOffset);
    EraseCellBlobs(ink, kSearchCell, kSearchCell / 3);
    cv::integral(ink, integral, CV_32S);

    const int n = size + 1;
    LineOffsets rows(n, std::vector<float>(n)), cols = rows;
    LineFlags rowFound(n, std::vector<bool>(n)), colFound = rowFound;
    const int lo = margin - 2, hi = margin + size * kSearchCell + 2;
    for (int r = 0; r < n; ++r) {
        for (int c = 0; c < n; ++c) {
            const int x = margin + c * kSearchCell, y = margin + r * kSearchCell;
            const int x0 = std::max(lo, x - kSearchCell / 2),
                      x1 = std::min(hi, x + kSearchCell / 2);
            const int y0 = std::max(lo, y - kSearchCell / 2),
                      y1 = std::min(hi, y + kSearchCell / 2);
            const LinePeak row = StrongestLine(RowProfile(integral, y, x0, x1), x1 - x0);
            const LinePeak col = StrongestLine(ColProfile(integral, x, y0, y1), y1 - y0);
            rows[r][c] = static_cast<float>(row.offset);
            rowFound[r][c] = row.found;
            cols[c][r] = static_cast<float>(col.offset);
            colFound[c][r] = col.found;
        }
    }
    const int seen =
        SettleOffsets(rows, rowFound, smoothInner) + SettleOffsets(cols, colFound, smoothInner);

    std::vector<cv::Point2f> straightPoints;
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c)
            straightPoints.push_back(cv::Point2f(margin + c * kSearchCell + cols[c][r],
                                                 margin + r * kSearchCell + rows[r][c]));
    GridLattice lattice{size, {}};
    cv::perspectiveTransform(straightPoints, lattice.points, h.inv());
    if (!bend.empty())
        for (std::size_t i = 0; i < straightPoints.size(); ++i)
            lattice.points[i] += bend.at((straightPoints[i].x - margin) / kSearchCell,
                                         (straightPoints[i].y - margin) / kSearchCell);
    return {lattice, seen};
}

}  // namespace

Quad FittedQuad(const GridLattice& lattice) {
    const int size = lattice.size;
    const cv::Mat h = LatticeHomography(lattice, 0.15 * size);
    if (h.empty()) return lattice.corners();
    std::vector<cv::Point2f> square{
        {0, 0}, {float(size), 0}, {float(size), float(size)}, {0, float(size)}},
        corners;
    cv::perspectiveTransform(square, corners, h);
    return {corners[0], corners[1], corners[2], corners[3]};
}

GridLattice RefineLattice(const cv::Mat& gray, const Quad& quad, int size, double inkOffset) {
    // The second pass searches around a better homography; lines out of reach of the first
    // one's window come within reach.
    // The first pass smooths every line, so the second starts from the same homography whichever
    // way up the photo was (an EXIF-turned photo's corners agree within 1% of the side); the
    // second smooths only the border, whose corners must not wander with the turn, and leaves
    // the inner lines where they were measured (with them smoothed too, 17 of the 32 held-out
    // filled-in grids read exactly instead of 19).
    // On a curved page the second pass searches around the bend the first one's lines show: its
    // border strays from any homography by more than the search reaches.
    const GridLattice first = RefineOnce(gray, quad, Bend{}, size, true, inkOffset).lattice;
    const Quad fitted = FittedQuad(first);
    Refined second = RefineOnce(gray, fitted, Bend{}, size, false, inkOffset);
    if (const Bend bend = FitBend(first, fitted); !bend.empty()) {
        Refined bent = RefineOnce(gray, fitted, bend, size, false, inkOffset);
        const int gain = bent.seen - second.seen, missed = OffsetCount(size) - second.seen;
        if (gain >= kBentSeenMore * OffsetCount(size) && gain >= kBentFoundOfMissed * missed)
            second = std::move(bent);
    }
    return second.lattice;
}

std::vector<int> CellsOutside(const GridLattice& lattice, cv::Size image, float middle) {
    const float from = 0.5f - middle / 2, to = 0.5f + middle / 2;
    const cv::Rect2f photo(0, 0, static_cast<float>(image.width), static_cast<float>(image.height));
    std::vector<int> outside;
    const int n = lattice.size;
    for (int r = 0; r < n; ++r) {
        for (int c = 0; c < n; ++c) {
            bool shown = true;
            for (float v : {from, to})
                for (float u : {from, to}) {
                    const cv::Point2f p = lattice.inCell(r, c, u, v);
                    shown = shown && photo.contains(p);
                }
            if (!shown) outside.push_back(r * n + c);
        }
    }
    return outside;
}

WarpedGrid WarpLattice(const cv::Mat& image, const GridLattice& fullLattice) {
    // Sampling a big grid straight down to kCellPixels would alias thin strokes away; shrink
    // the grid's region by area averaging first, so every photo size gives the same cells.
    cv::Mat gray = image;
    GridLattice lattice = fullLattice;
    const double shrink = kCellPixels / MeanCellSide(fullLattice);
    if (shrink < 0.8) {
        const cv::Rect box =
            cv::boundingRect(fullLattice.points) & cv::Rect(0, 0, image.cols, image.rows);
        if (box.area() > 0) {
            cv::resize(image(box), gray, {}, shrink, shrink, cv::INTER_AREA);
            for (auto& p : lattice.points)
                p = (p - cv::Point2f(box.tl())) * shrink;
        }
    }
    const int size = lattice.size;
    const int side = size * kCellPixels;
    cv::Mat mapX(side, side, CV_32F), mapY(side, side, CV_32F);
    // Bilinear between the four intersections of each cell: continuous across cell borders. A
    // pixel's place across its cell is the same in every cell: worked out once, not per pixel.
    std::array<float, kCellPixels> across{};
    for (int i = 0; i < kCellPixels; ++i)
        across[i] = (i + 0.5f) / kCellPixels;
    for (int y = 0; y < side; ++y) {
        const int r = y / kCellPixels;
        const float v = across[y - r * kCellPixels];
        auto* mx = mapX.ptr<float>(y);
        auto* my = mapY.ptr<float>(y);
        for (int c = 0; c < size; ++c)
            for (int i = 0; i < kCellPixels; ++i) {
                const cv::Point2f p = lattice.inCell(r, c, across[i], v);
                mx[c * kCellPixels + i] = p.x;
                my[c * kCellPixels + i] = p.y;
            }
    }
    WarpedGrid grid;
    grid.size = size;
    cv::remap(gray, grid.gray, mapX, mapY, cv::INTER_LINEAR, cv::BORDER_REPLICATE);
    return grid;
}

}  // namespace sudoku
