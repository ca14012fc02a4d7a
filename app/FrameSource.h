#pragma once
// The frames of `sudokucam live`, from a camera or a video. The device is opened and read on a
// thread of its own so that one that hangs (an unplugged camera, a stalled stream) is noticed
// after a timeout instead of freezing the program; frames come out in the one format the live
// loop handles, 8-bit BGR.
//
//   FrameSource source(device, stop);
//   if (source.open(5s) != FrameStatus::Ok) ...;
//   while (source.read(frame, 5s) == FrameStatus::Ok) ...;

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <thread>

#include <opencv2/core.hpp>

namespace sudokucam {

// What a device does. Both run on the reading thread, one call at a time; the device (and all it
// captures) stays with that thread, which may outlive the FrameSource when a call hangs.
struct FrameDevice {
    std::function<bool()> open;
    std::function<bool(cv::Mat&)> read;  // false at the end of the stream or on an error
};

enum class FrameStatus {
    Ok,
    Failed,    // could not open, or no further frame (see error() for why, if known)
    TimedOut,  // the device did not answer in time; the source gives nothing from then on
    Stopped,   // the stop flag was raised while waiting
};

class FrameSource {
public:
    // `stop` (e.g. set by a SIGINT handler) is polled while waiting for the device.
    FrameSource(FrameDevice device, const std::atomic<bool>& stop);
    // Does not wait for a device that hangs: its thread is left to finish on its own.
    ~FrameSource();
    FrameSource(const FrameSource&) = delete;
    FrameSource& operator=(const FrameSource&) = delete;

    FrameStatus open(std::chrono::milliseconds timeout);
    // The next frame as 8-bit BGR. Gray, BGRA and 16-bit frames are converted; an empty frame or
    // one of another type is Failed.
    FrameStatus read(cv::Mat& frame, std::chrono::milliseconds timeout);
    // Why the last call failed, when the device said (an exception, an unsupported frame type).
    const std::string& error() const { return error_; }
    // A call is still out (TimedOut or Stopped): the reading thread may be inside the device.
    bool abandoned() const { return hung_; }

private:
    struct Shared;
    enum class Request { None, Open, Read };
    FrameStatus call(Request request, cv::Mat* frame, std::chrono::milliseconds timeout);

    std::shared_ptr<Shared> shared_;
    const std::atomic<bool>& stop_;
    std::thread thread_;
    bool hung_ = false;
    std::string error_;
};

// The 8-bit BGR form of a 1-, 3- or 4-channel frame of 8 or 16 bits; throws std::invalid_argument
// for anything else.
cv::Mat ToBgr8(const cv::Mat& frame);

}  // namespace sudokucam
