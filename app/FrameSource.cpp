#include "app/FrameSource.h"

#include <condition_variable>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <utility>

#include <opencv2/imgproc.hpp>

namespace sudokucam {

// Everything the reading thread touches, owned jointly so it outlives an abandoned source.
struct FrameSource::Shared {
    FrameDevice device;
    std::mutex mutex;
    std::condition_variable wake;      // a request or quit for the thread
    std::condition_variable answered;  // the thread's answer
    Request request = Request::None;
    bool quit = false;
    bool done = false;
    bool ok = false;
    cv::Mat frame;
    std::string error;
};

namespace {

// Runs one request without the lock held; exceptions become a failure with their message.
bool Serve(FrameDevice& device, bool open, cv::Mat& frame, std::string& error) {
    try {
        if (open) return device.open();
        cv::Mat raw;
        if (!device.read(raw) || raw.empty()) return false;
        frame = ToBgr8(raw);
        return true;
    } catch (const std::exception& e) {
        error = e.what();
        return false;
    }
}

}  // namespace

FrameSource::FrameSource(FrameDevice device, const std::atomic<bool>& stop)
    : shared_(std::make_shared<Shared>()), stop_(stop) {
    shared_->device = std::move(device);
    thread_ = std::thread([shared = shared_] {
        std::unique_lock lock(shared->mutex);
        while (true) {
            shared->wake.wait(lock,
                              [&] { return shared->quit || shared->request != Request::None; });
            if (shared->quit) return;
            const bool open = std::exchange(shared->request, Request::None) == Request::Open;
            lock.unlock();
            cv::Mat frame;
            std::string error;
            const bool ok = Serve(shared->device, open, frame, error);
            lock.lock();
            shared->ok = ok;
            shared->frame = std::move(frame);
            shared->error = std::move(error);
            shared->done = true;
            shared->answered.notify_all();
        }
    });
}

FrameSource::~FrameSource() {
    {
        const std::lock_guard lock(shared_->mutex);
        shared_->quit = true;
    }
    shared_->wake.notify_all();
    if (hung_)
        thread_.detach();  // it quits once the device returns, if ever
    else
        thread_.join();
}

FrameStatus FrameSource::open(std::chrono::milliseconds timeout) {
    return call(Request::Open, nullptr, timeout);
}

FrameStatus FrameSource::read(cv::Mat& frame, std::chrono::milliseconds timeout) {
    return call(Request::Read, &frame, timeout);
}

// Waits in short slices so that the stop flag is seen promptly.
FrameStatus FrameSource::call(Request request, cv::Mat* frame, std::chrono::milliseconds timeout) {
    if (hung_) return FrameStatus::TimedOut;
    std::unique_lock lock(shared_->mutex);
    shared_->request = request;
    shared_->done = false;
    shared_->wake.notify_all();
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    constexpr std::chrono::milliseconds kSlice(50);
    while (!shared_->done) {
        if (stop_) {
            hung_ = true;  // the request is still out; nothing more can be asked of the thread
            return FrameStatus::Stopped;
        }
        const auto now = std::chrono::steady_clock::now();
        if (now >= deadline) {
            hung_ = true;
            return FrameStatus::TimedOut;
        }
        shared_->answered.wait_for(
            lock, std::min<std::chrono::steady_clock::duration>(kSlice, deadline - now));
    }
    error_ = shared_->error;
    if (frame) *frame = std::move(shared_->frame);
    return shared_->ok ? FrameStatus::Ok : FrameStatus::Failed;
}

cv::Mat ToBgr8(const cv::Mat& frame) {
    cv::Mat eight = frame;
    if (frame.depth() == CV_16U) frame.convertTo(eight, CV_8U, 1.0 / 257);
    if (eight.depth() != CV_8U)
        throw std::invalid_argument("the source delivers frames of an unsupported depth");
    cv::Mat bgr;
    switch (eight.channels()) {
        case 1:
            cv::cvtColor(eight, bgr, cv::COLOR_GRAY2BGR);
            break;
        case 3:
            bgr = eight;
            break;  // the reading thread's own buffer, not the device's
        case 4:
            cv::cvtColor(eight, bgr, cv::COLOR_BGRA2BGR);
            break;
        default:
            throw std::invalid_argument(
                "the source delivers frames with an unsupported number "
                "of channels");
    }
    return bgr;
}

}  // namespace sudokucam
