#pragma once
// GIFs written with giflib's encoder (EGif*) for the tests: a photo in 256 grays, animations,
// frames placed on the screen, interlaced, with their own colour table or a transparent colour.

#include <cstdint>
#include <vector>

#include <opencv2/core.hpp>

namespace sudoku::testing {

struct GifFrame {
    cv::Mat indices;                 // CV_8U colour indices, one a pixel
    cv::Point at{0, 0};              // the frame's top-left on the logical screen
    std::vector<cv::Vec3b> colours;  // its local colour table (RGB); empty: the global one
    int transparent = -1;            // the index shown as transparent; -1: none
    bool interlaced = false;
};

// A GIF89a of `screen` (the logical screen) with the global colour table `colours` (RGB, at
// most 256) and `frames`, each after a graphics control extension (half a second's delay).
// Throws std::runtime_error when giflib refuses.
std::vector<std::uint8_t> EncodeGif(cv::Size screen, const std::vector<cv::Vec3b>& colours,
                                    const std::vector<GifFrame>& frames);

// 256 grays, black to white: a gray photo's own levels as colour indices.
std::vector<cv::Vec3b> GrayColours();

// The photo in 256 grays, as one frame at the screen's corner.
GifFrame GrayFrame(const cv::Mat& bgr);

// A GIF of one gray frame: the photo as a screenshot tool would save it.
std::vector<std::uint8_t> GrayGif(const cv::Mat& bgr);

}  // namespace sudoku::testing
