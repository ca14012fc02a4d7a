#pragma once
// Photos out of focus, as a camera not focused on the page takes them, smeared by a moving hand,
// or washed out as an old phone takes them, for the tests that read them.

#include <algorithm>

#include <opencv2/core.hpp>
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

// A photo worked on in floating point, back in 8 bits truncated as numpy's astype does (the
// README's spoilt sets were made so): convertTo rounds, so half a gray level is taken off first.
inline cv::Mat TruncatedTo8Bits(const cv::Mat& floating) {
    cv::Mat out = floating - cv::Scalar::all(0.5);
    out.convertTo(out, CV_8U);
    return out;
}

// An old phone's photo (13 of the 40 photos of the set's test split; none of the training
// folder's): 1600 pixels on its longer side, out of focus by `sigma` of those pixels and its
// contrast flattened to `contrast` about the middle gray (bench/old_phone_probes.py writes such
// copies for `eval`).
inline cv::Mat AsAnOldPhoneTakesIt(const cv::Mat& photo, double sigma, double contrast) {
    const double scale = 1600.0 / std::max(photo.cols, photo.rows);
    cv::Mat out;
    cv::resize(photo, out, {}, scale, scale, cv::INTER_CUBIC);
    out.convertTo(out, CV_32F);
    cv::GaussianBlur(out, out, {0, 0}, sigma);
    out = (out - cv::Scalar::all(128)) * contrast + cv::Scalar::all(128);
    return TruncatedTo8Bits(out);
}

}  // namespace sudoku
