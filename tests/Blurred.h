#pragma once
// Photos out of focus, as a camera not focused on the page takes them, or smeared by a moving
// hand, for the tests that read them.

#include <opencv2/imgproc.hpp>

namespace sudoku {

// The photo blurred as a lens out of focus by `sigma` pixels (a Gaussian); 0: the photo as it is.
inline cv::Mat OutOfFocus(const cv::Mat& photo, double sigma) {
    if (sigma <= 0) return photo;
    cv::Mat blurred;
    cv::GaussianBlur(photo, blurred, {0, 0}, sigma);
    return blurred;
}

// The photo smeared sideways over `pixels` pixels (a box), as a hand moving during the shot.
inline cv::Mat SmearedSideways(const cv::Mat& photo, int pixels) {
    cv::Mat smeared;
    cv::blur(photo, smeared, {pixels, 1});
    return smeared;
}

}  // namespace sudoku
