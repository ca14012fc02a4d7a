#pragma once
// The camera, video files and the window: OpenCV's videoio and highgui, behind a module loaded
// only by the commands that use them (live, render --video). Those two libraries bring in about
// a hundred more (GStreamer, FFmpeg, Qt) that every start of the program would otherwise load and
// relocate: an empty program linked with the same libraries starts in 0.26 s of CPU with them
// and 0.16 s without (this machine), and most commands need them never.
//
// The module (libsudokucam_video_io.so, VideoIoModule.cpp) holds no logic of ours, only the
// calls into OpenCV; the program finds it beside its own installed layout or in the build tree.

#include <memory>
#include <string>

#include <opencv2/core.hpp>

namespace sudokucam {

// A camera or a video file, opened once.
class VideoSource {
public:
    virtual ~VideoSource() = default;
    // A camera opened as V4L2 webcams run fast (MJPG at 1280x720; they default to slow YUYV).
    virtual bool openCamera(int index) = 0;
    // A video file through FFmpeg.
    virtual bool openFile(const std::string& path) = 0;
    virtual bool read(cv::Mat& frame) = 0;
    // The frames per second the source reports (0 when it reports none).
    virtual double fps() const = 0;
};

// A video file written frame by frame.
class VideoSink {
public:
    virtual ~VideoSink() = default;
    // `codec`: four characters, e.g. "MJPG" or "mp4v"; the container follows the extension.
    virtual bool open(const std::string& path, const std::string& codec, double fps,
                      cv::Size size) = 0;
    virtual bool isOpened() const = 0;
    virtual void write(const cv::Mat& frame) = 0;
    virtual void release() = 0;
};

class VideoIo {
public:
    virtual ~VideoIo() = default;
    virtual std::unique_ptr<VideoSource> source() const = 0;
    virtual std::unique_ptr<VideoSink> sink() const = 0;
    // A window of the frame's size, then frames shown in it; waitKey as OpenCV's (-1: no key).
    virtual void openWindow(const std::string& name) const = 0;
    virtual void show(const std::string& name, const cv::Mat& frame) const = 0;
    virtual int waitKey(int milliseconds) const = 0;
};

// The module, loaded at the first call. Throws std::runtime_error naming the places looked in
// when it cannot be loaded.
const VideoIo& TheVideoIo();

}  // namespace sudokucam

// The module's one entry point.
extern "C" const sudokucam::VideoIo* sudokucam_video_io();
