#pragma once
// The limits a photo must stay within before the reader spends memory or time on it, each
// checked before the expensive step it guards: the file's size before the file is read, and the
// pixel count its header declares before it is decoded (a 100 KB PNG can declare 60000x60000
// pixels, 10 GB once decoded).

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>

#include <opencv2/core.hpp>

namespace sudoku {

class InputLimits {
public:
    // Most pixels (width x height, as the header declares them) an image may have (default:
    // 250'000'000, 250 megapixels: a 200 megapixel phone photo is read). The CLI's
    // --max-megapixels.
    std::int64_t maxPixels = 250'000'000;
    // Largest image file read, in bytes, checked against the file's size before reading it
    // (default: 100'000'000, 100 MB). The CLI's --max-file-mb.
    std::uint64_t maxFileBytes = 100'000'000;
};

// Why the file may not be read (missing, not a regular file, above maxFileBytes); empty when it
// may. The message names the file and, for a limit, the limit and the option that raises it.
std::string CheckImageFile(const std::filesystem::path& path, const InputLimits& limits);

// Why these encoded bytes may not be decoded: above maxFileBytes, a declared pixel count above
// maxPixels, a JPEG cut short, a PDF. Empty when they may (an unknown header is left to the
// decoder and OpenCV's own guard, the OPENCV_IO_MAX_IMAGE_PIXELS environment variable, 2^30
// pixels by default).
std::string CheckEncodedImage(std::span<const std::uint8_t> bytes, const InputLimits& limits);

// Why an image of `size` pixels may not be decoded: "the image is 60000x60000 = 3600 megapixels,
// above the 250 megapixel limit (--max-megapixels)"; empty within maxPixels. The decoders that
// learn a size only from their own library (libheif, giflib) check it with this too.
std::string PixelLimitMessage(cv::Size size, const InputLimits& limits);

// Why an image that would not decode did not, from its header: "the PNG image is damaged or cut
// short", "unsupported format: ...".
std::string UndecodableMessage(std::span<const std::uint8_t> bytes);

}  // namespace sudoku
