#include "vision/tracking/LiveSession.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>

#include <opencv2/imgproc.hpp>

#include "solver/TextFormat.h"

namespace sudoku {
namespace {

// Flat overlay pixels per cell: about a 720p grid's own, so warping neither blurs nor aliases.
constexpr int kFlatCell = 48;
// Room under the flat board for the overlay's sentence, in board heights.
constexpr double kBandShare = 0.6;

std::string BoardKey(const Reading& r) {
    return FormatPuzzle(r.givens, TextFormat::Line) + "|" +
           FormatPuzzle(r.handwritten, TextFormat::Line);
}

// The reading moved onto a straight-on square board of `cell` pixels per cell at the origin.
Reading FlatReading(const Reading& r, int cell) {
    Reading flat = r;
    const int n = r.size;
    const auto side = static_cast<float>(n * cell);
    flat.corners = {cv::Point2f(0, 0), {side, 0}, {side, side}, {0, side}};
    flat.lattice.clear();
    for (int row = 0; row <= n; ++row)
        for (int col = 0; col <= n; ++col)
            flat.lattice.emplace_back(static_cast<float>(col * cell),
                                      static_cast<float>(row * cell));
    return flat;
}

}  // namespace

LiveSession::LiveSession(LiveOptions options)
    : options_(std::move(options)), tracker_([&] {
          TrackerOptions t;
          t.size = options_.reader.size;
          return t;
      }()) {}

FrameReport LiveSession::process(cv::Mat& frame) {
    if (frame.empty() || frame.type() != CV_8UC3)
        throw std::invalid_argument("LiveSession::process needs an 8-bit BGR frame");
    FrameReport report;
    if (frozen_ && !lastShown_.empty() && lastShown_.size() == frame.size()) {
        lastShown_.copyTo(frame);
        return report;
    }
    ++stats_.frames;
    if (tracker_.tracking()) {
        if (const auto quad = tracker_.update(frame)) {
            report.tracked = true;
            smooth(*quad);
        } else {
            smoothed_.reset();
        }
    }
    if (pending_) collectReading();
    if (cooldown_ > 0) --cooldown_;
    if (!tracker_.tracking() && !pending_ && ++sinceDetect_ >= options_.detectEvery)
        findGrid(frame, report);
    if (tracker_.tracking() && smoothed_) report.grid = *smoothed_;
    if (tracker_.tracking() && smoothed_ && reading_ && reading_->status == ReadStatus::Solved) {
        if (options_.drawOverlay) drawOverlay(frame);
        report.overlay = true;
        report.corners = *smoothed_;
        ++stats_.overlays;
    }
    frame.copyTo(lastShown_);
    return report;
}

// The cheap detector first; only a grid it finds that is not the last board solved pays for a
// full reading.
void LiveSession::findGrid(const cv::Mat& frame, FrameReport& report) {
    sinceDetect_ = 0;
    reading_.reset();
    // Recent readings failed: do not stall every frame, but a known board costs no reading.
    if (cooldown_ > 0 && !known_) return;
    const cv::Mat work = tracker_.workImage(frame);
    const auto grid = DetectWholeGrid(work, options_.reader.size);
    if (!grid) return;
    report.detected = true;
    ++stats_.detections;
    if (recognise(frame, work, grid->corners) || cooldown_ > 0) return;
    if (options_.readInBackground)
        startReading(frame, report);
    else
        readGrid(frame, report);
}

// The last board solved, found again: followed with its reading, its lattice where it is now.
bool LiveSession::recognise(const cv::Mat& frame, const cv::Mat& work, const Quad& quad) {
    if (!known_) return false;
    const int n = known_->reading().size;
    const auto upright = known_->match(work, RefineLattice(work, quad, n));
    if (!upright) return false;
    ++stats_.recognitions;
    Reading r = known_->reading();
    const double toFrame = 1 / tracker_.workScale(frame.cols);
    r.lattice.clear();
    for (const auto& p : *upright)
        r.lattice.push_back(p * toFrame);
    r.corners = {r.lattice[0], r.lattice[n], r.lattice.back(), r.lattice[n * (n + 1)]};
    reading_ = std::move(r);
    tracker_.start(frame, reading_->lattice, known_->inked());
    smoothed_ = reading_->corners;
    return true;
}

void LiveSession::readGrid(const cv::Mat& frame, FrameReport& report) {
    report.read = true;
    ++stats_.reads;
    Reading r = ReadSudoku(frame, options_.reader);
    if (keep(r)) follow(frame, tracker_.workImage(frame), std::move(r));
}

// The worker gets its own copy of the frame and the options: nothing is shared while it reads.
void LiveSession::startReading(const cv::Mat& frame, FrameReport& report) {
    report.read = true;
    ++stats_.reads;
    PendingReading pending;
    pending.work = tracker_.workImage(frame).clone();
    pending.toWork = tracker_.workScale(frame.cols);
    pending.result = std::async(
        std::launch::async,
        [photo = frame.clone(), options = options_.reader] { return ReadSudoku(photo, options); });
    pending_ = std::move(pending);
}

// A finished reading of an earlier frame: its board becomes the known one, which the detector
// then finds and recognises where the grid is now.
void LiveSession::collectReading() {
    if (pending_->result.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return;
    Reading r = pending_->result.get();
    const PendingReading done = std::move(*pending_);
    pending_.reset();
    if (!keep(r)) return;
    std::vector<cv::Point2f> workLattice;
    for (const auto& p : r.lattice)
        workLattice.push_back(p * done.toWork);
    known_.emplace(done.work, workLattice, std::move(r));
    sinceDetect_ = options_.detectEvery;  // look for it in this very frame
}

void LiveSession::waitForReading() const {
    if (pending_) pending_->result.wait();
}

// Only a puzzle with one solution is followed and drawn. Anything else (a grid cut by the
// frame's edge, a blurred frame, a misread digit) is read again soon, then less and less often,
// so the frame rate holds up while no good reading comes. The same digits solved before give
// that solution, drawn where the grid is now.
bool LiveSession::keep(Reading& r) {
    const bool lattice = static_cast<int>(r.lattice.size()) == (r.size + 1) * (r.size + 1);
    const std::string key = r.found() ? BoardKey(r) : std::string();
    if (r.found() && r.status != ReadStatus::Solved) {
        if (const auto seen = solved_.find(key); seen != solved_.end()) {
            Reading solved = seen->second;
            solved.corners = r.corners;
            solved.lattice = r.lattice;
            r = std::move(solved);
        }
    }
    if (r.status != ReadStatus::Solved || !lattice) {
        ++failures_;
        cooldown_ = std::min(options_.rereadEvery, 1 << std::min(failures_, 10));
        reading_.reset();
        return false;
    }
    failures_ = 0;
    solved_[key] = r;
    return true;
}

// Follows a board just read in `frame` (`work` its working image) and keeps it as the known one.
void LiveSession::follow(const cv::Mat& frame, const cv::Mat& work, Reading r) {
    const double toWork = tracker_.workScale(frame.cols);
    std::vector<cv::Point2f> workLattice;
    for (const auto& p : r.lattice)
        workLattice.push_back(p * toWork);
    known_.emplace(work, workLattice, r);
    reading_ = std::move(r);
    tracker_.start(frame, reading_->lattice, known_->inked());
    smoothed_ = reading_->corners;
}

// Damps small movements (jitter) hard and follows large ones (real motion) almost at once; the
// four corners share one weight so the grid keeps its shape.
void LiveSession::smooth(const Quad& corners) {
    if (!smoothed_) {
        smoothed_ = corners;
        return;
    }
    double moved = 0;
    for (int i = 0; i < 4; ++i)
        moved += cv::norm(corners[i] - (*smoothed_)[i]) / 4;
    const double weight = std::clamp(moved / (moved + options_.jitterPixels), 0.15, 1.0);
    for (int i = 0; i < 4; ++i)
        (*smoothed_)[i] += static_cast<float>(weight) * (corners[i] - (*smoothed_)[i]);
}

// The overlay of the current reading and mode, drawn once on a flat board: drawn on black it
// gives the premultiplied colour, on white as well the coverage.
const LiveSession::FlatOverlay& LiveSession::flatOverlay() {
    const std::string key = BoardKey(*reading_);
    if (flat_ && flat_->mode == options_.mode && flat_->key == key) return *flat_;
    const int n = reading_->size;
    const int side = n * kFlatCell;
    const cv::Size size(side, side + static_cast<int>(kBandShare * side));
    const Reading flat = FlatReading(*reading_, kFlatCell);
    OverlayOptions overlay;
    overlay.mode = options_.mode;
    cv::Mat black(size, CV_8UC3, cv::Scalar::all(0));
    cv::Mat white(size, CV_8UC3, cv::Scalar::all(255));
    DrawOverlay(black, flat, overlay);
    DrawOverlay(white, flat, overlay);
    const cv::Rect keep({0, 0}, size);  // a sentence that did not fit grew the pictures
    black = black(keep);
    white = white(keep);
    FlatOverlay out;
    out.cell = kFlatCell;
    out.size = n;
    out.mode = options_.mode;
    out.key = key;
    out.ink.create(size, CV_8UC4);
    for (int y = 0; y < size.height; ++y) {
        const auto* b = black.ptr<cv::Vec3b>(y);
        const auto* w = white.ptr<cv::Vec3b>(y);
        auto* o = out.ink.ptr<cv::Vec4b>(y);
        for (int x = 0; x < size.width; ++x) {
            int gap = 0;
            for (int k = 0; k < 3; ++k)
                gap = std::max(gap, w[x][k] - b[x][k]);
            o[x] = {b[x][0], b[x][1], b[x][2], cv::saturate_cast<uchar>(255 - gap)};
        }
    }
    flat_ = std::move(out);
    return *flat_;
}

void LiveSession::drawOverlay(cv::Mat& frame) {
    const FlatOverlay& flat = flatOverlay();
    const auto side = static_cast<float>(flat.size * flat.cell);
    const cv::Point2f square[4] = {{0, 0}, {side, 0}, {side, side}, {0, side}};
    const cv::Matx33d h = cv::getPerspectiveTransform(square, smoothed_->data());
    const auto w = static_cast<float>(flat.ink.cols), ht = static_cast<float>(flat.ink.rows);
    std::vector<cv::Point2f> outline{{0, 0}, {w, 0}, {w, ht}, {0, ht}}, seen;
    cv::perspectiveTransform(outline, seen, h);
    const cv::Rect roi = cv::boundingRect(seen) & cv::Rect({0, 0}, frame.size());
    if (roi.empty()) return;
    const cv::Matx33d shift(1, 0, -roi.x, 0, 1, -roi.y, 0, 0, 1);
    cv::Mat warped;
    cv::warpPerspective(flat.ink, warped, cv::Mat(shift * h), roi.size(), cv::INTER_LINEAR,
                        cv::BORDER_CONSTANT, cv::Scalar::all(0));
    for (int y = 0; y < roi.height; ++y) {
        auto* f = frame.ptr<cv::Vec3b>(roi.y + y) + roi.x;
        const auto* o = warped.ptr<cv::Vec4b>(y);
        for (int x = 0; x < roi.width; ++x) {
            const int keep = 255 - o[x][3];
            if (keep == 255) continue;
            for (int k = 0; k < 3; ++k)
                f[x][k] = cv::saturate_cast<uchar>((f[x][k] * keep + 127) / 255 + o[x][k]);
        }
    }
}

KeyAction LiveSession::handleKey(int key) {
    const int k = key & 0xFF;
    auto show = [&](OverlayMode mode) {
        options_.mode = mode;
        return KeyAction::None;
    };
    switch (k) {
        case 's':
            return show(OverlayMode::Solution);
        case 'c':
            return show(OverlayMode::Candidates);
        case 'h':
            return show(OverlayMode::Hint);
        case 'k':
            return show(OverlayMode::Check);
        case ' ':
            frozen_ = !frozen_;
            return KeyAction::None;
        case 'w':
            return KeyAction::Snapshot;
        case 'q':
        case 27:
            return KeyAction::Quit;
        default:
            return KeyAction::None;
    }
}

}  // namespace sudoku
