// The live overlay's frame loop on a short hand-held video rendered at test time (640x360, 75
// frames): the overlay sits on the grid while it is in view, is gone while the grid is out of
// view, and comes back; a fast swing off the grid and back never leaves it drawn on the wrong
// cells; the keys do what they say; the command line fails cleanly on a missing video or camera
// and runs a rendered video end to end.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

#include "solver/Generator.h"
#include "tests/ProgramRun.h"
#include "tests/TestFiles.h"
#include "vision/drawing/Render.h"
#include "vision/tracking/LiveSession.h"

namespace sudoku {
namespace {

namespace fs = std::filesystem;

const cv::Size kFrame(640, 360);

struct Clip {
    Page page;
    std::vector<Photo> frames;
};

// A generated puzzle on a page, filmed along the hand-held camera path of `frames` frames.
Clip MakeClip(std::uint64_t seed, int frames) {
    GeneratorOptions g;
    g.seed = seed;
    g.grade = false;
    Clip c;
    c.page = RenderPage(Generate(g).puzzle);
    PhotoOptions options;
    options.size = kFrame;
    options.noise = 3;
    options.blur = 0.5;
    std::uint64_t noiseSeed = 0;
    for (const auto& pose : CameraPath(c.page, kFrame, frames, seed)) {
        options.seed = ++noiseSeed;
        c.frames.push_back(PhotographPage(c.page, pose, options));
    }
    return c;
}

const Clip& TestClip() {
    static const Clip clip = MakeClip(21, 75);
    return clip;
}

double MaxCornerError(const std::array<cv::Point2f, 4>& a, const std::array<cv::Point2f, 4>& b) {
    double worst = 0;
    for (int i = 0; i < 4; ++i)
        worst = std::max(worst, cv::norm(a[i] - b[i]));
    return worst;
}

TEST(Live, OverlayFollowsTheGridAndLeavesWithIt) {
    const Clip& clip = TestClip();
    LiveSession session;
    int inView = 0, overlaid = 0, outOfView = 0, reads = 0;
    std::string missing;
    bool backAfterLeaving = false;
    for (std::size_t i = 0; i < clip.frames.size(); ++i) {
        const Photo& truth = clip.frames[i];
        cv::Mat frame = truth.image.clone();
        const FrameReport report = session.process(frame);
        reads += report.read;
        if (truth.visibility == Visibility::None) {
            ++outOfView;
            EXPECT_FALSE(report.overlay) << "frame " << i << ": overlay with no grid in view";
        }
        if (report.overlay) {
            // Drawn frames differ from the photo; the others are left alone.
            EXPECT_GT(cv::norm(frame, truth.image, cv::NORM_INF), 0) << "frame " << i;
            if (truth.visibility == Visibility::Full) {
                EXPECT_LT(MaxCornerError(report.corners, truth.corners), 5.0) << "frame " << i;
            }
            if (outOfView) backAfterLeaving = true;
        } else {
            EXPECT_EQ(cv::norm(frame, truth.image, cv::NORM_INF), 0) << "frame " << i;
        }
        if (truth.visibility == Visibility::Full && i >= 5) {
            ++inView;
            overlaid += report.overlay;
            if (!report.overlay) missing += " " + std::to_string(i);
        }
    }
    ASSERT_GT(outOfView, 0);
    EXPECT_TRUE(backAfterLeaving);
    EXPECT_GE(overlaid, 0.9 * inView)
        << overlaid << " of " << inView << ", none on frames" << missing;
    // Reading is the slow path: once on arrival, once on return, not every frame.
    EXPECT_LE(reads, 6);
    EXPECT_EQ(session.stats().frames, static_cast<int>(clip.frames.size()));
}

// A short clip swings off the grid and back within 27 frames, up to several cells per frame:
// optical flow can lock onto the lattice whole cells off, where the printed lines fit as well.
// Every frame drawn must sit on the grid; frames may go without the overlay, but few.
TEST(Live, FastSwingNeverDrawsOnTheWrongCells) {
    for (const std::uint64_t seed : {7, 8}) {
        const Clip clip = MakeClip(seed, 90);
        LiveSession session;
        int inView = 0, overlaid = 0;
        for (std::size_t i = 0; i < clip.frames.size(); ++i) {
            const Photo& truth = clip.frames[i];
            cv::Mat frame = truth.image.clone();
            const FrameReport report = session.process(frame);
            const double cell = cv::norm(truth.corners[1] - truth.corners[0]) / 9;
            if (report.overlay && truth.visibility != Visibility::None) {
                EXPECT_LT(MaxCornerError(report.corners, truth.corners), cell / 3)
                    << "seed " << seed << ", frame " << i << ": drawn off the grid";
            }
            if (truth.visibility == Visibility::Full && i >= 30) {
                ++inView;
                overlaid += report.overlay;
            }
        }
        ASSERT_GT(inView, 30) << "seed " << seed;
        EXPECT_GE(overlaid, 0.9 * inView)
            << "seed " << seed << ": " << overlaid << " of " << inView;
        // The grid found again after a loss is the board already read: recognised, not re-read.
        EXPECT_GE(session.stats().recognitions, 1) << "seed " << seed;
        EXPECT_LE(session.stats().reads, 3) << "seed " << seed;
        std::cout << "seed " << seed << ": overlay on " << overlaid << " of " << inView
                  << " frames in view, " << session.stats().reads << " readings, "
                  << session.stats().recognitions << " recognitions\n";
    }
}

// Reading on a worker thread: the frame that starts a reading passes through untouched and the
// frames after it keep coming; once the reading is done, the board is recognised where the
// grid is by then and followed, without reading it again.
TEST(Live, BackgroundReadingLetsFramesFlow) {
    const Clip& clip = TestClip();
    LiveOptions options;
    options.readInBackground = true;
    LiveSession session(options);
    cv::Mat first = clip.frames[0].image.clone();
    const FrameReport started = session.process(first);
    EXPECT_TRUE(started.read);
    EXPECT_FALSE(started.overlay);
    EXPECT_EQ(cv::norm(first, clip.frames[0].image, cv::NORM_INF), 0);
    cv::Mat second = clip.frames[1].image.clone();
    EXPECT_FALSE(session.process(second).read);  // one reading at a time
    session.waitForReading();
    int overlaid = 0;
    for (std::size_t i = 2; i < 30; ++i) {
        cv::Mat frame = clip.frames[i].image.clone();
        const FrameReport report = session.process(frame);
        if (i == 2) {
            EXPECT_TRUE(report.overlay) << "not drawn once the reading was done";
        }
        if (!report.overlay) continue;
        ++overlaid;
        EXPECT_LT(MaxCornerError(report.corners, clip.frames[i].corners), 5.0) << "frame " << i;
    }
    EXPECT_GE(overlaid, 27);
    EXPECT_EQ(session.stats().reads, 1);
    EXPECT_EQ(session.stats().recognitions, 1);
}

TEST(Live, TrackerFollowsWithoutDetecting) {
    const Clip& clip = TestClip();
    LiveSession session;
    int tracked = 0;
    for (int i = 0; i < 30; ++i) {
        cv::Mat frame = clip.frames[i].image.clone();
        tracked += session.process(frame).tracked;
    }
    EXPECT_GE(tracked, 28);
    EXPECT_EQ(session.stats().detections, 1);
}

TEST(Live, KeysSwitchModesFreezeAndQuit) {
    const Clip& clip = TestClip();
    LiveSession session;
    cv::Mat first = clip.frames[0].image.clone();
    ASSERT_TRUE(session.process(first).overlay);
    EXPECT_EQ(session.handleKey('c'), KeyAction::None);
    EXPECT_EQ(session.mode(), OverlayMode::Candidates);
    cv::Mat candidates = clip.frames[1].image.clone();
    session.process(candidates);
    session.handleKey('s');
    EXPECT_EQ(session.mode(), OverlayMode::Solution);
    cv::Mat solution = clip.frames[1].image.clone();
    LiveSession fresh;
    cv::Mat warm = clip.frames[0].image.clone();
    fresh.process(warm);
    fresh.process(solution);
    EXPECT_GT(cv::norm(candidates, solution, cv::NORM_L1), 0);  // the two modes draw differently

    session.handleKey(' ');
    EXPECT_TRUE(session.frozen());
    cv::Mat shown = candidates.clone();
    cv::Mat next = clip.frames[10].image.clone();
    session.process(next);
    EXPECT_EQ(cv::norm(next, shown, cv::NORM_INF), 0);  // frozen: the last frame again
    session.handleKey(' ');
    EXPECT_FALSE(session.frozen());
    EXPECT_EQ(session.handleKey('w'), KeyAction::Snapshot);
    EXPECT_EQ(session.handleKey('q'), KeyAction::Quit);
    EXPECT_EQ(session.handleKey(27), KeyAction::Quit);
    EXPECT_EQ(session.handleKey('x'), KeyAction::None);
}

TEST(Live, RejectsFramesThatAreNotBgr) {
    LiveSession session;
    cv::Mat gray(kFrame, CV_8U, cv::Scalar(128));
    EXPECT_THROW(session.process(gray), std::invalid_argument);
}

struct CommandRun {
    int code = -1;
    std::string output;
};

// Standard output and error together; `prefix` goes before the program (e.g. an `env`).
CommandRun Sudokucam(const std::string& args, const std::string& prefix = "") {
    const ProgramRun run = RunProgram(args, ErrorOutput::Merged, std::nullopt, prefix);
    return {run.code, run.out};
}

TEST(LiveCommand, MissingVideoOrCameraGivesAMessageAndFails) {
    const CommandRun video = Sudokucam("live --headless --video /nonexistent/clip.avi");
    EXPECT_EQ(video.code, 2);
    EXPECT_NE(video.output.find("cannot open the video /nonexistent/clip.avi"), std::string::npos)
        << video.output;
    const CommandRun camera = Sudokucam("live --headless --camera 97");
    EXPECT_NE(camera.code, 0);
    EXPECT_NE(camera.output.find("camera 97"), std::string::npos) << camera.output;
}

TEST(LiveCommand, NoDisplayWithoutHeadlessGivesAMessage) {
    const CommandRun run = Sudokucam("live --video /nonexistent/clip.avi",
                                     "env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM ");
    EXPECT_EQ(run.code, 2);
    EXPECT_NE(run.output.find("no display"), std::string::npos) << run.output;
}

TEST(LiveCommand, RendersAVideoAndPlaysItBackWithStatistics) {
    const fs::path dir = FreshDir("live");
    const CommandRun render =
        Sudokucam("render --seed 4 --width 480 --height 270 --frames 40 --video " +
                  (dir / "clip.avi").string());
    ASSERT_EQ(render.code, 0) << render.output;
    ASSERT_TRUE(fs::exists(dir / "clip.json"));
    const CommandRun live =
        Sudokucam("live --headless --stats --video " + (dir / "clip.avi").string() + " --truth " +
                  (dir / "clip.json").string() + " --output " + (dir / "out.avi").string());
    EXPECT_EQ(live.code, 0) << live.output;
    EXPECT_NE(live.output.find("frames in: 40\n"), std::string::npos) << live.output;
    EXPECT_NE(live.output.find("frames out: 40\n"), std::string::npos) << live.output;
    EXPECT_NE(live.output.find("fps"), std::string::npos) << live.output;
    EXPECT_GT(fs::file_size(dir / "out.avi"), 0u);
    fs::remove_all(dir);
}

// The frames with the overlay drawn, as `live --stats` prints them.
int FramesWithOverlay(const std::string& output) {
    const std::string label = "frames with overlay: ";
    const std::size_t at = output.find(label);
    return at == std::string::npos ? -1 : std::stoi(output.substr(at + label.size()));
}

// An X Sudoku filmed: read as classic its clues have several solutions and nothing is drawn;
// with --variant x it is solved and drawn. A size no variant allows is a usage error.
TEST(LiveCommand, ReadsTheSizeAndKindItIsGiven) {
    const fs::path dir = FreshDir("live-x");
    const std::string clip = (dir / "x.avi").string();
    const CommandRun render = Sudokucam(
        "render --variant x --seed 2 --width 640 --height 360 --frames 45 --video " + clip);
    ASSERT_EQ(render.code, 0) << render.output;
    const CommandRun classic = Sudokucam("live --headless --stats --video " + clip);
    EXPECT_EQ(classic.code, 0) << classic.output;
    EXPECT_EQ(FramesWithOverlay(classic.output), 0) << classic.output;
    const CommandRun x = Sudokucam("live --headless --stats --variant x --video " + clip);
    EXPECT_EQ(x.code, 0) << x.output;
    EXPECT_GT(FramesWithOverlay(x.output), 20) << x.output;
    const CommandRun thirteen = Sudokucam("live --headless --size 13 --video " + clip);
    EXPECT_EQ(thirteen.code, 2);
    EXPECT_NE(thirteen.output.find("only --variant jigsaw"), std::string::npos) << thirteen.output;
    fs::remove_all(dir);
}

}  // namespace
}  // namespace sudoku
