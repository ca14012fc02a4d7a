#pragma once
// Photos out of focus, as a camera not focused on the page takes them, for the tests that read
// them.

#include <opencv2/imgproc.hpp>

namespace sudoku {

// The photo blurred as a lens out of focus by `sigma` pixels (a Gaussian); 0: the photo as it is.
inline cv::Mat OutOfFocus(const cv::Mat& photo, double sigma) {
    if (sigma <= 0) return photo;
    cv::Mat blurred;
    cv::GaussianBlur(photo, blurred, {0, 0}, sigma);
    return blurred;
}

}  // namespace sudoku
