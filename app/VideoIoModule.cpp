// The module behind VideoIo.h: OpenCV's videoio and highgui, called and nothing more.

#include <opencv2/highgui.hpp>
#include <opencv2/videoio.hpp>

#include "app/VideoIo.h"

namespace sudokucam {
namespace {

#ifdef __linux__
constexpr int kCameraBackend = cv::CAP_V4L2;
#else
constexpr int kCameraBackend = cv::CAP_ANY;
#endif

int Fourcc(const std::string& codec) {
    return codec.size() == 4 ? cv::VideoWriter::fourcc(codec[0], codec[1], codec[2], codec[3]) : 0;
}

class CaptureSource final : public VideoSource {
public:
    // One back-end each: trying all of them in turn is slow, noisy and leaks in libusb.
    bool openCamera(int index) override {
        if (!capture_.open(index, kCameraBackend)) return false;
        capture_.set(cv::CAP_PROP_FOURCC, Fourcc("MJPG"));
        capture_.set(cv::CAP_PROP_FRAME_WIDTH, 1280);
        capture_.set(cv::CAP_PROP_FRAME_HEIGHT, 720);
        return true;
    }
    bool openFile(const std::string& path) override { return capture_.open(path, cv::CAP_FFMPEG); }
    bool read(cv::Mat& frame) override { return capture_.read(frame); }
    double fps() const override { return capture_.get(cv::CAP_PROP_FPS); }

private:
    cv::VideoCapture capture_;
};

class WriterSink final : public VideoSink {
public:
    bool open(const std::string& path, const std::string& codec, double fps,
              cv::Size size) override {
        return writer_.open(path, Fourcc(codec), fps, size);
    }
    bool isOpened() const override { return writer_.isOpened(); }
    void write(const cv::Mat& frame) override { writer_.write(frame); }
    void release() override { writer_.release(); }

private:
    cv::VideoWriter writer_;
};

class OpenCvVideoIo final : public VideoIo {
public:
    std::unique_ptr<VideoSource> source() const override {
        return std::make_unique<CaptureSource>();
    }
    std::unique_ptr<VideoSink> sink() const override { return std::make_unique<WriterSink>(); }
    void openWindow(const std::string& name) const override {
        cv::namedWindow(name, cv::WINDOW_AUTOSIZE);
    }
    void show(const std::string& name, const cv::Mat& frame) const override {
        cv::imshow(name, frame);
    }
    int waitKey(int milliseconds) const override { return cv::waitKey(milliseconds); }
};

}  // namespace
}  // namespace sudokucam

extern "C" __attribute__((visibility("default"))) const sudokucam::VideoIo* sudokucam_video_io() {
    static const sudokucam::OpenCvVideoIo io;
    return &io;
}
