#include "vision/reading/InputLimits.h"

#include <cstdio>
#include <system_error>

#include "vision/reading/ImageHeader.h"

namespace sudoku {
namespace {

// 3600, 12, 1.2, 0.01: two significant digits below 10 million.
std::string Millions(double count) {
    const double millions = count / 1e6;
    char text[32];
    std::snprintf(text, sizeof text, millions >= 10 ? "%.0f" : "%.2g", millions);
    return text;
}

std::string SizeText(cv::Size size) {
    return std::to_string(size.width) + "x" + std::to_string(size.height);
}

std::string FileSizeMessage(std::uint64_t bytes, const InputLimits& limits) {
    return Millions(static_cast<double>(bytes)) + " MB, above the " +
           Millions(static_cast<double>(limits.maxFileBytes)) + " MB limit (--max-file-mb)";
}

}  // namespace

std::string CheckImageFile(const std::filesystem::path& path, const InputLimits& limits) {
    std::error_code error;
    const auto status = std::filesystem::status(path, error);
    if (!std::filesystem::exists(status)) return "cannot open " + path.string() + ": no such file";
    if (!std::filesystem::is_regular_file(status))
        return "cannot read " + path.string() + ": not a regular file";
    const std::uintmax_t bytes = std::filesystem::file_size(path, error);
    if (error) return "cannot read " + path.string() + ": " + error.message();
    if (bytes == 0) return path.string() + " is empty (0 bytes)";
    if (bytes > limits.maxFileBytes) return path.string() + " is " + FileSizeMessage(bytes, limits);
    return {};
}

std::string CheckEncodedImage(std::span<const std::uint8_t> bytes, const InputLimits& limits) {
    if (bytes.empty()) return "empty image data (0 bytes)";
    if (bytes.size() > limits.maxFileBytes)
        return "the image is " + FileSizeMessage(bytes.size(), limits);
    const ImageHeader header = ReadImageHeader(bytes);
    if (header.kind == ImageKind::Pdf) return UndecodableMessage(bytes);
    if (header.sized())
        if (std::string refused = PixelLimitMessage(header.size, limits); !refused.empty())
            return refused;
    if (header.kind == ImageKind::Jpeg && !JpegHasEnd(bytes))
        return "the JPEG image is cut short (it has no end-of-image marker)";
    return {};
}

std::string PixelLimitMessage(cv::Size size, const InputLimits& limits) {
    const double pixels = static_cast<double>(size.width) * size.height;
    if (pixels <= static_cast<double>(limits.maxPixels)) return {};
    return "the image is " + SizeText(size) + " = " + Millions(pixels) + " megapixels, above the " +
           Millions(static_cast<double>(limits.maxPixels)) + " megapixel limit (--max-megapixels)";
}

std::string UndecodableMessage(std::span<const std::uint8_t> bytes) {
    switch (ReadImageHeader(bytes).kind) {
        case ImageKind::Pdf:
            return "unsupported format: a PDF document, not an image (export the page as PNG or "
                   "JPEG)";
        case ImageKind::Unknown:
            return "unsupported format: not an image sudokucam can decode (JPEG, PNG, HEIC/HEIF, "
                   "WebP, GIF, TIFF, BMP, PNM)";
        default:
            return "the " + std::string(ImageKindName(ReadImageHeader(bytes).kind)) +
                   " image is damaged or cut short and cannot be decoded";
    }
}

}  // namespace sudoku
