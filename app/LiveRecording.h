#pragma once
// The --output video of `sudokucam live`. It is written under a temporary name beside the target
// and renamed once finalised, so the target is never a half-written file, whichever way the run
// ends (the end of the video, a camera that stops, Ctrl-C, an exception).

#include <filesystem>
#include <memory>

#include <opencv2/core.hpp>

#include "app/VideoIo.h"

namespace sudokucam {

class LiveRecording {
public:
    LiveRecording(std::filesystem::path target, double fps);
    // Finalises what was written; errors are swallowed here (call finish() to see them).
    ~LiveRecording();
    LiveRecording(const LiveRecording&) = delete;
    LiveRecording& operator=(const LiveRecording&) = delete;

    // The file is opened at the first frame, at its size; later frames of another size are
    // scaled to it. Throws std::runtime_error when the file cannot be written.
    void write(const cv::Mat& frame);
    // Closes the file and moves it to the target (nothing when no frame was written). Throws
    // std::runtime_error when the move fails; later calls do nothing.
    void finish();
    int frames() const { return frames_; }

private:
    std::filesystem::path target_, partial_;
    double fps_;
    std::unique_ptr<VideoSink> writer_;  // from the first frame on
    cv::Size size_;
    int frames_ = 0;
};

}  // namespace sudokucam
