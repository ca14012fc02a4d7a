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

// The photo with everything below and right of a slanted line through its middle `darker`
// darker, the edge blurred over a few pixels as a shadow's is (a phone or a hand casts it).
inline cv::Mat WithShadowEdge(const cv::Mat& photo, double darker) {
    cv::Mat shade(photo.size(), CV_32F);
    for (int y = 0; y < photo.rows; ++y)
        for (int x = 0; x < photo.cols; ++x)
            shade.at<float>(y, x) =
                (x - 0.5f * photo.cols) * 0.8f + (y - 0.3f * photo.rows) > 0 ? 1.f : 0.f;
    cv::GaussianBlur(shade, shade, {0, 0}, 3);
    return Darkened(photo, shade, darker);
}

}  // namespace sudoku
