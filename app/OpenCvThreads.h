#pragma once
// How many threads OpenCV's own parallel loops (image processing, the CNN) may use while a command
// runs; the previous setting comes back when it ends.

#include <opencv2/core/utility.hpp>

namespace sudokucam {

class OpenCvThreads {
public:
    // threads >= 1: at most that many (1 runs every loop in the calling thread: one core's
    // worth). 0 leaves OpenCV's default, every core.
    explicit OpenCvThreads(int threads) : saved_(cv::getNumThreads()) {
        if (threads > 0) cv::setNumThreads(threads);
    }
    ~OpenCvThreads() { cv::setNumThreads(saved_); }
    OpenCvThreads(const OpenCvThreads&) = delete;
    OpenCvThreads& operator=(const OpenCvThreads&) = delete;

private:
    int saved_;
};

}  // namespace sudokucam
