#include "vision/tracking/GridTracker.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <opencv2/calib3d.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/video/tracking.hpp>

#include "vision/grid/GridWarper.h"
#include "vision/tracking/InkPattern.h"

namespace sudoku {
namespace {

// RANSAC tolerance, working pixels: a point further from the homography has slipped.
constexpr double kReprojection = 2.5;
// Between two frames the grid's area changes by less than this factor (a cut, not a zoom).
constexpr double kMaxAreaChange = 1.5;
// Below this share of the working image a grid's cells are too small to follow.
constexpr double kMinAreaShare = 0.01;
// A refinement moving the intersections further than this (cells, on average) found other lines.
constexpr double kMaxRefineShift = 0.25;

double Area(const std::vector<cv::Point2f>& quad) {
    return cv::contourArea(quad);
}

}  // namespace

GridTracker::GridTracker(TrackerOptions options) : options_(options) {
    const int n = options_.size;
    if (n < 2) throw std::invalid_argument("GridTracker: the grid needs at least 2 cells a side");
    for (int row = 0; row <= n; ++row)
        for (int col = 0; col <= n; ++col)
            flat_.emplace_back(static_cast<float>(col), static_cast<float>(row));
}

double GridTracker::workScale(int frameWidth) const {
    return std::min(1.0, static_cast<double>(options_.workWidth) / frameWidth);
}

cv::Mat GridTracker::workImage(const cv::Mat& frame) const {
    cv::Mat gray;
    if (frame.channels() == 3)
        cv::cvtColor(frame, gray, cv::COLOR_BGR2GRAY);
    else if (frame.channels() == 4)
        cv::cvtColor(frame, gray, cv::COLOR_BGRA2GRAY);
    else
        gray = frame;
    const double s = workScale(frame.cols);
    if (s >= 1) return gray;
    cv::Mat small;
    cv::resize(gray, small, {}, s, s, cv::INTER_AREA);
    return small;
}

void GridTracker::start(const cv::Mat& frame, const std::vector<cv::Point2f>& lattice,
                        std::vector<bool> inked) {
    if (lattice.size() != flat_.size())
        throw std::invalid_argument("GridTracker::start: the lattice needs (size+1)^2 points");
    if (!inked.empty() && inked.size() != static_cast<std::size_t>(options_.size * options_.size))
        throw std::invalid_argument("GridTracker::start: `inked` needs one entry per cell");
    inked_ = std::move(inked);
    agreement_.reset();
    scale_ = workScale(frame.cols);
    frameSize_ = frame.size();
    previous_ = workImage(frame);
    points_.clear();
    for (const auto& p : lattice)
        points_.push_back(p * scale_);
    framesSinceRefine_ = 0;
    velocity_.clear();
    tracking_ = true;
}

std::vector<cv::Point2f> GridTracker::lattice() const {
    std::vector<cv::Point2f> out;
    for (const auto& p : points_)
        out.push_back(p * (1 / scale_));
    return out;
}

std::optional<Quad> GridTracker::update(const cv::Mat& frame) {
    if (!tracking_) return std::nullopt;
    if (frame.size() != frameSize_) {
        tracking_ = false;
        return std::nullopt;
    }
    cv::Mat current = workImage(frame);
    // The flow starts where the last frame's motion would carry each point: a hand moves
    // smoothly, and a search that starts near the answer does not settle a cell off.
    std::vector<cv::Point2f> moved = points_;
    for (std::size_t i = 0; i < velocity_.size(); ++i)
        moved[i] += velocity_[i];
    std::vector<unsigned char> status;
    std::vector<float> error;
    cv::calcOpticalFlowPyrLK(previous_, current, points_, moved, status, error, {15, 15}, 3,
                             {cv::TermCriteria::COUNT | cv::TermCriteria::EPS, 20, 0.03},
                             velocity_.empty() ? 0 : cv::OPTFLOW_USE_INITIAL_FLOW);
    previous_ = current;
    const std::vector<cv::Point2f> before = points_;
    if (!fit(moved, status)) {
        tracking_ = false;
        return std::nullopt;
    }
    if (options_.refineEvery > 0 && ++framesSinceRefine_ >= options_.refineEvery) refine();
    if (!onTheCellsRead()) {
        tracking_ = false;
        return std::nullopt;
    }
    velocity_.resize(points_.size());
    for (std::size_t i = 0; i < points_.size(); ++i)
        velocity_[i] = points_[i] - before[i];
    const int n = options_.size;
    const auto corner = [&](int row, int col) {
        return points_[row * (n + 1) + col] * (1 / scale_);
    };
    return Quad{corner(0, 0), corner(0, n), corner(n, n), corner(n, 0)};
}

// Keeps the points that agree on one homography; the others are put where it says.
bool GridTracker::fit(const std::vector<cv::Point2f>& moved,
                      const std::vector<unsigned char>& status) {
    const cv::Rect2f bounds(0, 0, static_cast<float>(previous_.cols),
                            static_cast<float>(previous_.rows));
    std::vector<cv::Point2f> from, to;
    std::vector<int> index;
    for (std::size_t i = 0; i < moved.size(); ++i)
        if (status[i] && bounds.contains(moved[i])) {
            from.push_back(flat_[i]);
            to.push_back(moved[i]);
            index.push_back(static_cast<int>(i));
        }
    const auto needed =
        static_cast<std::size_t>(std::max(8.0, options_.minInlierShare * flat_.size()));
    if (from.size() < needed) return false;
    std::vector<unsigned char> inlier;
    const cv::Mat h = cv::findHomography(from, to, cv::RANSAC, kReprojection, inlier);
    if (h.empty() || static_cast<std::size_t>(cv::countNonZero(inlier)) < needed) return false;

    std::vector<cv::Point2f> predicted;
    cv::perspectiveTransform(flat_, predicted, h);
    const int n = options_.size;
    const std::vector<cv::Point2f> before{points_[0], points_[n], points_.back(),
                                          points_[n * (n + 1)]};
    const std::vector<cv::Point2f> after{predicted[0], predicted[n], predicted.back(),
                                         predicted[n * (n + 1)]};
    const double area = Area(after);
    if (!cv::isContourConvex(after) || area < kMinAreaShare * bounds.area()) return false;
    const double change = area / std::max(1.0, Area(before));
    if (change > kMaxAreaChange || change < 1 / kMaxAreaChange) return false;

    points_ = predicted;
    for (std::size_t k = 0; k < index.size(); ++k)
        if (inlier[k]) points_[index[k]] = to[k];
    return true;
}

// Snaps the intersections onto the printed lines near them (RefineLattice), unless that moves
// them so far that it must have latched onto something else.
void GridTracker::refine() {
    framesSinceRefine_ = 0;
    const int n = options_.size;
    const Quad quad{points_[0], points_[n], points_.back(), points_[n * (n + 1)]};
    const cv::Rect2f bounds(0, 0, static_cast<float>(previous_.cols),
                            static_cast<float>(previous_.rows));
    for (const auto& c : quad)
        if (!bounds.contains(c)) return;  // the refinement needs the whole grid in view
    const GridLattice refined = RefineLattice(previous_, quad, n);
    if (refined.points.size() != points_.size()) return;
    double shift = 0;
    for (std::size_t i = 0; i < points_.size(); ++i)
        shift += cv::norm(refined.points[i] - points_[i]);
    const double cell = std::sqrt(Area({quad.begin(), quad.end()})) / n;
    if (shift / static_cast<double>(points_.size()) > kMaxRefineShift * cell) return;
    points_ = refined.points;
}

// A lattice that slipped by whole cells still fits the printed lines; the digits show it.
bool GridTracker::onTheCellsRead() {
    if (inked_.empty()) return true;
    agreement_ = InkAgreement(CellInk(previous_, points_, options_.size), inked_);
    return agreement_ && *agreement_ >= options_.minInkAgreement;
}

}  // namespace sudoku
