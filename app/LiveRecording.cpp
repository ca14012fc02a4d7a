#include "app/LiveRecording.h"

#include <stdexcept>
#include <string>
#include <system_error>
#include <utility>

#include <unistd.h>
#include <opencv2/imgproc.hpp>

namespace sudokucam {
namespace fs = std::filesystem;

namespace {

// Beside the target so the rename stays on one file system; the extension is kept because
// OpenCV picks the container from it.
fs::path PartialName(const fs::path& target) {
    std::string name = ".";
    name.append(target.stem().string())
        .append(".")
        .append(std::to_string(::getpid()))
        .append(".partial")
        .append(target.extension().string());
    return target.parent_path() / name;
}

}  // namespace

LiveRecording::LiveRecording(fs::path target, double fps)
    : target_(std::move(target)), partial_(PartialName(target_)), fps_(fps) {}

LiveRecording::~LiveRecording() {
    try {
        finish();
    } catch (const std::exception&) {
        std::error_code ignored;
        fs::remove(partial_, ignored);
    }
}

void LiveRecording::write(const cv::Mat& frame) {
    if (!writer_ || !writer_->isOpened()) {
        if (frames_ > 0) throw std::runtime_error("the output video is already finished");
        writer_ = TheVideoIo().sink();
        if (!writer_->open(partial_.string(), "MJPG", fps_, frame.size()))
            throw std::runtime_error("cannot write " + target_.string());
        size_ = frame.size();
    }
    if (frame.size() == size_) {
        writer_->write(frame);
    } else {
        cv::Mat scaled;
        cv::resize(frame, scaled, size_, 0, 0, cv::INTER_AREA);
        writer_->write(scaled);
    }
    ++frames_;
}

void LiveRecording::finish() {
    if (!writer_ || !writer_->isOpened()) return;
    writer_->release();
    std::error_code error;
    fs::rename(partial_, target_, error);
    if (error)
        throw std::runtime_error("cannot move the output video to " + target_.string() + ": " +
                                 error.message());
}

}  // namespace sudokucam
