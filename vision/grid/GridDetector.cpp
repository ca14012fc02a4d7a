#include "vision/grid/GridDetector.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <optional>
#include <utility>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "vision/grid/Crossword.h"
#include "vision/grid/LineInk.h"

namespace sudoku {
namespace {

// Pixels per cell of the small straightened image Gridness inspects.
constexpr int kProbeCell = 20;
// Below this a candidate is not a grid (the 319 training photos, printed and filled in, score
// 0.6 and more; a neighbouring crossword or the puzzle's 3x3 boxes up to 0.75).
constexpr double kMinGridness = 0.25;
// A grid is square on the page: photographed from 60 degrees off straight on, its outline is
// still no more than twice as long one way as the other. The training photos' outlines are at
// most 1.21, the probe pages' (bench/newspaper_probes.py) 1.15; a rectangle in a column of text
// beside a grid (2.4 to 2.9 on such probe pages) can score as one.
constexpr double kMaxOutlineElongation = 2.0;
// A candidate this grid-like needs no search for a grid inside it.
constexpr double kConvincing = 0.6;
// Quadrilaterals checked per image, the largest first.
constexpr std::size_t kMaxCandidates = 12;
// Candidates smaller than this share of the image are ignored: their cells would be too small
// to read anyway.
constexpr double kMinAreaShare = 0.02;
// The shortest piece of a line that counts as line, in cells; shorter ones go with the digits.
constexpr double kShortestDash = 1.0 / 3;
static_assert(LinePieces{}.shortestDash == kShortestDash, "Gridness's default is the usual third");
// The same when no grid is found otherwise. The ink mask breaks a newspaper's hair-thin grey lines
// into dashes down to a fifth of a cell, and such grids went unfound (rendered pages,
// bench/newspaper_probes.py). Counted for every photo, the short pieces lost a grid under a deep
// shadow that the usual third finds (ShadowTest, SeveralGridsTest), so they are the last resort.
constexpr double kShortestDashWhenLost = 0.2;
// And the specks of up to this share of a cell either way: in a small grid (20 pixels a cell and
// less) a hair-thin line, dotted or aliased, leaves dots of 3 to 5 pixels in the mask, none a dash
// (bench/newspaper_probes.py pages whose thin and box lines were all broken so went unfound). A
// digit is half a cell tall or more.
constexpr double kLargestDotWhenLost = 0.3;
constexpr LinePieces kLinePiecesWhenLost{kShortestDashWhenLost, kLargestDotWhenLost};
// A grid cut by the photo's edge is looked for with at most this many cells' width out of view.
constexpr double kMaxCellsCutOff = 2.5;
// Another grid of a page is at least this share of the best one's area.
constexpr double kMinShareOfBestGrid = 0.25;
// A cut grid's hull with a faded corner is moved onto the photo's edge only when it covers this
// share of the photo at least: a cut grid fills most of the photo, its boxes do not.
constexpr double kMinFadedHullShare = 0.15;
// A grid carried out from one of its boxes is looked for again inside a quadrilateral larger by
// this share: each side moves out by half of it, about a third of a cell of a 9x9 grid.
constexpr float kAroundBoxMargin = 0.08f;
// Every box of a grid carried out from one of them is at least this grid-like.
constexpr double kMinBoxGridness = 0.1;
// A grid none of whose masks shows its cells' lines convincingly (thin lines dashed, or too faint
// beside shaded boxes) is still taken when the lines between its boxes are this plain in the usual
// mask: as boxes x boxes cells it scores like a clean grid (0.79 to 1.0 on such probes).
constexpr double kConvincingBoxLines = 0.75;
// It replaces a grid found inside it that covers at most this share of it (a box: a ninth).
constexpr double kMaxShareOfBoxGrid = 0.2;
// Or a grid found around it whose box lines are not plain, of which it covers this share at
// least (a grid merged with a text column beside it: 0.73 on such probes).
constexpr double kMinShareOfMergedGrid = 0.5;
// A grid inside an unconvincing outline covers at most this share of it to be preferred for being
// more grid-like (IsTheGridInside): an outline barely larger is the same grid.
constexpr double kMaxShareOfMergedGrid = 0.9;

// When no grid was found otherwise, another mask's best whole grid this grid-like is taken (the
// grids of probe pages with hair-thin dashed thin lines score 0.28 to 0.59 in some mask; the
// chessboards and photos of OpenCV's sample images up to 0.29).
constexpr double kNothingElseGridness = 0.3;

// Gray levels a pixel must be below its neighbourhood's mean to count as ink.
constexpr double kInkOffset = 7;
// The same for a blurred photo's faint lines (see WithOtherMasks).
constexpr double kFaintInkOffset = 3;

// The ink image: dark strokes on paper become 255, whatever the lighting; adaptive so a shadow
// across the page does not swallow half the grid.
cv::Mat InkMask(const cv::Mat& gray, double offset = kInkOffset) {
    cv::Mat smooth, ink;
    cv::GaussianBlur(gray, smooth, {3, 3}, 0);
    int block = std::max(11, std::min(gray.rows, gray.cols) / 30) | 1;
    cv::adaptiveThreshold(smooth, ink, 255, cv::ADAPTIVE_THRESH_MEAN_C, cv::THRESH_BINARY_INV,
                          block, offset);
    return ink;
}

// Gray levels a stroke must be below the paper beside it (StrokeMask).
constexpr int kStrokeDepth = 7;
// The same as a share of the paper's light (RelativeStrokeMask): 7 levels under paper of 200.
constexpr double kRelativeStrokeDepth = 0.035;

// The photo lightly smoothed, and the paper around its strokes: a closing paints over lines and
// digits thinner than a few pixels with the paper beside them. Both strokes masks read it.
struct PaperAround {
    cv::Mat smooth, paper;
};

PaperAround SmoothAndPaper(const cv::Mat& gray) {
    PaperAround lit;
    cv::GaussianBlur(gray, lit.smooth, {3, 3}, 0);
    const int width = std::max(9, std::min(gray.rows, gray.cols) / 50) | 1;
    cv::morphologyEx(lit.smooth, lit.paper, cv::MORPH_CLOSE,
                     cv::getStructuringElement(cv::MORPH_RECT, {width, width}));
    return lit;
}

// The ink as strokes thinner than a few pixels, whatever the paper around them: ink is what the
// closing covered. A shaded box (a broad dark area, as some newspapers print every other box) is
// no stroke and leaves no trace, where the mean threshold above loses the faint lines along its
// edge.
cv::Mat StrokeMask(const PaperAround& lit) {
    return lit.paper - lit.smooth > kStrokeDepth;
}

// The strokes again, measured against the paper's light rather than in gray levels: under a
// shadow the paper is darker and the lines' contrast falls with it, so a fixed depth loses the
// shaded half of the grid.
cv::Mat RelativeStrokeMask(const PaperAround& lit) {
    cv::Mat depth, light;
    cv::subtract(lit.paper, lit.smooth, depth, cv::noArray(), CV_32F);
    lit.paper.convertTo(light, CV_32F, kRelativeStrokeDepth);
    return depth > light;
}

// Four corners of a convex hull: the polygon simplification that leaves four vertices, else the
// extreme points along the diagonals.
std::optional<Quad> HullQuad(const std::vector<cv::Point>& hull) {
    const double perimeter = cv::arcLength(hull, true);
    std::vector<cv::Point> approx;
    for (double eps = 0.01; eps <= 0.1; eps += 0.01) {
        cv::approxPolyDP(hull, approx, eps * perimeter, true);
        if (approx.size() == 4) {
            Quad q;
            for (int i = 0; i < 4; ++i)
                q[i] = cv::Point2f(approx[i]);
            return OrderClockwise(q);
        }
        if (approx.size() < 4) break;
    }
    if (hull.size() < 4) return std::nullopt;
    auto extreme = [&](auto key) {
        return cv::Point2f(*std::max_element(hull.begin(), hull.end(),
                                             [&](auto& a, auto& b) { return key(a) < key(b); }));
    };
    Quad q{extreme([](const cv::Point& p) { return -p.x - p.y; }),
           extreme([](const cv::Point& p) { return p.x - p.y; }),
           extreme([](const cv::Point& p) { return p.x + p.y; }),
           extreme([](const cv::Point& p) { return p.y - p.x; })};
    return OrderClockwise(q);
}

// Peak darkness of the line near position `at` of a profile, against the cells beside it.
double LineContrast(const std::vector<double>& profile, int at, int cell) {
    const int n = static_cast<int>(profile.size());
    double line = 0;
    for (int d = -cell / 6; d <= cell / 6; ++d)
        line = std::max(line, profile[std::clamp(at + d, 0, n - 1)]);
    const int half = cell / 2;
    double beside = std::min(profile[std::clamp(at - half, 0, n - 1)],
                             profile[std::clamp(at + half, 0, n - 1)]);
    return std::clamp(line - beside, 0.0, 1.0);
}

// Mean ink of every row (axis 0) or column (axis 1) of a square straightened image, 0..1.
std::vector<double> InkProfile(const cv::Mat& straight, int axis) {
    cv::Mat sums;
    cv::reduce(straight, sums, axis == 0 ? 1 : 0, cv::REDUCE_AVG, CV_64F);
    std::vector<double> profile(sums.begin<double>(), sums.end<double>());
    for (auto& v : profile)
        v /= 255;
    return profile;
}

// Row (axis 0) or column (axis 1) profile of the long strokes of a straightened binary ink
// image without its digit blobs: what is shorter than a cell along the axis (a digit joined to
// a line, a stroke of hand-writing) is opened away, so a grid full of digits has clean lines and
// empty cells between them. The strokes are first thickened across themselves so a line a
// little off the axis stays unbroken, and gaps up to half a cell are bridged so a faint line
// the ink mask breaks into dashes still counts (the digits are gone, so nothing else is joined).
std::vector<double> LongStrokeProfile(const cv::Mat& lines, int axis, int cell) {
    const bool rows = axis == 0;
    auto kernel = [&](int along, int across) {
        return cv::getStructuringElement(cv::MORPH_RECT,
                                         rows ? cv::Size(along, across) : cv::Size(across, along));
    };
    cv::Mat strokes;
    cv::dilate(lines, strokes, kernel(1, 3));
    cv::morphologyEx(strokes, strokes, cv::MORPH_CLOSE, kernel(cell / 2 | 1, 1));
    cv::morphologyEx(strokes, strokes, cv::MORPH_OPEN, kernel(cell, 1));
    return InkProfile(strokes, axis);
}

// The straightened binary ink inside a quad, `cell` pixels per cell, without its digit blobs
// (EraseCellBlobs, keeping the pieces of a line `pieces` names): a quarter of a pixel's ink
// counts. The warp samples bilinearly (warpPerspective has no area averaging: its INTER_AREA is
// INTER_LINEAR, opencv/opencv#21060), so a thin line of a grid several times the probe's size
// can come out in dashes, which LongStrokeProfile bridges; shrinking the ink by area first read
// no more grids (README, "Grids whose lines break into dots").
cv::Mat StraightInk(const cv::Mat& ink, const Quad& quad, int size, int cell, LinePieces pieces,
                    cv::Mat* toSquare) {
    const int side = size * cell;
    const std::array<cv::Point2f, 4> square{cv::Point2f(0, 0), cv::Point2f(side, 0),
                                            cv::Point2f(side, side), cv::Point2f(0, side)};
    const cv::Mat h = cv::getPerspectiveTransform(quad.data(), square.data());
    cv::Mat straight;
    cv::warpPerspective(ink, straight, h, {side + 1, side + 1}, cv::INTER_LINEAR);
    cv::threshold(straight, straight, 63, 255, cv::THRESH_BINARY);
    EraseCellBlobs(straight, cell, static_cast<int>(pieces.shortestDash * cell),
                   static_cast<int>(pieces.largestDot * cell));
    if (toSquare) *toSquare = h;
    return straight;
}

// The size+1 evenly spaced lines that best explain a profile: [first, last] in its pixels. A
// contour that swallowed a neighbouring puzzle or a caption still holds the grid's lines, and
// only they are evenly spaced over the right count.
std::pair<int, int> EvenLines(const std::vector<double>& profile, int size) {
    const int n = static_cast<int>(profile.size());
    auto at = [&](int i) {
        double v = 0;
        for (int d = -1; d <= 1; ++d)
            v = std::max(v, profile[std::clamp(i + d, 0, n - 1)]);
        return v;
    };
    double best = -1;
    std::pair<int, int> span{0, n - 1};
    const int maxStep = (n - 1) / size;
    for (int step = maxStep * 3 / 5; step <= maxStep; ++step) {
        for (int first = 0; first + size * step < n; ++first) {
            double score = 0;
            for (int k = 0; k <= size; ++k)
                score += at(first + k * step);
            // Lines count only above the cell interiors between them.
            for (int k = 0; k < size; ++k)
                score -= at(first + k * step + step / 2);
            if (score > best) {
                best = score;
                span = {first, first + size * step};
            }
        }
    }
    return span;
}

// The quadrilateral of the evenly spaced lines inside a candidate.
Quad FitGridInside(const cv::Mat& ink, const Quad& quad, int size) {
    const int cell = kProbeCell;
    cv::Mat h;
    const cv::Mat straight = StraightInk(ink, quad, size, cell, LinePieces{kShortestDash}, &h);
    const auto [top, bottom] = EvenLines(LongStrokeProfile(straight, 0, cell), size);
    const auto [left, right] = EvenLines(LongStrokeProfile(straight, 1, cell), size);
    std::vector<cv::Point2f> inner{cv::Point2f(left, top), cv::Point2f(right, top),
                                   cv::Point2f(right, bottom), cv::Point2f(left, bottom)},
        back;
    cv::perspectiveTransform(inner, back, h.inv());
    return {back[0], back[1], back[2], back[3]};
}

// How far from the image's edge a point still counts as on it: a line's width.
float EdgeTolerance(cv::Size image) {
    return 0.01f * static_cast<float>(std::max(image.width, image.height)) + 2;
}

// Whether p lies on edge k of the image (0 top, 1 right, 2 bottom, 3 left).
bool OnImageEdge(cv::Point2f p, int k, cv::Size image) {
    const float tol = EdgeTolerance(image);
    switch (k) {
        case 0:
            return p.y <= tol;
        case 1:
            return p.x >= static_cast<float>(image.width - 1) - tol;
        case 2:
            return p.y >= static_cast<float>(image.height - 1) - tol;
        default:
            return p.x <= tol;
    }
}

// A hull that touches two edges of the image beside one of its corners, closed at that corner:
// a grid cut at a corner shows a pentagon (the corner cut off), which has no quadrilateral of its
// own; with the image's corner, the sides along the edges are whole again.
std::vector<cv::Point> ClosedAtImageCorners(const std::vector<cv::Point>& hull, cv::Size image) {
    const int right = image.width - 1, bottom = image.height - 1;
    const auto touches = [&](int edge) {
        return std::any_of(hull.begin(), hull.end(),
                           [&](cv::Point p) { return OnImageEdge(p, edge, image); });
    };
    const bool top = touches(0), rightEdge = touches(1), bottomEdge = touches(2), left = touches(3);
    std::vector<cv::Point> points = hull;
    if (top && left) points.emplace_back(0, 0);
    if (top && rightEdge) points.emplace_back(right, 0);
    if (bottomEdge && rightEdge) points.emplace_back(right, bottom);
    if (bottomEdge && left) points.emplace_back(0, bottom);
    if (points.size() == hull.size()) return hull;
    std::vector<cv::Point> closed;
    cv::convexHull(points, closed);
    return closed;
}

// Whether p lies in the image, or within a line's width of it.
bool InImage(cv::Point2f p, cv::Size image) {
    const float tol = EdgeTolerance(image);
    return p.x >= -tol && p.y >= -tol && p.x <= static_cast<float>(image.width - 1) + tol &&
           p.y <= static_cast<float>(image.height - 1) + tol;
}

bool OnAnyImageEdge(cv::Point2f p, cv::Size image) {
    for (int k = 0; k < 4; ++k)
        if (OnImageEdge(p, k, image)) return true;
    return false;
}

// Where the line through a and b crosses the line through c and d, unless they are nearly
// parallel.
std::optional<cv::Point2f> LinesCross(cv::Point2f a, cv::Point2f b, cv::Point2f c, cv::Point2f d) {
    const cv::Point2f r = b - a, s = d - c, ac = c - a;
    const float cross = r.x * s.y - r.y * s.x;
    if (std::abs(cross) < 0.1f * static_cast<float>(cv::norm(r) * cv::norm(s))) return std::nullopt;
    return a + r * ((ac.x * s.y - ac.y * s.x) / cross);
}

// A grid held at a slant, one corner past the photo's edge, shows a pentagon: the two sides
// through that corner are cut short by the edge, and the fifth side runs along the edge, or up to
// it, between them. Those two sides carried on past the edge meet at the hidden corner: the whole
// grid's outline, one corner out of the photo. Each side that touches an edge may be the fifth
// (Gridness judges between them); nothing unless the hull simplifies to a pentagon.
std::vector<Quad> OutlinesPastImageEdge(const std::vector<cv::Point>& hull, cv::Size image) {
    const double perimeter = cv::arcLength(hull, true);
    std::vector<cv::Point> five;
    for (double eps = 0.01; eps <= 0.03 + 1e-9 && five.size() != 5; eps += 0.01)
        cv::approxPolyDP(hull, five, eps * perimeter, true);
    if (five.size() != 5) return {};
    std::vector<Quad> quads;
    for (int i = 0; i < 5; ++i) {
        const cv::Point2f a = five[i], b = five[(i + 1) % 5];
        if (!OnAnyImageEdge(a, image) && !OnAnyImageEdge(b, image)) continue;
        const cv::Point2f before = five[(i + 4) % 5], after = five[(i + 2) % 5];
        const auto corner = LinesCross(before, a, after, b);
        // The hidden corner lies out of the photo, past both ends of the side it replaces.
        if (!corner || InImage(*corner, image) ||
            cv::norm(*corner - before) <= cv::norm(a - before) ||
            cv::norm(*corner - after) <= cv::norm(b - after))
            continue;
        quads.push_back(OrderClockwise(Quad{after, five[(i + 3) % 5], before, *corner}));
    }
    return quads;
}

using Contours = std::vector<std::vector<cv::Point>>;
using AreaAndQuad = std::pair<double, Quad>;

// Every outline of the ink mask, inner ones too (the boxes and cells of a grid).
Contours InkContours(const cv::Mat& ink) {
    Contours contours;
    cv::findContours(ink, contours, cv::RETR_LIST, cv::CHAIN_APPROX_SIMPLE);
    return contours;
}

// Adds the quadrilateral around each contour whose bounding box and quadrilateral cover
// `minArea` at least, and that `keep` takes; with `closeCorners`, hulls touching two edges by a
// corner of the image are closed at it.
template <class Keep>
void AddQuadsAround(const Contours& contours, double minArea, cv::Size image, bool closeCorners,
                    Keep keep, std::vector<AreaAndQuad>& quads) {
    for (const auto& contour : contours) {
        const cv::Rect box = cv::boundingRect(contour);
        if (box.area() < minArea) continue;
        std::vector<cv::Point> hull;
        cv::convexHull(contour, hull);
        if (closeCorners) {
            for (const Quad& whole : OutlinesPastImageEdge(hull, image)) {
                const double area = QuadArea(whole);
                if (area >= minArea && keep(whole)) quads.emplace_back(area, whole);
            }
            hull = ClosedAtImageCorners(hull, image);
        }
        auto quad = HullQuad(hull);
        if (!quad) continue;
        const double area = QuadArea(*quad);
        if (area >= minArea && keep(*quad)) quads.emplace_back(area, *quad);
    }
}

// The largest hulls first, at most kMaxCandidates; a grid is rarely beyond the first few, and
// each check costs a warp.
std::vector<AreaAndQuad> LargestFirst(std::vector<AreaAndQuad> quads) {
    std::sort(quads.begin(), quads.end(), [](auto& a, auto& b) { return a.first > b.first; });
    if (quads.size() > kMaxCandidates) quads.resize(kMaxCandidates);
    return quads;
}

// Quadrilaterals around the image's larger ink contours (`contours`, InkContours of `ink`),
// largest first, at most kMaxCandidates; with `closeCorners`, hulls touching two edges by a
// corner of the image are closed at it.
std::vector<AreaAndQuad> CandidateQuads(const cv::Mat& ink, const Contours& contours,
                                        bool closeCorners = false) {
    // A thick line lit unevenly can split a grid in two; the ink grown by a pixel joins the
    // halves again (and may merge the grid with a neighbour: both kinds of contour compete).
    cv::Mat joined;
    cv::dilate(ink, joined, cv::Mat());
    Contours joinedContours;
    cv::findContours(joined, joinedContours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_SIMPLE);
    const double minArea = kMinAreaShare * (static_cast<double>(ink.rows) * ink.cols);
    const auto all = [](const Quad&) { return true; };
    std::vector<AreaAndQuad> quads;
    AddQuadsAround(contours, minArea, ink.size(), closeCorners, all, quads);
    AddQuadsAround(joinedContours, minArea, ink.size(), closeCorners, all, quads);
    return LargestFirst(std::move(quads));
}

std::vector<AreaAndQuad> CandidateQuads(const cv::Mat& ink, bool closeCorners = false) {
    return CandidateQuads(ink, InkContours(ink), closeCorners);
}

// The candidate a hull gives: the hull itself, or the grid fitted inside it when the hull holds
// a grid merged with something beside it.
GridCandidate FitCandidate(const cv::Mat& ink, const Quad& hull, double hullArea, int size,
                           LinePieces pieces = {}) {
    GridCandidate candidate{hull, Gridness(ink, hull, size, pieces)};
    if (candidate.gridness < kConvincing) {
        const Quad inner = FitGridInside(ink, hull, size);
        const double innerGridness = Gridness(ink, inner, size, pieces);
        if (innerGridness > candidate.gridness + 0.1 && QuadArea(inner) >= 0.3 * hullArea)
            candidate = {inner, innerGridness};
    }
    return candidate;
}

// Whether a quadrilateral could be a square seen in perspective: the mean lengths of its
// opposite sides within kMaxOutlineElongation of each other.
bool MayBeSquare(const Quad& q) {
    const double across = cv::norm(q[1] - q[0]) + cv::norm(q[2] - q[3]);
    const double down = cv::norm(q[2] - q[1]) + cv::norm(q[3] - q[0]);
    return across <= kMaxOutlineElongation * down && down <= kMaxOutlineElongation * across;
}

// Prefer the more grid-like; between equally good ones, the bigger (the whole grid over one of
// its boxes).
double Score(const GridCandidate& candidate, double imageArea) {
    return candidate.gridness * std::pow(QuadArea(candidate.corners) / imageArea, 0.25);
}

cv::Point2f Centre(const Quad& q) {
    return (q[0] + q[1] + q[2] + q[3]) * 0.25f;
}

bool Inside(const Quad& q, cv::Point2f p) {
    const std::vector<cv::Point2f> polygon(q.begin(), q.end());
    return cv::pointPolygonTest(polygon, p, false) >= 0;
}

// Whether the centre of `q` lies inside one of `grids`.
bool CentreInAny(const std::vector<GridCandidate>& grids, const Quad& q) {
    const cv::Point2f centre = Centre(q);
    return std::any_of(grids.begin(), grids.end(),
                       [&](const GridCandidate& g) { return Inside(g.corners, centre); });
}

// Whether side k of a clockwise quad (0 top, 1 right, 2 bottom, 3 left) lies along the same
// edge of the image: the grid ran on past the photo's edge there.
bool SideOnImageEdge(const Quad& q, int k, cv::Size image) {
    return OnImageEdge(q[k], k, image) && OnImageEdge(q[(k + 1) % 4], k, image);
}

// A quad with one corner of side k on that edge of the image and the other short of it: the hull
// of a grid cut there whose line at one end faded before the edge, so that approxPolyDP cut the
// corner off. That corner moves along the grid line through it, the quad's other side, onto the
// edge.
std::optional<Quad> SideExtendedToImageEdge(const Quad& q, int k, cv::Size image) {
    const int first = k, second = (k + 1) % 4;
    const bool firstOn = OnImageEdge(q[first], k, image);
    if (firstOn == OnImageEdge(q[second], k, image)) return std::nullopt;
    const int off = firstOn ? second : first;
    const int along = off == first ? (first + 3) % 4 : (second + 1) % 4;  // the line's far corner
    const cv::Point2f from = q[along], direction = q[off] - q[along];
    const float edge = k == 0 || k == 3 ? 0.f
                       : k == 1         ? static_cast<float>(image.width - 1)
                                        : static_cast<float>(image.height - 1);
    const float start = k % 2 == 0 ? from.y : from.x, step = k % 2 == 0 ? direction.y : direction.x;
    if (std::abs(step) < 1e-3f || (edge - start) / step < 1) return std::nullopt;
    Quad extended = q;
    extended[off] = from + (edge - start) / step * direction;
    const cv::Rect2f photo(-1, -1, static_cast<float>(image.width) + 2,
                           static_cast<float>(image.height) + 2);
    if (!photo.contains(extended[off])) return std::nullopt;
    return extended;
}

// The whole grid a quad cut by the photo's edge shows part of: the quad shows `visibleCols` x
// `visibleRows` cells, and the grid continues hidden[k] cells past its side k (0 top, 1 right,
// 2 bottom, 3 left), in the quad's perspective.
Quad ExtendPastCuts(const Quad& q, double visibleCols, double visibleRows,
                    const std::array<double, 4>& hidden) {
    const auto w = static_cast<float>(visibleCols), h = static_cast<float>(visibleRows);
    const std::array<cv::Point2f, 4> rect{cv::Point2f(0, 0), cv::Point2f(w, 0), cv::Point2f(w, h),
                                          cv::Point2f(0, h)};
    const cv::Mat toPhoto = cv::getPerspectiveTransform(rect.data(), q.data());
    const auto x0 = static_cast<float>(-hidden[3]), x1 = w + static_cast<float>(hidden[1]);
    const auto y0 = static_cast<float>(-hidden[0]), y1 = h + static_cast<float>(hidden[2]);
    std::vector<cv::Point2f> whole{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}, corners;
    cv::perspectiveTransform(whole, corners, toPhoto);
    return {corners[0], corners[1], corners[2], corners[3]};
}

// The whole grid a quad cut along side k shows part of: the side along the cut is whole (size
// cells), so the cell is its length over size, and the other two sides show `visible` cells; the
// grid continues `hidden` cells past the cut.
Quad ExtendPastCut(const Quad& q, int k, int size, double visible, double hidden) {
    const bool cutAcrossRows = k % 2 == 0;  // the top or bottom edge cuts the rows
    std::array<double, 4> past{};
    past[k] = hidden;
    return cutAcrossRows ? ExtendPastCuts(q, size, visible, past)
                         : ExtendPastCuts(q, visible, size, past);
}

// The whole grid a quad cut at a corner shows part of: its sides k and k+1 lie on the photo's
// edges, and the grid continues `first` cells past side k and `second` past side k+1, so that it
// shows size - first cells across side k and size - second along it.
Quad ExtendPastCorner(const Quad& q, int k, int size, double first, double second) {
    std::array<double, 4> past{};
    past[k] = first;
    past[(k + 1) % 4] = second;
    const double rowsShown = size - (k % 2 == 0 ? first : second);
    const double colsShown = size - (k % 2 == 0 ? second : first);
    return ExtendPastCuts(q, colsShown, rowsShown, past);
}

double SideLength(const Quad& q, int k) {
    return cv::norm(q[(k + 1) % 4] - q[k]);
}

}  // namespace

double QuadArea(const Quad& quad) {
    return cv::contourArea(std::vector<cv::Point2f>(quad.begin(), quad.end()));
}

Quad OrderClockwise(const Quad& quad) {
    cv::Point2f centre(0, 0);
    for (auto& p : quad)
        centre += p * 0.25f;
    Quad sorted = quad;
    // Image y grows downwards, so increasing atan2 runs clockwise on screen.
    std::sort(sorted.begin(), sorted.end(), [&](const cv::Point2f& a, const cv::Point2f& b) {
        return std::atan2(a.y - centre.y, a.x - centre.x) <
               std::atan2(b.y - centre.y, b.x - centre.x);
    });
    auto first = std::min_element(sorted.begin(), sorted.end(),
                                  [](auto& a, auto& b) { return a.x + a.y < b.x + b.y; });
    std::rotate(sorted.begin(), first, sorted.end());
    return sorted;
}

double Gridness(const cv::Mat& ink, const Quad& quad, int size, LinePieces pieces) {
    const cv::Mat probe = StraightInk(ink, quad, size, kProbeCell, pieces, nullptr);
    const std::vector<double> rowProfile = LongStrokeProfile(probe, 0, kProbeCell);
    const std::vector<double> colProfile = LongStrokeProfile(probe, 1, kProbeCell);
    // A grid needs every line; one missing line costs more than a faint one.
    double sum = 0;
    int present = 0;
    for (int k = 0; k <= size; ++k) {
        for (const auto* profile : {&rowProfile, &colProfile}) {
            double c = LineContrast(*profile, k * kProbeCell, kProbeCell);
            sum += c;
            present += c > 0.2;
        }
    }
    const int lines = 2 * (size + 1);
    return (sum / lines) * (static_cast<double>(present) / lines);
}

namespace {

// Whether `inner`'s centre lies inside `outer` and `inner` covers between minShare and maxShare
// of `outer`'s area: a box of a grid covers a ninth of it, the grid inside an outline merged with
// print beside it most of that outline.
bool CentredInsideCovering(const Quad& outer, const Quad& inner, double minShare, double maxShare) {
    const double outerArea = QuadArea(outer), innerArea = QuadArea(inner);
    return Inside(outer, Centre(inner)) && innerArea >= minShare * outerArea &&
           innerArea <= maxShare * outerArea;
}

// Whether `inner` is the grid inside the unconvincing `outer`: more grid-like, centred inside it
// and covering most of it but not all (a column of text or a crossword printed close beside a
// grid whose thin lines are dashed merges with its outline; the merged outline, larger, scored
// more though the grid's own is more grid-like). A box of a grid covers a ninth of it.
bool IsTheGridInside(const GridCandidate& outer, const GridCandidate& inner) {
    return outer.gridness < kConvincing && inner.gridness > outer.gridness &&
           CentredInsideCovering(outer.corners, inner.corners, kMinShareOfMergedGrid,
                                 kMaxShareOfMergedGrid);
}

// DetectGrid on the photo's ink mask (InkMask), which DetectWholeOrCutGrid shares with the cut
// grid's search, from the mask's outlines (CandidateQuads of `ink`).
std::optional<GridCandidate> BestWholeGrid(const cv::Mat& ink,
                                           const std::vector<AreaAndQuad>& outlines, int size,
                                           LinePieces pieces = {}) {
    const double imageArea = static_cast<double>(ink.rows) * ink.cols;
    std::optional<GridCandidate> best;
    double bestScore = 0;
    for (const auto& [hullArea, hull] : outlines) {
        // Gridness is at most 1: once even a perfect grid this small cannot win, stop.
        if (std::pow(hullArea / imageArea, 0.25) <= bestScore) break;
        const GridCandidate candidate = FitCandidate(ink, hull, hullArea, size, pieces);
        const double score = Score(candidate, imageArea);
        if (candidate.gridness < kMinGridness || !MayBeSquare(candidate.corners)) continue;
        const bool wins = !best || IsTheGridInside(*best, candidate) ||
                          (score > bestScore && !IsTheGridInside(candidate, *best));
        if (wins) {
            bestScore = score;
            best = candidate;
        }
    }
    return best;
}

std::optional<GridCandidate> BestWholeGrid(const cv::Mat& ink, int size) {
    return BestWholeGrid(ink, CandidateQuads(ink), size);
}

void KeepMoreGridLike(std::optional<GridCandidate>& best, std::optional<GridCandidate> other) {
    if (other && (!best || other->gridness > best->gridness)) best = std::move(other);
}

// The quadrilateral grown by `share` of itself around its centre.
Quad Enlarged(const Quad& q, float share) {
    const cv::Point2f centre = Centre(q);
    Quad grown;
    for (int i = 0; i < 4; ++i)
        grown[i] = centre + (q[i] - centre) * (1 + share);
    return grown;
}

// Boxes along a side of a grid of `size` cells whose boxes are square (3 for 9x9), else 0.
int SquareBoxesPerSide(int size) {
    const int boxes = static_cast<int>(std::lround(std::sqrt(size)));
    return boxes * boxes == size ? boxes : 0;
}

// Whether every corner lies in the image, or within a line's width of it.
bool InImage(const Quad& q, cv::Size image) {
    return std::all_of(q.begin(), q.end(), [&](cv::Point2f p) { return InImage(p, image); });
}

// The quadrilateral of the photo that spans [left, left + span] x [top, top + span] in the
// box coordinates `toPhoto` maps from.
Quad QuadOf(const cv::Mat& toPhoto, float left, float top, float span) {
    const std::vector<cv::Point2f> corners{
        {left, top}, {left + span, top}, {left + span, top + span}, {left, top + span}};
    std::vector<cv::Point2f> inPhoto;
    cv::perspectiveTransform(corners, inPhoto, toPhoto);
    return {inPhoto[0], inPhoto[1], inPhoto[2], inPhoto[3]};
}

// The homography from the square [0, span]^2 (box coordinates) onto a quadrilateral.
cv::Mat BoxCoordinatesTo(const Quad& quad, float span) {
    const std::vector<cv::Point2f> square{{0, 0}, {span, 0}, {span, span}, {0, span}};
    return cv::getPerspectiveTransform(square, std::vector<cv::Point2f>(quad.begin(), quad.end()));
}

// The least grid-like box of a grid `toPhoto` maps from box coordinates (boxes x boxes).
double WeakestBox(const cv::Mat& ink, const cv::Mat& toPhoto, int boxes) {
    double weakest = 1;
    for (int row = 0; row < boxes; ++row)
        for (int col = 0; col < boxes; ++col) {
            const Quad box = QuadOf(toPhoto, static_cast<float>(col), static_cast<float>(row), 1);
            weakest = std::min(weakest, Gridness(ink, box, boxes));
        }
    return weakest;
}

// Whether a quadrilateral is a grid of the lattice `toPhoto` maps box coordinates from, moved by
// whole boxes from [0, span]^2: three of its corners (the fourth may be cut off by the photo's
// edge) within a fifth of a box of lattice points, each two of them beside each other `span`
// boxes apart, and none where the lattice's own corner is.
bool IsShiftedByWholeBoxes(const Quad& quad, const cv::Mat& toPhoto, float span) {
    constexpr float kNear = 0.2f;
    std::vector<cv::Point2f> inBoxes;
    cv::perspectiveTransform(std::vector<cv::Point2f>(quad.begin(), quad.end()), inBoxes,
                             toPhoto.inv());
    const std::array<cv::Point2f, 4> own{{{0, 0}, {span, 0}, {span, span}, {0, span}}};
    std::array<std::optional<cv::Point2f>, 4> lattice;
    for (int k = 0; k < 4; ++k) {
        const cv::Point2f point(std::round(inBoxes[k].x), std::round(inBoxes[k].y));
        if (std::abs(inBoxes[k].x - point.x) > kNear || std::abs(inBoxes[k].y - point.y) > kNear)
            continue;
        if (point == own[k]) return false;
        lattice[k] = point;
    }
    if (std::count_if(lattice.begin(), lattice.end(), [](auto& p) { return p.has_value(); }) < 3)
        return false;
    for (int k = 0; k < 4; ++k) {
        const auto& a = lattice[k];
        const auto& b = lattice[(k + 1) % 4];
        if (a && b && std::abs(cv::norm(*b - *a) - span) > 0.5) return false;
    }
    return true;
}

// The most grid-like whole grid (at least kMinGridness) a box-like quadrilateral is a box of:
// the box extended, in its own perspective, by the boxes that could lie beside it, in each
// place it could hold in the grid, and wholly in the photo.
std::optional<GridCandidate> WholeGridAroundBox(const cv::Mat& ink, const Quad& box, int size) {
    const int boxes = SquareBoxesPerSide(size);
    const auto span = static_cast<float>(boxes);
    const cv::Mat toPhoto = BoxCoordinatesTo(box, 1);
    std::optional<GridCandidate> best;
    for (int row = 0; row < boxes; ++row)
        for (int col = 0; col < boxes; ++col) {
            const Quad whole =
                QuadOf(toPhoto, static_cast<float>(-col), static_cast<float>(-row), span);
            if (InImage(whole, ink.size()))
                KeepMoreGridLike(best, GridCandidate{whole, Gridness(ink, whole, size)});
        }
    if (!best || best->gridness < kMinGridness) return std::nullopt;
    return best;
}

// A grid carried out from a box, fitted again, or nothing when one of its boxes is no box. A
// box's perspective carried across two more boxes puts the far corners a little off: the evenly
// spaced lines inside a slightly larger quadrilateral put them back on the lines. A grid carried
// out the wrong way (across the gap to a puzzle printed beside it) has a box of no grid, or of
// another grid's lines at an offset.
std::optional<GridCandidate> RefittedAroundBoxes(const cv::Mat& ink, GridCandidate grid, int size) {
    const int boxes = SquareBoxesPerSide(size);
    std::optional<GridCandidate> best = std::move(grid);
    KeepMoreGridLike(best, FitCandidate(ink, Enlarged(best->corners, kAroundBoxMargin),
                                        QuadArea(best->corners), size));
    const cv::Mat toPhoto = BoxCoordinatesTo(best->corners, static_cast<float>(boxes));
    if (WeakestBox(ink, toPhoto, boxes) < kMinBoxGridness) return std::nullopt;
    return best;
}

// Quadrilaterals around the ink contours (InkContours of an image of `image` pixels) of a box's
// size that lie in none of `grids`, largest first, at most kMaxCandidates: the boxes of a grid
// as small as kMinAreaShare of the image are kept, which CandidateQuads leaves out, on a page of
// several puzzles too.
std::vector<AreaAndQuad> LoneBoxQuads(const Contours& contours, cv::Size image, int boxes,
                                      const std::vector<GridCandidate>& grids) {
    const double minArea = kMinAreaShare * image.height * image.width / (boxes * boxes);
    std::vector<AreaAndQuad> quads;
    AddQuadsAround(
        contours, minArea, image, false,
        [&](const Quad& quad) { return !CentreInAny(grids, quad); }, quads);
    return LargestFirst(std::move(quads));
}

// The most grid-like whole grid that one of the candidates is a box of: each box-like candidate
// extended, in its own perspective, by the boxes that could lie beside it, in each place it could
// hold in the grid. When a grid's frame runs into other print (a column rule, the crossword
// beside it) its outline is no contour of its own, and the hull of what it merged with can hide
// its lines from FitGridInside; its boxes, closed by its thick lines, are still contours
// (image1049 saved again as JPEG at quality 92: the grid's outline merged with the column rule
// and a strip of the page was taken instead).
std::optional<GridCandidate> GridAroundItsBoxes(const cv::Mat& ink,
                                                const std::vector<AreaAndQuad>& outlines, int size,
                                                const std::optional<GridCandidate>& found) {
    const int boxes = SquareBoxesPerSide(size);
    if (boxes < 2) return std::nullopt;
    std::optional<GridCandidate> best;
    for (const auto& [hullArea, box] : outlines)
        if (Gridness(ink, box, boxes) >= kConvincing)
            KeepMoreGridLike(best, WholeGridAroundBox(ink, box, size));
    if (!best || !(best = RefittedAroundBoxes(ink, *best, size))) return std::nullopt;
    // A grid found on its own (weak: the photo's edge cuts a corner off) on the same lattice whole
    // boxes away is the truer place: carried out from a box, the grid crossed the gap to the
    // puzzle printed beside it (two puzzles side by side, one partly out of the photo).
    const auto span = static_cast<float>(boxes);
    if (found && IsShiftedByWholeBoxes(found->corners, BoxCoordinatesTo(best->corners, span), span))
        return std::nullopt;
    return best;
}

// Whether a corner of `b` lies inside `a`.
bool CornerInside(const Quad& a, const Quad& b) {
    return std::any_of(b.begin(), b.end(), [&](cv::Point2f p) { return Inside(a, p); });
}

// The grids of a page carried out from their boxes (as GridAroundItsBoxes, a grid for each
// box-like quadrilateral around one of `contours`, InkContours of `ink`, in none of the
// `convincing` grids or of those carried out before it): a page's puzzles whose frames run into a
// column rule, or into each other, have no outline of their own.
std::vector<GridCandidate> GridsAroundTheirBoxes(const cv::Mat& ink, const Contours& contours,
                                                 int size,
                                                 const std::vector<GridCandidate>& convincing) {
    const int boxes = SquareBoxesPerSide(size);
    if (boxes < 2) return {};
    std::vector<GridCandidate> grids = convincing, carried;
    for (const auto& [area, box] : LoneBoxQuads(contours, ink.size(), boxes, convincing)) {
        if (CentreInAny(grids, box) || Gridness(ink, box, boxes) < kConvincing) continue;
        const auto whole = WholeGridAroundBox(ink, box, size);
        if (!whole) continue;
        const auto grid = RefittedAroundBoxes(ink, *whole, size);
        // The puzzles of a page do not overlap: a grid reaching into another one was carried
        // across the gap into its neighbour (two photos side by side, image93's neighbouring
        // puzzle cut by its edge carried into the other photo's grid).
        if (!grid || std::any_of(grids.begin(), grids.end(), [&](const GridCandidate& g) {
                return CornerInside(g.corners, grid->corners) ||
                       CornerInside(grid->corners, g.corners);
            }))
            continue;
        grids.push_back(*grid);
        carried.push_back(*grid);
    }
    return carried;
}

}  // namespace

std::optional<GridCandidate> DetectGrid(const cv::Mat& gray, int size) {
    return BestWholeGrid(InkMask(gray), size);
}

namespace {

// Every grid of an ink mask, in falling order of score; none overlaps another.
std::vector<GridCandidate> GridsOfMask(const cv::Mat& ink, int size) {
    const double imageArea = static_cast<double>(ink.rows) * ink.cols;
    std::vector<std::pair<double, GridCandidate>> scored;
    const Contours contours = InkContours(ink);
    std::vector<GridCandidate> convincing;
    for (const auto& [hullArea, hull] : CandidateQuads(ink, contours)) {
        const GridCandidate candidate = FitCandidate(ink, hull, hullArea, size);
        if (!MayBeSquare(candidate.corners)) continue;
        if (candidate.gridness >= kMinGridness)
            scored.emplace_back(Score(candidate, imageArea), candidate);
        if (candidate.gridness >= kConvincing) convincing.push_back(candidate);
    }
    for (const GridCandidate& carried : GridsAroundTheirBoxes(ink, contours, size, convincing))
        scored.emplace_back(Score(carried, imageArea), carried);
    std::stable_sort(scored.begin(), scored.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    // A candidate overlapping a better one is that grid again, one of its boxes, or the grid
    // merged with its neighbour: only the best of them is a grid of its own. The puzzles of one
    // page are printed alike: a quadrilateral far smaller than the best grid is a box, a sliver of
    // a neighbour cut by the frame or a table, not another Sudoku.
    std::vector<GridCandidate> grids;
    for (const auto& scoredCandidate : scored) {
        // Not a structured binding: clang 14 cannot capture one in the lambda below.
        const GridCandidate& candidate = scoredCandidate.second;
        if (!grids.empty() &&
            QuadArea(candidate.corners) < kMinShareOfBestGrid * QuadArea(grids.front().corners))
            continue;
        const bool overlaps = std::any_of(grids.begin(), grids.end(), [&](const GridCandidate& g) {
            return Inside(g.corners, Centre(candidate.corners)) ||
                   Inside(candidate.corners, Centre(g.corners));
        });
        if (!overlaps) grids.push_back(candidate);
    }
    return grids;
}

}  // namespace

std::vector<GridCandidate> DetectGrids(const cv::Mat& gray, int size, GridMask mask) {
    switch (mask) {
        case GridMask::Ink:
            break;
        case GridMask::Strokes:
            return GridsOfMask(StrokeMask(SmoothAndPaper(gray)), size);
        case GridMask::StrokesAgainstPaper:
            return GridsOfMask(RelativeStrokeMask(SmoothAndPaper(gray)), size);
        case GridMask::FaintInk:
            return GridsOfMask(InkMask(gray, kFaintInkOffset), size);
    }
    return GridsOfMask(InkMask(gray), size);
}

namespace {

// The most grid-like whole grid for a quad whose side k alone lies on the photo's edge.
std::optional<GridCandidate> BestPastSide(const cv::Mat& ink, const Quad& hull, int k, int size) {
    const double cell = (SideLength(hull, k) + SideLength(hull, (k + 2) % 4)) / (2 * size);
    const double visible =
        (SideLength(hull, (k + 1) % 4) + SideLength(hull, (k + 3) % 4)) / (2 * cell);
    if (size - visible > kMaxCellsCutOff + 1) return std::nullopt;  // a strip, not most of a grid
    // The sides' lengths give the hidden part only roughly (perspective, a camera's cells are not
    // square): the lines inside say which extension puts the lattice on them.
    std::optional<GridCandidate> best;
    double bestHidden = 0;
    const auto tryExtension = [&](double hidden) {
        if (hidden < 0.1 || hidden > kMaxCellsCutOff + 1e-9) return;
        const Quad whole = ExtendPastCut(hull, k, size, visible, hidden);
        const double gridness = Gridness(ink, whole, size);
        if (!best || gridness > best->gridness) {
            best = GridCandidate{OrderClockwise(whole), gridness};
            bestHidden = hidden;
        }
    };
    // Coarsely, then finely around the best, as past a corner: 22 grids probed instead of 49.
    constexpr double kCoarse = 0.2, kFine = 0.05;
    for (double hidden = 0.1; hidden <= kMaxCellsCutOff + 1e-9; hidden += kCoarse)
        tryExtension(hidden);
    const double coarse = bestHidden;
    for (double d = -kCoarse; d <= kCoarse + 1e-9; d += kFine)
        tryExtension(coarse + d);
    return best;
}

// The most grid-like whole grid for a quad whose sides k and k+1 lie on the photo's edges. No
// side is whole, so both extensions are searched. Each moves one family of lines (those across
// side k, or across side k+1) and hardly the other, so each is first searched coarsely with the
// other held, then both together finely around the best: 107 grids probed instead of 250 (both
// coarsely at once), which was most of the time a photo under a shadow's edge took (the dark
// part's outline lies on two edges of the photo). All 1,088 probe readings are the same.
std::optional<GridCandidate> BestPastCorner(const cv::Mat& ink, const Quad& hull, int k, int size) {
    std::optional<GridCandidate> best;
    double bestFirst = kMaxCellsCutOff / 2, bestSecond = kMaxCellsCutOff / 2;
    const auto tryExtension = [&](double first, double second) {
        if (first < 0.1 || second < 0.1 || first > kMaxCellsCutOff || second > kMaxCellsCutOff)
            return;
        const Quad whole = ExtendPastCorner(hull, k, size, first, second);
        const double gridness = Gridness(ink, whole, size);
        if (!best || gridness > best->gridness) {
            best = GridCandidate{OrderClockwise(whole), gridness};
            bestFirst = first;
            bestSecond = second;
        }
    };
    constexpr double kCoarse = 0.2, kFine = 0.05;
    const double heldSecond = bestSecond;
    for (double first = 0.1; first <= kMaxCellsCutOff; first += kCoarse)
        tryExtension(first, heldSecond);
    const double heldFirst = bestFirst;
    for (double second = 0.1; second <= kMaxCellsCutOff; second += kCoarse)
        tryExtension(heldFirst, second);
    const double coarseFirst = bestFirst, coarseSecond = bestSecond;
    for (double df = -kCoarse; df <= kCoarse; df += kFine)
        for (double ds = -kCoarse; ds <= kCoarse; ds += kFine)
            tryExtension(coarseFirst + df, coarseSecond + ds);
    return best;
}

// The whole grid a hull cut on one side, or at a corner, shows part of.
std::optional<GridCandidate> BestPastCuts(const cv::Mat& ink, const Quad& hull, int size) {
    std::vector<int> cutSides;
    for (int k = 0; k < 4; ++k)
        if (SideOnImageEdge(hull, k, ink.size())) cutSides.push_back(k);
    if (cutSides.size() == 1) return BestPastSide(ink, hull, cutSides[0], size);
    if (cutSides.size() == 2 && (cutSides[1] - cutSides[0]) % 2 == 1) {
        // Adjacent sides: k and k+1, where 3 and 0 (left and top) make k = 3.
        const int k = cutSides[1] - cutSides[0] == 1 ? cutSides[0] : 3;
        return BestPastCorner(ink, hull, k, size);
    }
    return std::nullopt;
}

// DetectCutGrid on the photo's ink mask.
std::optional<GridCandidate> BestCutGrid(const cv::Mat& ink, int size) {
    const double imageArea = static_cast<double>(ink.rows) * ink.cols;
    std::optional<GridCandidate> best;
    const auto consider = [&](const std::optional<GridCandidate>& found, double needed) {
        if (found && found->gridness >= needed && (!best || found->gridness > best->gridness))
            best = found;
    };
    for (const auto& [hullArea, hull] : CandidateQuads(ink, true)) {
        // Only a whole grid's outline with a corner past the edge lies partly out of the photo.
        if (!InImage(hull, ink.size())) {
            consider(GridCandidate{hull, Gridness(ink, hull, size)}, kMinGridness);
            continue;
        }
        const std::optional<GridCandidate> found = BestPastCuts(ink, hull, size);
        consider(found, kMinGridness);
        if ((found && found->gridness >= kConvincing) || hullArea < kMinFadedHullShare * imageArea)
            continue;
        // A corner moved onto the edge is a guess: kept only when the lines inside bear it out.
        for (int k = 0; k < 4; ++k)
            if (const auto extended = SideExtendedToImageEdge(hull, k, ink.size()))
                consider(BestPastCuts(ink, *extended, size), kConvincing);
    }
    return best;
}

}  // namespace

std::optional<GridCandidate> DetectCutGrid(const cv::Mat& gray, int size) {
    return BestCutGrid(InkMask(gray), size);
}

namespace {

// Each mask's best whole grid, convincing or not, in the order the masks were asked: the usual
// mask's, then the strokes', the strokes against the paper's and the faint ink's.
using WholeGrids = std::vector<GridCandidate>;

// `grid`, noted in `seen` when there is one and the caller keeps a list.
std::optional<GridCandidate> Noted(std::optional<GridCandidate> grid, WholeGrids* seen) {
    if (grid && seen) seen->push_back(*grid);
    return grid;
}

// The whole grid of another ink mask, when convincing: a guess from a mask the usual one
// disagrees with is taken only on strong evidence. Every best grid is noted in `seen`.
std::optional<GridCandidate> ConvincingWholeGrid(const cv::Mat& ink, int size, WholeGrids* seen) {
    auto grid = Noted(BestWholeGrid(ink, size), seen);
    if (grid && grid->gridness >= kConvincing) return grid;
    return std::nullopt;
}

// What the usual mask found, unless another mask finds a more grid-like whole grid. First the
// strokes mask: faint lines along a shaded box can defeat the usual mask. Then, each only when
// still nothing convincing, the strokes measured against the paper's light (the half of a grid
// under a shadow) and the faint ink mask: a blurred photo's thin lines keep a few gray levels of
// contrast, which the usual mask breaks into dashes.
std::optional<GridCandidate> WithOtherMasks(std::optional<GridCandidate> best, const cv::Mat& gray,
                                            int size, WholeGrids* seen = nullptr) {
    const PaperAround lit = SmoothAndPaper(gray);
    KeepMoreGridLike(best, ConvincingWholeGrid(StrokeMask(lit), size, seen));
    if (best && best->gridness >= kConvincing) return best;
    KeepMoreGridLike(best, ConvincingWholeGrid(RelativeStrokeMask(lit), size, seen));
    if (best && best->gridness >= kConvincing) return best;
    KeepMoreGridLike(best, ConvincingWholeGrid(InkMask(gray, kFaintInkOffset), size, seen));
    return best;
}

// The best whole grid of the usual mask with its lines' shortest pieces counted, when no mask
// found any grid: hair-thin grey lines, broken into short dashes and dots.
std::optional<GridCandidate> OrOfShortDashes(std::optional<GridCandidate> best, const cv::Mat& ink,
                                             const std::vector<AreaAndQuad>& outlines, int size) {
    if (best) return best;
    return BestWholeGrid(ink, outlines, size, kLinePiecesWhenLost);
}

// Whether a grid at `corners` may replace `found`: nothing was found, or `found` lies inside it
// and is no more than a box of it, or `found` (its box lines not plain: `foundBoxLined` false)
// holds it and it covers kMinShareOfMergedGrid of `found` at least. The outline of a grid whose
// thin lines are dashed can take in a column of text printed close beside it; the grid's box lines
// then sit off the thirds of that outline, and the grid's own outline inside it has them plain.
bool MayReplace(const Quad& corners, const std::optional<GridCandidate>& found,
                bool foundBoxLined) {
    if (!found) return true;
    if (CentredInsideCovering(corners, found->corners, 0, kMaxShareOfBoxGrid)) return true;
    return !foundBoxLined && CentredInsideCovering(found->corners, corners, kMinShareOfMergedGrid,
                                                   std::numeric_limits<double>::infinity());
}

// When nothing at all was found: the most grid-like of the masks' best whole grids (`seen`), if
// it is kNothingElseGridness grid-like. The other masks' grids are otherwise taken only when
// convincing, for the usual mask's grid to give way; with nothing from the usual mask there is
// nothing to give way, and a grid whose hair-thin thin lines the usual mask breaks apart (and
// whose box lines are not plain enough either) is still read, its lattice checked as any other.
std::optional<GridCandidate> MostGridLikeSeen(const WholeGrids& seen, cv::Size image) {
    const double imageArea = static_cast<double>(image.width) * image.height;
    std::optional<GridCandidate> best;
    for (const GridCandidate& grid : seen)
        if (grid.gridness >= kNothingElseGridness &&
            (!best || Score(grid, imageArea) > Score(*best, imageArea)))
            best = grid;
    return best;
}

// When no mask found a convincing grid: the grid among the masks' best whole grids (`seen`, noted
// while they were asked: none was convincing, so every mask was), and the usual mask `ink`'s
// `outlines`, whose box lines are plain in `ink` (the plainest, the bigger between equally plain
// ones, as Score weighs cells), if it may replace what was found (MayReplace).
// Dashed thin lines, or faint ones beside shaded boxes, leave a grid's cells unconvincing in every
// mask; one of its boxes, closed by the thick lines, was then taken for the grid (read as a
// lattice that is not evenly spaced), or nothing was found (bench/newspaper_probes.py pages).
std::optional<GridCandidate> OrTheGridOfItsBoxLines(std::optional<GridCandidate> found,
                                                    const cv::Mat& ink,
                                                    const std::vector<AreaAndQuad>& outlines,
                                                    const WholeGrids& seen, int size) {
    const int boxes = SquareBoxesPerSide(size);
    if ((found && found->gridness >= kConvincing) || boxes < 2) return found;
    const bool foundBoxLined = found && Gridness(ink, found->corners, boxes) >= kConvincingBoxLines;
    const double imageArea = static_cast<double>(ink.rows) * ink.cols;
    std::optional<GridCandidate> best;
    double bestScore = 0;
    const auto betterBoxLined = [&](const Quad& corners) {
        // Box lines at most perfectly plain: an outline that could not win even so is not measured.
        if (Score(GridCandidate{corners, 1.0}, imageArea) <= bestScore || !MayBeSquare(corners) ||
            !MayReplace(corners, found, foundBoxLined))
            return false;
        const double boxLines = Gridness(ink, corners, boxes);
        const double score = Score(GridCandidate{corners, boxLines}, imageArea);
        if (boxLines < kConvincingBoxLines || score <= bestScore) return false;
        bestScore = score;
        return true;
    };
    for (const GridCandidate& grid : seen)
        if (betterBoxLined(grid.corners)) best = grid;
    // Thin lines too faint for any mask leave a grid's cells below kMinGridness everywhere, so no
    // mask noted it: the usual mask's outlines themselves, as grids of boxes.
    for (const auto& [hullArea, hull] : outlines)
        if (betterBoxLined(hull)) best = GridCandidate{hull, Gridness(ink, hull, size)};
    return best ? best : found;
}

}  // namespace

// The usual mask's outlines are worked out once and shared by every step that looks at them.
std::optional<GridCandidate> DetectWholeGrid(const cv::Mat& gray, int size) {
    const cv::Mat ink = InkMask(gray);
    const std::vector<AreaAndQuad> outlines = CandidateQuads(ink);
    std::optional<GridCandidate> best = BestWholeGrid(ink, outlines, size);
    if (best && best->gridness >= kConvincing) return best;
    KeepMoreGridLike(best, GridAroundItsBoxes(ink, outlines, size, best));
    return OrOfShortDashes(WithOtherMasks(std::move(best), gray, size), ink, outlines, size);
}

namespace {

// The grid DetectWholeOrCutGrid looks for, once.
std::optional<GridCandidate> WholeOrCutGrid(const cv::Mat& gray, int size, CutGrids cut) {
    const cv::Mat ink = InkMask(gray);
    const std::vector<AreaAndQuad> outlines = CandidateQuads(ink);
    WholeGrids seen;
    std::optional<GridCandidate> best = Noted(BestWholeGrid(ink, outlines, size), &seen);
    if (best && best->gridness >= kConvincing) return best;
    KeepMoreGridLike(best, GridAroundItsBoxes(ink, outlines, size, best));
    if (cut == CutGrids::Sought) KeepMoreGridLike(best, BestCutGrid(ink, size));
    best = OrOfShortDashes(WithOtherMasks(std::move(best), gray, size, &seen), ink, outlines, size);
    best = OrTheGridOfItsBoxLines(std::move(best), ink, outlines, seen, size);
    // Like the box-lines step, the last resort is for grids of square boxes: kNothingElseGridness
    // was measured on 9x9 grids and photos without one.
    if (best || SquareBoxesPerSide(size) < 2) return best;
    return MostGridLikeSeen(seen, ink.size());
}

}  // namespace

// A crossword found instead of the grid is painted over with the paper's gray level and the grid
// looked for again, once.
std::optional<GridCandidate> DetectWholeOrCutGrid(const cv::Mat& gray, int size, CutGrids cut) {
    std::optional<GridCandidate> best = WholeOrCutGrid(gray, size, cut);
    if (!best || !HasSolidCells(gray, best->corners, size)) return best;
    const cv::Mat without = PaintedOver(gray, best->corners);
    best = WholeOrCutGrid(without, size, cut);
    if (best && HasSolidCells(without, best->corners, size)) return std::nullopt;
    return best;
}

}  // namespace sudoku
