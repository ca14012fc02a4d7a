#pragma once
// Uncompressed YUV4MPEG2 video (`render --video clip.y4m`): what Chromium's fake camera plays
// (--use-file-for-fake-video-capture). Its header must say C420: the C420mpeg2 that ffmpeg
// writes crashes it.

#include <fstream>
#include <stdexcept>
#include <string>

#include <fmt/format.h>
#include <opencv2/imgproc.hpp>

namespace sudokucam {

class Y4mWriter {
public:
    Y4mWriter(const std::string& path, cv::Size size, int fps)
        : out_(path, std::ios::binary | std::ios::trunc), size_(size) {
        if (!out_ || size.width % 2 || size.height % 2)
            throw std::runtime_error("cannot write the video " + path +
                                     " (Y4M needs an even width and height)");
        out_ << fmt::format("YUV4MPEG2 W{} H{} F{}:1 Ip A1:1 C420\n", size.width, size.height, fps);
    }

    // One 8-bit BGR frame of the video's size.
    void write(const cv::Mat& bgr) {
        cv::Mat i420;
        cv::cvtColor(bgr, i420, cv::COLOR_BGR2YUV_I420);
        out_ << "FRAME\n";
        out_.write(reinterpret_cast<const char*>(i420.data),
                   static_cast<std::streamsize>(i420.total() * i420.elemSize()));
        if (!out_) throw std::runtime_error("cannot write a video frame (disk full?)");
    }

private:
    std::ofstream out_;
    cv::Size size_;
};

}  // namespace sudokucam
