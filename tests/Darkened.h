#pragma once
// Photos darkened in places, as shading or a shadow does it, for the tests that read them.

#include <array>

#include <opencv2/imgproc.hpp>

namespace sudoku {

// A mask drawn on the straightened grid (`cell` pixels a cell, its top-left corner at 0, 0) laid
// on the photo through the grid's outline (corners clockwise from the top-left): the photo's
// size, the mask's type.
inline cv::Mat GridMaskOnPhoto(const cv::Mat& gridMask, int cell,
                               const std::array<cv::Point2f, 4>& outline, cv::Size photo) {
    const float side = 9.f * static_cast<float>(cell);
    const std::array<cv::Point2f, 4> square{cv::Point2f(0, 0), cv::Point2f(side, 0),
                                            cv::Point2f(side, side), cv::Point2f(0, side)};
    cv::Mat onPhoto;
    cv::warpPerspective(gridMask, onPhoto,
                        cv::getPerspectiveTransform(square.data(), outline.data()), photo,
                        cv::INTER_LINEAR);
    return onPhoto;
}

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
