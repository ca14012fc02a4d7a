// `sudokucam live`: the camera (or a video file) with the answer drawn on the page, frame by
// frame. Only the capture, the window, the keys and the statistics live here; the frame loop's
// logic is vision/tracking/LiveSession.h.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fmt/core.h>
#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "app/Commands.h"
#include "app/FrameSource.h"
#include "app/Interrupt.h"
#include "app/LiveRecording.h"
#include "app/OptionChoices.h"
#include "app/ReaderChoice.h"
#include "app/ReaderFlags.h"
#include "app/VideoIo.h"
#include "vision/tracking/LiveSession.h"

namespace sudokucam {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

struct LiveArgs {
    std::optional<int> camera;
    std::string video;
    std::string output;
    std::string truth;
    std::string show = "solution";
    ReaderChoice reader;  // --engine, --size, --variant
    bool headless = false;
    bool stats = false;
    double frameTimeout = 5;  // seconds
};

// Opening a camera tries every capture back-end in turn, which can take seconds on a loaded
// machine; opening may take this long, or --frame-timeout if that is longer.
constexpr double kOpenTimeoutSeconds = 30;

// Per-frame ground truth written by `sudokucam render --video`.
struct TruthFrame {
    std::array<cv::Point2f, 4> corners;
    bool full = false;
    bool none = false;
    double cell = 0;  // the grid's top edge over its cells per side, pixels
};

std::vector<TruthFrame> LoadTruth(const std::string& path, double& fps) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open the ground truth " + path);
    const auto j = nlohmann::json::parse(in);
    fps = j.value("fps", 30.0);
    std::vector<TruthFrame> frames;
    for (const auto& f : j.at("frames")) {
        TruthFrame t;
        for (int i = 0; i < 4; ++i)
            t.corners[i] = {f.at("corners")[i][0].get<float>(), f.at("corners")[i][1].get<float>()};
        t.full = f.at("visibility") == "full";
        t.none = f.at("visibility") == "none";
        t.cell = cv::norm(t.corners[1] - t.corners[0]) / j.value("size", 9);
        frames.push_back(t);
    }
    return frames;
}

// The camera or the video as a FrameDevice.
FrameDevice CaptureDevice(const LiveArgs& a, const std::shared_ptr<VideoSource>& capture) {
    FrameDevice device;
    device.open = [camera = a.camera, video = a.video, capture] {
        return camera ? capture->openCamera(*camera) : capture->openFile(video);
    };
    device.read = [capture](cv::Mat& frame) { return capture->read(frame); };
    return device;
}

// A message for a source that gave nothing, and the exit code.
int NotOpened(FrameStatus status, const std::string& what, double timeout) {
    if (status == FrameStatus::Stopped) {
        std::cerr << "sudokucam live: interrupted\n";
        return kExitInterrupted;
    }
    if (status == FrameStatus::TimedOut)
        std::cerr << fmt::format("sudokucam live: {} did not open within {} s\n", what, timeout);
    else
        std::cerr << fmt::format("sudokucam live: cannot open {}\n", what);
    return kExitUsage;
}

// Why the frames stopped, as a message and the exit code: the end of a video is not an error,
// unless not even one frame could be read from it.
int Ended(FrameStatus status, const FrameSource& source, const LiveArgs& a, const std::string& what,
          int framesIn) {
    if (status == FrameStatus::Stopped) {
        std::cerr << "sudokucam live: interrupted\n";
        return kExitInterrupted;
    }
    if (status == FrameStatus::TimedOut) {
        std::cerr << fmt::format(
            "sudokucam live: {} sent no frame for {} s, stopping (see --frame-timeout)\n", what,
            a.frameTimeout);
        return kExitFailure;
    }
    if (!source.error().empty()) {
        std::cerr << fmt::format("sudokucam live: {}: {}\n", what, source.error());
        return kExitFailure;
    }
    if (a.camera) {
        std::cerr << fmt::format("sudokucam live: {} stopped sending frames\n", what);
        return kExitFailure;
    }
    if (framesIn > 0) return kExitOk;
    std::cerr << fmt::format("sudokucam live: no frame could be read from {}\n", what);
    return kExitUsage;
}

struct Tally {
    int framesIn = 0, framesOut = 0, overlays = 0;
    int judged = 0, judgedOverlays = 0, unseenFrames = 0, unseenOverlays = 0;
    double cornerErrorSum = 0, cornerErrorMax = 0;
    int cornerSamples = 0;
    int offGrid = 0;  // frames drawn with a corner more than half a cell off, grid (partly) in view
    double processSeconds = 0;
    double processCpuSeconds = 0;  // every thread of the process, so one core's worth

