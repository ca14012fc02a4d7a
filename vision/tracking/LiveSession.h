#pragma once
// The live camera overlay's frame loop, without any window: frames in, frames with the answer
// drawn on the page out. Per frame only cheap work happens: the grid is followed with optical
// flow (GridTracker) or, when there is none, looked for on a shrunk frame; the overlay, drawn
// once per board and mode on a flat canvas, is warped onto the smoothed corners. The digits are
// read again (ReadSudoku, the slow part) only when a new grid appears or the last reading was
// not a puzzle with one solution; solutions are cached per board, and the last board solved is
// recognised when it comes back without reading it again (KnownBoard). The tracker checks every
// frame that the digits are still under the cells they were read in, so the answer is drawn on
// the right cells or not at all.
//
//   sudoku::LiveSession live;
//   while (camera.read(frame)) { live.process(frame); cv::imshow("sudokucam", frame); ... }

#include <array>
#include <future>
#include <map>
#include <optional>
#include <string>

#include <opencv2/core.hpp>

#include "vision/drawing/Overlay.h"
#include "vision/reading/ReadSudoku.h"
#include "vision/tracking/GridTracker.h"
#include "vision/tracking/KnownBoard.h"

namespace sudoku {

class LiveOptions {
public:
    // How the digits are read (default: the CNN, 9x9).
    ReaderOptions reader;
    // What the overlay shows first (default: OverlayMode::Solution).
    OverlayMode mode = OverlayMode::Solution;
    // After a reading that is not a puzzle with one solution, read again after 2, 4, 8, ...
    // frames, at most this many (default: 10).
    int rereadEvery = 10;
    // While no grid is followed, look for one every this many frames (default: 1).
    int detectEvery = 1;
    // Corner smoothing: movements under this many frame pixels are mostly damped as jitter
    // (default: 2).
    double jitterPixels = 2;
    // Read the digits on a worker thread, so a camera's frames keep flowing (without the
    // overlay) for the 30-100 ms a reading takes; the board read is then recognised in the
    // frame where the reading is done (default: false: read within process(), so a video gives
    // the same result on every run).
    bool readInBackground = false;
    // Draw the answer into the frame (default: true). The page draws its own overlay from the
    // corners and the reading, so the server skips the warping.
    bool drawOverlay = true;
};

// What happened to one frame.
struct FrameReport {
    bool tracked = false;   // the grid was followed from the last frame
    bool detected = false;  // a grid was found anew in this frame
    bool read = false;  // the digits were read in this frame (the slow path); in the background: a
                        // reading started
    bool overlay = false;  // the answer was drawn
    // The grid's smoothed corners in the frame (upright board order), set with `overlay`.
    std::array<cv::Point2f, 4> corners{};
    // The smoothed corners of the grid followed in this frame, read or not yet (upright board
    // order once read); empty when no grid is followed.
    std::optional<std::array<cv::Point2f, 4>> grid;
};

struct LiveStats {
    int frames = 0;
    int overlays = 0;
    int reads = 0;
    int detections = 0;
    int recognitions = 0;  // grids found that were the last board solved: no reading needed
};

// What a key press asks of the caller.
enum class KeyAction { None, Quit, Snapshot };

class LiveSession {
public:
    explicit LiveSession(LiveOptions options = {});

    // Processes one 8-bit BGR frame and draws the overlay into it. While frozen, the frame is
    // replaced by the last frame shown. Throws std::invalid_argument for another image type.
    FrameReport process(cv::Mat& frame);

    // s solution, c candidates, h hint, k check, space freeze/unfreeze; w asks for a snapshot,
    // q or Esc to quit. Other keys do nothing.
    KeyAction handleKey(int key);

    OverlayMode mode() const { return options_.mode; }
    void setMode(OverlayMode mode) { options_.mode = mode; }
    bool frozen() const { return frozen_; }
    const LiveStats& stats() const { return stats_; }
    // The latest reading of the grid in view, if any.
    const std::optional<Reading>& reading() const { return reading_; }
    // Blocks until a reading started in the background is done; the next process() takes it in.
    // Does nothing when none is under way.
    void waitForReading() const;

private:
    struct FlatOverlay {
        cv::Mat ink;   // CV_8UC4: colour premultiplied by coverage, coverage in the 4th channel
        int cell = 0;  // pixels per cell
        int size = 0;
        OverlayMode mode = OverlayMode::Solution;
        std::string key;  // the board drawn
    };

    void findGrid(const cv::Mat& frame, FrameReport& report);
    void readGrid(const cv::Mat& frame, FrameReport& report);
    void startReading(const cv::Mat& frame, FrameReport& report);
    void collectReading();
    bool keep(Reading& r);
    void follow(const cv::Mat& frame, const cv::Mat& work, Reading r);
    bool recognise(const cv::Mat& frame, const cv::Mat& work, const Quad& quad);
    void smooth(const Quad& corners);
    void drawOverlay(cv::Mat& frame);
    const FlatOverlay& flatOverlay();

    LiveOptions options_;
    GridTracker tracker_;
    std::optional<Reading> reading_;
    std::map<std::string, Reading> solved_;  // by the givens read, for boards seen before
    std::optional<KnownBoard> known_;        // the last board solved, as it looked
    std::optional<FlatOverlay> flat_;
    std::optional<Quad> smoothed_;
    int cooldown_ = 0;  // frames to wait after a reading that was not a solved puzzle
    int failures_ = 0;  // readings in a row that were not
    int sinceDetect_ = 0;
    bool frozen_ = false;
    cv::Mat lastShown_;
    LiveStats stats_;
    // A reading under way on the worker, with the frame's working image it is of. Last, so it is
    // destroyed (waited for) first; the worker touches nothing but its own copies.
    struct PendingReading {
        std::future<Reading> result;
        cv::Mat work;
        double toWork = 1;
    };
    std::optional<PendingReading> pending_;
};

}  // namespace sudoku
