// `sudokucam live` when the source misbehaves: a device that hangs on open or on a frame, one that
// fails or throws, frames of odd types and sizes, the output video finalised on every way out;
// then the built program on a camera that does not exist, on truncated and garbage videos, on a
// stream whose frames change size and colour, and on a stream that stalls (a fifo fed part of a
// video and then left open), with and without Ctrl-C.

#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <future>
#include <string>
#include <thread>
#include <vector>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/videoio.hpp>

#include "app/FrameSource.h"
#include "app/LiveRecording.h"
#include "tests/TestFiles.h"

extern char** environ;

namespace sudokucam {
namespace {

namespace fs = std::filesystem;
using sudoku::ReadText;
using sudoku::WriteText;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

// A temporary folder per test process (CTest runs the cases in parallel).
struct TempDir {
    fs::path path;
    explicit TempDir(const std::string& name)
        : path(fs::temp_directory_path() /
               ("sudokucam-livefault-" + name + "-" + std::to_string(::getpid()))) {
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~TempDir() { fs::remove_all(path); }
};

cv::Mat Pattern(cv::Size size, int seed) {
    cv::Mat frame(size, CV_8UC3, cv::Scalar(40, 90, 160));
    cv::circle(frame, {size.width / 3 + seed, size.height / 2}, size.height / 4,
               cv::Scalar(250, 250, 250), -1);
    return frame;
}

int CountFrames(const fs::path& video, cv::Size* size = nullptr) {
    cv::VideoCapture capture(video.string());
    int frames = 0;
    cv::Mat frame;
    while (capture.read(frame)) {
        ++frames;
        if (size) *size = frame.size();
    }
    return frames;
}

std::vector<fs::path> PartialFiles(const fs::path& dir) {
    std::vector<fs::path> partial;
    for (const auto& entry : fs::directory_iterator(dir))
        if (entry.path().filename().string().find(".partial") != std::string::npos)
            partial.push_back(entry.path());
    return partial;
}

// --- FrameSource -----------------------------------------------------------------------------

// A device whose open or read blocks until the test lets it go.
struct Gate {
    std::promise<void> release;
    std::shared_future<void> opened = release.get_future().share();
};

TEST(FrameSource, ReadThatHangsTimesOutAndTheSourceDoesNotWaitForIt) {
    const std::atomic<bool> stop{false};
    Gate gate;
    {
        FrameSource source({[] { return true; },
                            [wait = gate.opened](cv::Mat& frame) {
                                wait.wait();
                                frame = cv::Mat(4, 4, CV_8UC3);
                                return true;
                            }},
                           stop);
        ASSERT_EQ(source.open(2s), FrameStatus::Ok);
        cv::Mat frame;
        const auto start = Clock::now();
        EXPECT_EQ(source.read(frame, 300ms), FrameStatus::TimedOut);
        EXPECT_GE(Clock::now() - start, 300ms);
        EXPECT_TRUE(frame.empty());
        const auto again = Clock::now();
        EXPECT_EQ(source.read(frame, 300ms), FrameStatus::TimedOut);  // no second wait
        EXPECT_LT(Clock::now() - again, 250ms);
        EXPECT_TRUE(source.abandoned());
    }  // the destructor returns although the read still hangs
    gate.release.set_value();
}

TEST(FrameSource, OpenThatHangsTimesOut) {
    const std::atomic<bool> stop{false};
    Gate gate;
    {
        FrameSource source({[wait = gate.opened] {
                                wait.wait();
                                return true;
                            },
                            [](cv::Mat&) { return false; }},
                           stop);
        EXPECT_EQ(source.open(200ms), FrameStatus::TimedOut);
    }
    gate.release.set_value();
}

TEST(FrameSource, StopFlagEndsTheWaitPromptly) {
    std::atomic<bool> stop{false};
    Gate gate;
    {
        FrameSource source({[] { return true; },
                            [wait = gate.opened](cv::Mat&) {
                                wait.wait();
                                return false;
                            }},
                           stop);
        ASSERT_EQ(source.open(2s), FrameStatus::Ok);
        std::thread raiser([&stop] {
            std::this_thread::sleep_for(100ms);
            stop = true;
        });
        cv::Mat frame;
        const auto start = Clock::now();
        EXPECT_EQ(source.read(frame, 60s), FrameStatus::Stopped);
        EXPECT_LT(Clock::now() - start, 5s);
        raiser.join();
    }
    gate.release.set_value();
}

TEST(FrameSource, EndFailureAndExceptionAreFailedWithTheirReason) {
    const std::atomic<bool> stop{false};
    int calls = 0;
    FrameSource source({[] { return true; },
                        [&calls](cv::Mat& frame) {
                            ++calls;
                            if (calls == 1) return true;  // "success" with an empty frame
                            if (calls == 2) throw std::runtime_error("device unplugged");
                            frame = cv::Mat(4, 4, CV_8UC3);
                            return false;  // the end
                        }},
                       stop);
    ASSERT_EQ(source.open(2s), FrameStatus::Ok);
    cv::Mat frame;
    EXPECT_EQ(source.read(frame, 2s), FrameStatus::Failed);
    EXPECT_EQ(source.error(), "");
    EXPECT_EQ(source.read(frame, 2s), FrameStatus::Failed);
    EXPECT_EQ(source.error(), "device unplugged");
    EXPECT_EQ(source.read(frame, 2s), FrameStatus::Failed);
    EXPECT_EQ(source.error(), "");
    EXPECT_EQ(calls, 3);
    EXPECT_FALSE(source.abandoned());
}

TEST(FrameSource, FramesOfOtherTypesComeOutAsEightBitBgr) {
    const std::atomic<bool> stop{false};
    std::vector<cv::Mat> frames = {
        cv::Mat(6, 8, CV_8UC1, cv::Scalar(128)),
        cv::Mat(6, 8, CV_8UC4, cv::Scalar(10, 20, 30, 255)),
        cv::Mat(9, 5, CV_16UC1, cv::Scalar(65535)),
        cv::Mat(6, 8, CV_16UC3, cv::Scalar(0, 257 * 100, 65535)),
        cv::Mat(6, 8, CV_32FC3, cv::Scalar(0.5, 0.5, 0.5)),
    };
    std::size_t next = 0;
    FrameSource source({[] { return true; },
                        [&](cv::Mat& frame) {
                            if (next == frames.size()) return false;
                            frame = frames[next++];
                            return true;
                        }},
                       stop);
    ASSERT_EQ(source.open(2s), FrameStatus::Ok);
    const std::vector<cv::Vec3b> expected = {
        {128, 128, 128}, {10, 20, 30}, {255, 255, 255}, {0, 100, 255}};
    for (std::size_t i = 0; i < expected.size(); ++i) {
        cv::Mat frame;
        ASSERT_EQ(source.read(frame, 2s), FrameStatus::Ok) << i;
        EXPECT_EQ(frame.type(), CV_8UC3) << i;
        EXPECT_EQ(frame.size(), frames[i].size()) << i;
        EXPECT_EQ(frame.at<cv::Vec3b>(2, 3), expected[i]) << i;
    }
    cv::Mat frame;
    EXPECT_EQ(source.read(frame, 2s), FrameStatus::Failed);
    EXPECT_NE(source.error().find("unsupported"), std::string::npos) << source.error();
}

// --- LiveRecording ---------------------------------------------------------------------------

TEST(LiveRecording, TargetAppearsOnlyWhenFinishedWithEveryFrameAtTheFirstSize) {
    const TempDir dir("recording");
    const fs::path target = dir.path / "out.avi";
    LiveRecording recording(target, 10);
    recording.write(Pattern({160, 120}, 0));
    recording.write(Pattern({100, 80}, 5));  // a camera that changed resolution
    recording.write(Pattern({160, 120}, 10));
    EXPECT_FALSE(fs::exists(target));
    EXPECT_EQ(PartialFiles(dir.path).size(), 1u);
    recording.finish();
    cv::Size size;
    EXPECT_EQ(CountFrames(target, &size), 3);
    EXPECT_EQ(size, cv::Size(160, 120));
    EXPECT_TRUE(PartialFiles(dir.path).empty());
}

TEST(LiveRecording, IsFinalisedWhenTheRunEndsByAnException) {
    const TempDir dir("unwind");
    const fs::path target = dir.path / "out.avi";
    try {
        LiveRecording recording(target, 10);
        recording.write(Pattern({160, 120}, 0));
        recording.write(Pattern({160, 120}, 3));
        throw std::runtime_error("the frame loop failed");
    } catch (const std::runtime_error&) {
    }
    EXPECT_EQ(CountFrames(target), 2);
    EXPECT_TRUE(PartialFiles(dir.path).empty());
}

TEST(LiveRecording, UnwritableTargetThrowsAClearError) {
    LiveRecording recording("/nonexistent/dir/out.avi", 10);
    try {
        recording.write(Pattern({160, 120}, 0));
        FAIL() << "no exception";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("cannot write /nonexistent/dir/out.avi"),
                  std::string::npos)
            << e.what();
    }
}

// --- the program ------------------------------------------------------------------------------

struct CommandRun {
    int code = -1;
    std::string output;
};

// Runs `sudokucam args...` with its stdout and stderr in `log`; returns its pid.
pid_t Start(const std::vector<std::string>& args, const fs::path& log) {
    std::vector<std::string> argv = {SUDOKUCAM_EXE};
    argv.insert(argv.end(), args.begin(), args.end());
    std::vector<char*> raw;
    for (auto& a : argv)
        raw.push_back(a.data());
    raw.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
    pid_t pid = -1;
    const int error = posix_spawn(&pid, raw[0], &actions, nullptr, raw.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    return error == 0 ? pid : -1;
}

CommandRun Finish(pid_t pid, const fs::path& log) {
    CommandRun run;
    int status = 0;
    if (pid > 0 && waitpid(pid, &status, 0) == pid)
        run.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    run.output = ReadText(log);
    return run;
}

CommandRun Sudokucam(const std::vector<std::string>& args, const fs::path& dir) {
    const fs::path log = dir / "log.txt";
    return Finish(Start(args, log), log);
}

// A short hand-held video of a page, rendered by the program itself.
fs::path RenderClip(const fs::path& dir, int frames) {
    const fs::path clip = dir / "clip.avi";
    const CommandRun render =
        Sudokucam({"render", "--seed", "7", "--width", "320", "--height", "180", "--frames",
                   std::to_string(frames), "--video", clip.string()},
                  dir);
    EXPECT_EQ(render.code, 0) << render.output;
    return clip;
}

std::string FirstBytes(const fs::path& file, double fraction) {
    std::string bytes = ReadText(file);
    bytes.resize(static_cast<std::size_t>(bytes.size() * fraction));
    return bytes;
}

TEST(LiveFaultCommand, CameraThatDoesNotExistIsAMessageAndAFailure) {
    const TempDir dir("camera");
    const CommandRun run = Sudokucam({"live", "--headless", "--camera", "99"}, dir.path);
    EXPECT_EQ(run.code, 2) << run.output;
    EXPECT_NE(run.output.find("cannot open camera 99"), std::string::npos) << run.output;
}

TEST(LiveFaultCommand, VideoThatEndsIsNotAnErrorAndATruncatedOneNeither) {
    const TempDir dir("truncated");
    const fs::path clip = RenderClip(dir.path, 20);
    const CommandRun whole =
        Sudokucam({"live", "--headless", "--stats", "--video", clip.string()}, dir.path);
    EXPECT_EQ(whole.code, 0) << whole.output;
    EXPECT_NE(whole.output.find("frames in: 20\n"), std::string::npos) << whole.output;

    // Cut mid-stream (no index, half a frame at the end): the frames before the cut play.
    const fs::path cut = dir.path / "cut.avi";
    WriteText(cut, FirstBytes(clip, 0.6));
    const CommandRun run = Sudokucam({"live", "--headless", "--stats", "--video", cut.string(),
                                      "--output", (dir.path / "out.avi").string()},
                                     dir.path);
    EXPECT_EQ(run.code, 0) << run.output;
    const int out = CountFrames(dir.path / "out.avi");
    EXPECT_GT(out, 5);
    EXPECT_LT(out, 20);
    EXPECT_NE(run.output.find("frames in: " + std::to_string(out) + "\n"), std::string::npos)
        << run.output;
}

TEST(LiveFaultCommand, VideoWithoutAFrameOrGarbageIsAMessageAndAFailure) {
    const TempDir dir("garbage");
    const fs::path clip = RenderClip(dir.path, 5);
    const fs::path header = dir.path / "header.avi";
    WriteText(header, FirstBytes(clip, 0.02));
    const fs::path garbage = dir.path / "garbage.avi";
    std::string noise(50000, '\0');
    cv::randu(cv::Mat(1, 50000, CV_8U, noise.data()), 0, 256);
    WriteText(garbage, noise);
    for (const fs::path& video : {header, garbage, dir.path}) {
        const fs::path out = dir.path / "out.avi";
        const CommandRun run = Sudokucam(
            {"live", "--headless", "--video", video.string(), "--output", out.string()}, dir.path);
        EXPECT_EQ(run.code, 2) << video << run.output;
        EXPECT_NE(run.output.find(video.string()), std::string::npos) << run.output;
        EXPECT_FALSE(fs::exists(out)) << video;
        EXPECT_TRUE(PartialFiles(dir.path).empty()) << video;
    }
}

TEST(LiveFaultCommand, StreamWhoseFramesChangeSizeAndColourPlaysToTheEnd) {
    const TempDir dir("sizes");
    // Motion JPEG as a camera sends it: one JPEG after another, here of three sizes, some gray.
    const fs::path stream = dir.path / "stream.mjpeg";
    {
        std::ofstream out(stream, std::ios::binary);
        const cv::Size sizes[] = {{320, 240}, {200, 150}, {322, 241}};
        for (int i = 0; i < 12; ++i) {
            cv::Mat frame = Pattern(sizes[i / 4], i);
            if (i % 3 == 2) cv::cvtColor(frame, frame, cv::COLOR_BGR2GRAY);
            std::vector<uchar> jpeg;
            ASSERT_TRUE(cv::imencode(".jpg", frame, jpeg));
            out.write(reinterpret_cast<const char*>(jpeg.data()),
                      static_cast<std::streamsize>(jpeg.size()));
        }
    }
    const fs::path out = dir.path / "out.avi";
    const CommandRun run = Sudokucam(
        {"live", "--headless", "--stats", "--video", stream.string(), "--output", out.string()},
        dir.path);
    EXPECT_EQ(run.code, 0) << run.output;
    EXPECT_NE(run.output.find("frames in: 12\n"), std::string::npos) << run.output;
    cv::Size size;
    EXPECT_EQ(CountFrames(out, &size), 12);
    EXPECT_EQ(size, cv::Size(320, 240));
}

// Feeds the first part of a video into a fifo, then keeps it open without writing: a stream
// that stalls. The writer stops when `done` is set.
class StalledStream {
public:
    StalledStream(const fs::path& fifo, std::string bytes) {
        std::signal(SIGPIPE, SIG_IGN);  // the reader may leave mid-write
        EXPECT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
        writer_ = std::thread([this, fifo, bytes = std::move(bytes)] {
            int fd = -1;
            while (fd < 0 && !done_) {  // no reader yet: ENXIO
                fd = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK);
                if (fd < 0) std::this_thread::sleep_for(20ms);
            }
            if (fd < 0) return;
            ::fcntl(fd, F_SETFL, 0);  // blocking from here on
            std::size_t sent = 0;
            while (sent < bytes.size()) {
                const ssize_t n = ::write(fd, bytes.data() + sent, bytes.size() - sent);
                if (n <= 0) break;  // the reader went away
                sent += static_cast<std::size_t>(n);
            }
            while (!done_)
                std::this_thread::sleep_for(20ms);
            ::close(fd);
        });
    }
    ~StalledStream() {
        done_ = true;
        writer_.join();
    }

private:
    std::atomic<bool> done_{false};
    std::thread writer_;
};

TEST(LiveFaultCommand, StreamThatStallsTimesOutWithTheOutputFinalised) {
    const TempDir dir("stall");
    const fs::path clip = RenderClip(dir.path, 20);
    const fs::path fifo = dir.path / "stream.avi";
    const StalledStream stream(fifo, FirstBytes(clip, 0.7));
    const fs::path out = dir.path / "out.avi";
    const auto start = Clock::now();
    const CommandRun run = Sudokucam({"live", "--headless", "--stats", "--frame-timeout", "3",
                                      "--video", fifo.string(), "--output", out.string()},
                                     dir.path);
    EXPECT_EQ(run.code, 1) << run.output;
    EXPECT_NE(run.output.find("sent no frame for 3 s"), std::string::npos) << run.output;
    EXPECT_LT(Clock::now() - start, 50s);
    EXPECT_GT(CountFrames(out), 5);
    EXPECT_TRUE(PartialFiles(dir.path).empty());
}

TEST(LiveFaultCommand, CtrlCWhileTheStreamStallsEndsWithTheOutputFinalised) {
    const TempDir dir("interrupt");
    const fs::path clip = RenderClip(dir.path, 20);
    const fs::path fifo = dir.path / "stream.avi";
    const StalledStream stream(fifo, FirstBytes(clip, 0.7));
    const fs::path out = dir.path / "out.avi";
    const fs::path log = dir.path / "live.txt";
    const pid_t pid = Start({"live", "--headless", "--frame-timeout", "600", "--video",
                             fifo.string(), "--output", out.string()},
                            log);
    ASSERT_GT(pid, 0);
    // Once the output is being written, the run is in its frame loop.
    const auto deadline = Clock::now() + 60s;
    while (PartialFiles(dir.path).empty() && Clock::now() < deadline)
        std::this_thread::sleep_for(50ms);
    std::this_thread::sleep_for(300ms);
    ::kill(pid, SIGINT);
    const CommandRun run = Finish(pid, log);
    EXPECT_EQ(run.code, 130) << run.output;
    EXPECT_NE(run.output.find("interrupted"), std::string::npos) << run.output;
    EXPECT_GT(CountFrames(out), 0);
    EXPECT_TRUE(PartialFiles(dir.path).empty());
}

}  // namespace
}  // namespace sudokucam
