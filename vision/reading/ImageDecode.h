#pragma once
// Turning a file or a buffer into pixels as a person sees them: EXIF orientation applied, and
// any 8-bit colour layout normalised to the gray image the grid finder works on.

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "vision/reading/ImageHeader.h"
#include "vision/reading/InputLimits.h"

namespace sudoku {

// A decoded photo, or why there is none (an empty image with a message).
struct DecodedImage {
    cv::Mat image;  // 8-bit BGR, EXIF orientation applied; empty on failure
    std::string error;
    explicit operator bool() const { return !image.empty(); }
};

// The whole content of a file in one read (a byte-by-byte stream copy costs milliseconds on a
// camera JPEG). Empty with a message naming the file when it cannot be read.
std::vector<std::uint8_t> ReadFileBytes(const std::filesystem::path& path, std::string& error);

// Decodes JPEG, PNG, WebP, ... (OpenCV), HEIC/HEIF (libheif) and GIF (giflib, the first frame)
// from memory, applying the orientation as viewers do: the EXIF tag, or HEIF's own rotation and
// mirroring. Bytes that break the limits (CheckEncodedImage) are refused before decoding.
DecodedImage DecodeImage(std::span<const std::uint8_t> bytes, const InputLimits& limits = {});
// Checks the file's size, reads the whole file, then decodes it; the error names the file.
DecodedImage DecodeImageFile(const std::filesystem::path& path, const InputLimits& limits = {});

// A photo decoded for reading only: gray, and for big JPEGs decoded at a half or a quarter of
// its size by the JPEG decoder itself (far faster than decoding everything and shrinking).
struct GrayForReading {
    cv::Mat gray;      // EXIF orientation applied; empty on failure
    double scale = 1;  // gray pixels per photo pixel (1, 0.5 or 0.25)
    std::string error;
    explicit operator bool() const { return !gray.empty(); }
};
// Decodes so that the longer side is at least minSide pixels when the photo has them (and the
// shorter one at least kMinPhotoSide). Bytes that break the limits are refused before decoding.
GrayForReading DecodeGrayForReading(std::span<const std::uint8_t> bytes, int minSide,
                                    const InputLimits& limits = {});
// The photo in gray at `scale` of its pixels (1, 0.5 or 0.25: a JPEG reduced by its decoder),
// or whole (scale 1) in a format OpenCV does not decode: a closer look at a grid found small asks
// for more pixels than the first decoding kept.
GrayForReading DecodeGrayAt(std::span<const std::uint8_t> bytes, double scale,
                            const InputLimits& limits = {});

// The same photo in colour (8-bit BGR) at the size DecodeGrayForReading gave it (`scale`, its
// answer), a JPEG's at most at half the photo's size, decoded again: only the few checks that need
// colour ask, so gray photos and those that need none are decoded once. Empty when the bytes cannot
// be decoded, or their header declares no size, or the colour would be decoded at more than 50
// megapixels (it refines a reading; it is not worth three times the gray image's memory on a
// giant).
cv::Mat DecodeColourForReading(std::span<const std::uint8_t> bytes, double scale,
                               const InputLimits& limits = {});

// The smallest photo side the reader accepts: below it a 9x9 grid has cells of a few pixels.
inline constexpr int kMinPhotoSide = 64;

// "the photo is 1x1 pixels, smaller than the 64x64 the reader needs".
std::string TooSmallMessage(cv::Size size);

// 8-bit gray from an 8-bit 1, 3 (BGR) or 4 (BGRA) channel image; 16-bit images are scaled down.
// Throws std::invalid_argument for an empty image, another depth or channel count, or a side
// shorter than kMinPhotoSide.
cv::Mat ToGray(const cv::Mat& photo);

}  // namespace sudoku
