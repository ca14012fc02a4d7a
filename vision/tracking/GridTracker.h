#pragma once
// Following a grid from one video frame to the next for the price of a few milliseconds: the
// grid's line intersections are tracked with pyramidal Lucas-Kanade optical flow, one
// homography is fitted to them (RANSAC drops the points that slipped), and every few frames the
// intersections are snapped back onto the printed lines so the error does not pile up. A fast
// move can make the flow lock onto the lattice a whole cell or more off, where the lines fit just
// as well; so every frame the cells that hold digits are checked to still hold ink (InkPattern).
// When too few points follow the homography, the quadrilateral stops looking like a grid, or
// the digits are not where they were read, the grid is lost and the caller looks for it again.

#include <optional>
#include <vector>

#include <opencv2/core.hpp>

#include "vision/grid/GridDetector.h"

namespace sudoku {

class TrackerOptions {
public:
    // Cells per side of the grid (default: 9).
    int size = 9;
    // Frames are shrunk to at most this width before tracking, for speed (default: 640).
    int workWidth = 640;
    // Snap the intersections back onto the printed lines every this many frames; 0 never
    // (default: 4).
    int refineEvery = 4;
    // Share of the intersections that must follow the fitted homography (default: 0.3).
    double minInlierShare = 0.3;
    // When the cells holding digits are known, the ink under the followed lattice must agree
    // with them at least this well (InkAgreement) or the grid counts as lost (default: 0.5).
    double minInkAgreement = 0.5;
};

class GridTracker {
public:
    explicit GridTracker(TrackerOptions options = {});

    const TrackerOptions& options() const { return options_; }

    // Starts following a grid whose (size+1)^2 intersections in `frame` are known (row-major,
    // in the frame's pixels, e.g. Reading::lattice). Throws std::invalid_argument for a lattice
    // of the wrong length. `inked` (size^2, row-major, may be empty) says which cells hold a
    // digit; with it every frame checks that the lattice still sits on those cells.
    void start(const cv::Mat& frame, const std::vector<cv::Point2f>& lattice,
               std::vector<bool> inked = {});

    // Follows the grid into the next frame (8-bit gray or BGR, the size of the last one). Returns
    // its four corners in the frame in the lattice's order (top-left, top-right, bottom-right,
    // bottom-left), or nothing when the grid is lost; tracking then stops until start().
    std::optional<Quad> update(const cv::Mat& frame);

    bool tracking() const { return tracking_; }
    void stop() { tracking_ = false; }
    // The intersections in the last frame (frame pixels), valid while tracking.
    std::vector<cv::Point2f> lattice() const;
    // The last frame's InkAgreement, when it was measured.
    std::optional<double> inkAgreement() const { return agreement_; }

    // The frame shrunk to the tracker's working scale, gray (also what the detector should use).
    cv::Mat workImage(const cv::Mat& frame) const;
    // Working pixels per frame pixel for a frame of this width.
    double workScale(int frameWidth) const;

private:
    bool fit(const std::vector<cv::Point2f>& moved, const std::vector<unsigned char>& status);
    void refine();
    bool onTheCellsRead();

    TrackerOptions options_;
    bool tracking_ = false;
    double scale_ = 1;
    int framesSinceRefine_ = 0;
    cv::Size frameSize_;
    cv::Mat previous_;                   // last working image
    std::vector<cv::Point2f> flat_;      // the lattice on the unit grid: (col, row)
    std::vector<cv::Point2f> points_;    // the lattice in the last working image
    std::vector<cv::Point2f> velocity_;  // each point's last move, working pixels per frame
    std::vector<bool> inked_;            // the cells holding a digit, or empty
    std::optional<double> agreement_;
};

}  // namespace sudoku