    void judge(const sudoku::FrameReport& r, const TruthFrame& t, bool afterFirstSecond) {
        if (t.none) {
            ++unseenFrames;
            unseenOverlays += r.overlay;
        }
        if (r.overlay && !t.none) {
            double worst = 0;
            for (int i = 0; i < 4; ++i)
                worst = std::max(worst, cv::norm(r.corners[i] - t.corners[i]));
            offGrid += worst > 0.5 * t.cell;
        }
        if (!t.full || !afterFirstSecond) return;
        ++judged;
        judgedOverlays += r.overlay;
        if (!r.overlay) return;
        for (int i = 0; i < 4; ++i) {
            const double e = cv::norm(r.corners[i] - t.corners[i]);
            cornerErrorSum += e;
            cornerErrorMax = std::max(cornerErrorMax, e);
            ++cornerSamples;
        }
    }
};

// Qt aborts the process when it finds no display, so ask first.
bool HasDisplay() {
    return std::getenv("DISPLAY") || std::getenv("WAYLAND_DISPLAY") ||
           std::getenv("QT_QPA_PLATFORM");
}

double CpuSeconds() {
    return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

void PrintStats(const Tally& t, double seconds, double cpuSeconds, bool withTruth,
                const sudoku::LiveStats& s) {
    std::cout << fmt::format("frames in: {}\nframes out: {}\nframes with overlay: {}\n", t.framesIn,
                             t.framesOut, t.overlays);
    std::cout << fmt::format("readings: {} (grids detected {})\n", s.reads, s.detections);
    std::cout << fmt::format(
        "time: {:.2f} s ({:.1f} fps); live processing alone {:.2f} s ({:.1f} fps)\n", seconds,
        t.framesIn / std::max(seconds, 1e-9), t.processSeconds,
        t.framesIn / std::max(t.processSeconds, 1e-9));
    std::cout << fmt::format(
        "cpu time: {:.2f} s ({:.1f} fps on one core); live processing alone {:.2f} s ({:.1f} "
        "fps)\n",
        cpuSeconds, t.framesIn / std::max(cpuSeconds, 1e-9), t.processCpuSeconds,
        t.framesIn / std::max(t.processCpuSeconds, 1e-9));
    if (!withTruth) return;
    std::cout << fmt::format(
        "grid fully in view after the first second: {} frames, overlay on {} ({:.1f}%)\n", t.judged,
        t.judgedOverlays, t.judged ? 100.0 * t.judgedOverlays / t.judged : 0.0);
    std::cout << fmt::format("corner error on those: mean {:.2f} px, max {:.2f} px\n",
                             t.cornerSamples ? t.cornerErrorSum / t.cornerSamples : 0.0,
                             t.cornerErrorMax);
    std::cout << fmt::format("grid out of view: {} frames, overlay on {}\n", t.unseenFrames,
                             t.unseenOverlays);
    std::cout << fmt::format("frames drawn more than half a cell off the grid: {}\n", t.offGrid);
}

// `abandoned` is set when a call to the device never returned: see RegisterLiveCommand.
int RunLive(const LiveArgs& a, bool& abandoned) {
    sudoku::LiveOptions options;
    options.reader = a.reader.options();  // a 13x13 grid not a jigsaw: invalid_argument, usage
    if (a.camera && !a.video.empty()) {
        std::cerr << "sudokucam live: give --camera or --video, not both\n";
        return kExitUsage;
    }
    if (!a.headless && !HasDisplay()) {
        std::cerr << "sudokucam live: no display to open a window on (use --headless)\n";
        return kExitUsage;
    }
    const std::string what =
        a.camera ? fmt::format("camera {}", *a.camera) : fmt::format("the video {}", a.video);
    // A fifo or a device is a fine video; a folder or nothing is not.
    if (!a.camera && (!fs::exists(a.video) || fs::is_directory(a.video)))
        return NotOpened(FrameStatus::Failed, what, a.frameTimeout);
    double truthFps = 30;
    std::vector<TruthFrame> truth;
    if (!a.truth.empty()) truth = LoadTruth(a.truth, truthFps);

    // Ctrl-C ends the run after the current frame, with the output video finalised.
    const InterruptGuard interrupts;
    const auto timeout = std::chrono::milliseconds(std::lround(a.frameTimeout * 1000));
    const double openSeconds = std::max(a.frameTimeout, kOpenTimeoutSeconds);
    const VideoIo& io = TheVideoIo();
    const std::shared_ptr<VideoSource> capture = io.source();
    FrameSource source(CaptureDevice(a, capture), interrupts.stop());
    const FrameStatus opened =
        source.open(std::chrono::milliseconds(std::lround(openSeconds * 1000)));
    abandoned = source.abandoned();
    if (opened != FrameStatus::Ok) return NotOpened(opened, what, openSeconds);
    double fps = capture->fps();  // the reading thread is idle between calls
    if (!(fps > 0 && fps < 1000)) fps = 30;

    options.mode = *sudoku::OverlayModeFromId(a.show);  // CLI11 checked the name
    // A camera's frames keep flowing while a new grid is read; a video file stays repeatable.
    options.readInBackground = a.camera.has_value();
    sudoku::LiveSession session(options);
    std::optional<LiveRecording> recording;
    if (!a.output.empty()) recording.emplace(a.output, fps);
    const bool window = !a.headless;
    if (window) io.openWindow("sudokucam");

    Tally tally;
    int snapshots = 0;
    int exit = kExitOk;
    cv::Mat frame;
    cv::Size
        size;  // the first frame's: the tracker follows one frame size, so later ones are scaled
    const auto start = Clock::now();
    const double cpuStart = CpuSeconds();
    while (true) {
        const FrameStatus status =
            interrupts.stop() ? FrameStatus::Stopped : source.read(frame, timeout);
        if (status != FrameStatus::Ok) {
            abandoned = source.abandoned();
            exit = Ended(status, source, a, what, tally.framesIn);
            break;
        }
        if (size.empty()) size = frame.size();
        if (frame.size() != size) cv::resize(frame, frame, size, 0, 0, cv::INTER_AREA);
        const auto before = Clock::now();
        const double cpuBefore = CpuSeconds();
        const sudoku::FrameReport report = session.process(frame);
        tally.processSeconds += std::chrono::duration<double>(Clock::now() - before).count();
        tally.processCpuSeconds += CpuSeconds() - cpuBefore;
        if (static_cast<std::size_t>(tally.framesIn) < truth.size())
            tally.judge(report, truth[tally.framesIn], tally.framesIn >= truthFps);
        ++tally.framesIn;
        tally.overlays += report.overlay;
        if (recording) {
            recording->write(frame);
            ++tally.framesOut;
        }
        if (!window) continue;
        io.show("sudokucam", frame);
        const sudoku::KeyAction action = session.handleKey(io.waitKey(1));
        if (action == sudoku::KeyAction::Quit) break;
        if (action == sudoku::KeyAction::Snapshot) {
            const std::string name = fmt::format("snapshot-{}.png", ++snapshots);
            if (cv::imwrite(name, frame)) std::cerr << "sudokucam live: wrote " << name << "\n";
        }
    }
    if (recording) recording->finish();
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (a.stats)
        PrintStats(tally, seconds, CpuSeconds() - cpuStart, !truth.empty(), session.stats());
    return exit;
}

}  // namespace

