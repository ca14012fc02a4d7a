// `sudokucam live`: the camera (or a video file) with the answer drawn on the page, frame by
// frame. Only the capture, the window, the keys and the statistics live here; the frame loop's
// logic is vision/LiveSession.h.

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
#include <opencv2/highgui.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/videoio.hpp>

#include "app/Commands.h"
#include "vision/LiveSession.h"

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
    std::string engine = "cnn";
    bool headless = false;
    bool stats = false;
};

// Per-frame ground truth written by `sudokucam render --video`.
struct TruthFrame {
    std::array<cv::Point2f, 4> corners;
    bool full = false;
    bool none = false;
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
        frames.push_back(t);
    }
    return frames;
}

// Opens the camera as V4L2 webcams run fast: MJPG at 1280x720 (they default to slow YUYV).
std::optional<cv::VideoCapture> OpenSource(const LiveArgs& a, std::string& what) {
    cv::VideoCapture capture;
    if (a.camera) {
        what = fmt::format("camera {}", *a.camera);
        if (!capture.open(*a.camera)) return std::nullopt;
        capture.set(cv::CAP_PROP_FOURCC, cv::VideoWriter::fourcc('M', 'J', 'P', 'G'));
        capture.set(cv::CAP_PROP_FRAME_WIDTH, 1280);
        capture.set(cv::CAP_PROP_FRAME_HEIGHT, 720);
        return capture;
    }
    what = a.video;
    if (!fs::is_regular_file(a.video)) return std::nullopt;
    if (!capture.open(a.video)) return std::nullopt;
    return capture;
}

struct Tally {
    int framesIn = 0, framesOut = 0, overlays = 0;
    int judged = 0, judgedOverlays = 0, unseenFrames = 0, unseenOverlays = 0;
    double cornerErrorSum = 0, cornerErrorMax = 0;
    int cornerSamples = 0;
    double processSeconds = 0;
    double processCpuSeconds = 0;  // every thread of the process, so one core's worth

    void judge(const sudoku::FrameReport& r, const TruthFrame& t, bool afterFirstSecond) {
        if (t.none) {
            ++unseenFrames;
            unseenOverlays += r.overlay;
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
}

int RunLive(const LiveArgs& a) {
    if (a.camera && !a.video.empty()) {
        std::cerr << "sudokucam live: give --camera or --video, not both\n";
        return kExitUsage;
    }
    if (!a.headless && !HasDisplay()) {
        std::cerr << "sudokucam live: no display to open a window on (use --headless)\n";
        return kExitUsage;
    }
    std::string what;
    auto capture = OpenSource(a, what);
    if (!capture) {
        std::cerr << fmt::format("sudokucam live: cannot open {}{}\n", a.camera ? "" : "the video ",
                                 what);
        return kExitUsage;
    }
    double truthFps = 30;
    std::vector<TruthFrame> truth;
    if (!a.truth.empty()) truth = LoadTruth(a.truth, truthFps);
    double fps = capture->get(cv::CAP_PROP_FPS);
    if (!(fps > 0 && fps < 1000)) fps = 30;

    sudoku::LiveOptions options;
    options.mode = *sudoku::OverlayModeFromId(a.show);  // CLI11 checked the name
    options.reader.engine =
        a.engine == "tesseract" ? sudoku::Engine::Tesseract : sudoku::Engine::Cnn;
    sudoku::LiveSession session(options);
    cv::VideoWriter writer;
    const bool window = !a.headless;
    if (window) cv::namedWindow("sudokucam", cv::WINDOW_AUTOSIZE);

    Tally tally;
    int snapshots = 0;
    int exit = kExitOk;
    cv::Mat frame;
    const auto start = Clock::now();
    const double cpuStart = CpuSeconds();
    while (true) {
        if (!capture->read(frame) || frame.empty()) {
            if (a.camera) {
                std::cerr << fmt::format("sudokucam live: {} stopped sending frames\n", what);
                exit = kExitFailure;
            }
            break;  // the end of a video file is not an error
        }
        if (frame.type() != CV_8UC3) {
            std::cerr << "sudokucam live: the source does not deliver 8-bit colour frames\n";
            exit = kExitFailure;
            break;
        }
        const auto before = Clock::now();
        const double cpuBefore = CpuSeconds();
        const sudoku::FrameReport report = session.process(frame);
        tally.processSeconds += std::chrono::duration<double>(Clock::now() - before).count();
        tally.processCpuSeconds += CpuSeconds() - cpuBefore;
        if (static_cast<std::size_t>(tally.framesIn) < truth.size())
            tally.judge(report, truth[tally.framesIn], tally.framesIn >= truthFps);
        ++tally.framesIn;
        tally.overlays += report.overlay;
        if (!a.output.empty()) {
            if (!writer.isOpened() &&
                !writer.open(a.output, cv::VideoWriter::fourcc('M', 'J', 'P', 'G'), fps,
                             frame.size())) {
                std::cerr << "sudokucam live: cannot write " << a.output << "\n";
                return kExitUsage;
            }
            writer.write(frame);
            ++tally.framesOut;
        }
        if (!window) continue;
        cv::imshow("sudokucam", frame);
        const sudoku::KeyAction action = session.handleKey(cv::waitKey(1));
        if (action == sudoku::KeyAction::Quit) break;
        if (action == sudoku::KeyAction::Snapshot) {
            const std::string name = fmt::format("snapshot-{}.png", ++snapshots);
            if (cv::imwrite(name, frame)) std::cerr << "sudokucam live: wrote " << name << "\n";
        }
    }
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
        ->check(CLI::IsMember({"solution", "candidates", "hint", "check"}));
    cmd->add_option("--engine", args->engine, "Digit classifier (default: cnn)")
        ->check(CLI::IsMember({"cnn", "tesseract"}));
    cmd->add_flag("--headless", args->headless, "Open no window");
    cmd->add_flag("--stats", args->stats, "Print frames in/out/with overlay and frames per second");
    cmd->add_option("--truth", args->truth,
                    "Ground truth from `render --video`: also print how often and how well the "
                    "overlay sat on the grid");
    cmd->callback([args, &exitCode] {
        LiveArgs a = *args;
        if (!a.camera && a.video.empty()) a.camera = 0;
        try {
            exitCode = RunLive(a);
        } catch (const std::exception& e) {
            std::cerr << "sudokucam live: " << e.what() << "\n";
            exitCode = kExitUsage;
        }
    });
}

}  // namespace sudokucam
