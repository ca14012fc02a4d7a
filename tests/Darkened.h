#pragma once
// Photos darkened in places, as shading or a shadow does it, for the tests that read them.

#include <opencv2/imgproc.hpp>

namespace sudoku {

// The BGR photo with each pixel's light multiplied by `1 - darker * shade` (shade: CV_32F, the
// photo's size, 0 = untouched .. 1 = darkened fully).
inline cv::Mat Darkened(const cv::Mat& photo, const cv::Mat& shade, double darker) {
    cv::Mat factor = 1.0 - darker * shade, out;
    cv::cvtColor(factor, factor, cv::COLOR_GRAY2BGR);
    photo.convertTo(out, CV_32FC3);
    out = out.mul(factor);
    out.convertTo(out, CV_8UC3);
    return out;
}

}  // namespace sudoku