void RegisterLiveCommand(CLI::App& app, int& exitCode) {
    auto args = std::make_shared<LiveArgs>();
    CLI::App* cmd = app.add_subcommand(
        "live", "Camera or video with the answer drawn on the page (keys: s c h k, space, w, q)");
    cmd->add_option("--camera", args->camera, "Camera index (default: 0 when no --video)");
    cmd->add_option("--video", args->video, "A video file instead of a camera");
    cmd->add_option("--output", args->output, "Also write the frames with the overlay (MJPG .avi)");
    cmd->add_option("--show", args->show, "What to draw first (default: solution)")
        ->check(CLI::IsMember(kShowChoices));
    cmd->add_option("--engine", args->reader.engine, "Digit classifier (default: cnn)")
        ->check(CLI::IsMember(kEngineChoices));
    AddGridKindFlags(*cmd, args->reader);
    cmd->add_flag("--headless", args->headless, "Open no window");
    cmd->add_option("--frame-timeout", args->frameTimeout,
                    "Seconds without a frame from the camera or video before stopping with a "
                    "message (default: 5; opening may take 30 s, or this if longer)")
        ->check(CLI::PositiveNumber);
    cmd->add_flag("--stats", args->stats, "Print frames in/out/with overlay and frames per second");
    cmd->add_option("--truth", args->truth,
                    "Ground truth from `render --video`: also print how often and how well the "
                    "overlay sat on the grid");
    cmd->callback([args, &exitCode] {
        LiveArgs a = *args;
        if (!a.camera && a.video.empty()) a.camera = 0;
        bool abandoned = false;
        try {
            exitCode = RunLive(a, abandoned);
        } catch (const std::exception& e) {
            std::cerr << "sudokucam live: " << e.what() << "\n";
            exitCode = kExitUsage;
        }
        // A thread stuck inside the capture library must not see that library's static
        // destructors run under it (ThreadSanitizer caught exactly that race): end the process
        // without them, the output video being finalised already.
        if (abandoned) {
            std::cout.flush();
            std::cerr.flush();
            std::_Exit(exitCode);
        }
    });
}

}  // namespace sudokucam
