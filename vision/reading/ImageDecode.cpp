#include "vision/reading/ImageDecode.h"

#include <algorithm>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <vector>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "vision/reading/GifDecode.h"
#include "vision/reading/HeifDecode.h"

namespace sudoku {
namespace {

// OpenCV's own guard (2^30 pixels unless OPENCV_IO_MAX_IMAGE_PIXELS says otherwise) catches the
// formats whose header InputLimits cannot read; its assertion text means nothing to a user.
std::string DecoderFailure(const cv::Exception& e) {
    if (std::string(e.what()).find("CV_IO_MAX_IMAGE") != std::string::npos)
        return "the image is above OpenCV's own size limit (the OPENCV_IO_MAX_IMAGE_PIXELS "
               "environment variable, 2^30 pixels by default)";
    return std::string("cannot decode the image: ") + e.what();
}

// HEIF and GIF, which OpenCV 4.6 does not decode, through their own libraries: BGR, or with
// `gray` 8-bit gray; nullopt for the formats imdecode reads.
std::optional<DecodedImage> DecodeWithoutOpenCv(std::span<const std::uint8_t> bytes,
                                                const InputLimits& limits, bool gray) {
    DecodedImage decoded;
    switch (ReadImageHeader(bytes).kind) {
        case ImageKind::Heif:
            return DecodeHeif(bytes, limits, gray);
        case ImageKind::Gif:
            decoded = DecodeGif(bytes, limits);
            break;
        default:
            return std::nullopt;
    }
    if (gray && decoded) cv::cvtColor(decoded.image, decoded.image, cv::COLOR_BGR2GRAY);
    return decoded;
}

}  // namespace

DecodedImage DecodeImage(std::span<const std::uint8_t> bytes, const InputLimits& limits) {
    if (std::string refused = CheckEncodedImage(bytes, limits); !refused.empty())
        return {{}, refused};
    if (std::optional<DecodedImage> other = DecodeWithoutOpenCv(bytes, limits, false))
        return *other;
    // imdecode applies the EXIF orientation unless IMREAD_IGNORE_ORIENTATION is given.
    const cv::Mat raw(1, static_cast<int>(bytes.size()), CV_8UC1,
                      const_cast<std::uint8_t*>(bytes.data()));
    cv::Mat image;
    try {
        image = cv::imdecode(raw, cv::IMREAD_COLOR);
    } catch (const cv::Exception& e) {
        return {{}, DecoderFailure(e)};
    }
    if (image.empty()) return {{}, UndecodableMessage(bytes)};
    return {image, {}};
}

GrayForReading DecodeGrayForReading(std::span<const std::uint8_t> bytes, int minSide,
                                    const InputLimits& limits) {
    const cv::Size size = JpegSize(bytes);
    const int longer = std::max(size.width, size.height);
    // A strip (64x50000) keeps its short side: reduced further it would hold no grid at all.
    const int shorter = std::min(size.width, size.height);
    double scale = 1;
    if (longer >= 4 * minSide && shorter >= 4 * kMinPhotoSide)
        scale = 0.25;
    else if (longer >= 2 * minSide && shorter >= 2 * kMinPhotoSide)
        scale = 0.5;
    return DecodeGrayAt(bytes, scale, limits);
}

GrayForReading DecodeGrayAt(std::span<const std::uint8_t> bytes, double scale,
                            const InputLimits& limits) {
    if (std::string refused = CheckEncodedImage(bytes, limits); !refused.empty())
        return {{}, 1, refused};
    if (std::optional<DecodedImage> other = DecodeWithoutOpenCv(bytes, limits, true))
        return {other->image, 1, other->error};
    const int flags = scale == 0.25  ? cv::IMREAD_REDUCED_GRAYSCALE_4
                      : scale == 0.5 ? cv::IMREAD_REDUCED_GRAYSCALE_2
                                     : cv::IMREAD_GRAYSCALE;
    const cv::Mat raw(1, static_cast<int>(bytes.size()), CV_8UC1,
                      const_cast<std::uint8_t*>(bytes.data()));
    cv::Mat gray;
    try {
        gray = cv::imdecode(raw, flags);
    } catch (const cv::Exception& e) {
        return {{}, 1, DecoderFailure(e)};
    }
    if (gray.empty()) return {{}, 1, UndecodableMessage(bytes)};
    return {gray, flags == cv::IMREAD_GRAYSCALE ? 1.0 : scale, {}};
}

cv::Mat DecodeColourForReading(std::span<const std::uint8_t> bytes, double scale,
                               const InputLimits& limits) {
    if (!CheckEncodedImage(bytes, limits).empty()) return {};
    // Colour only refines a reading: a photo whose colour would take more pixels than this (a
    // giant PNG, decoded whole before it is reduced; a JPEG is reduced as it is decoded) is read
    // without it.
    constexpr double kMostColourPixels = 50e6;
    const ImageHeader header = ReadImageHeader(bytes);
    // A phone's JPEG keeps its colour at half its size (4:2:0, as all 32 held-out photos): decoded
    // at half size or less it loses none of it, and a 640x480 photo's colour decodes in about
    // half the time (held-out filled-in photos, one thread: read stage 11.2 -> 10.1 ms median).
    // Other formats keep their colour whole and are not reduced as they are decoded.
    const bool jpeg = header.kind == ImageKind::Jpeg;
    const double colourScale = jpeg ? std::min(scale, 0.5) : scale;
    const double decoded =
        static_cast<double>(header.size.area()) * (jpeg ? colourScale * colourScale : 1.0);
    if (!header.sized() || decoded > kMostColourPixels) return {};
    if (std::optional<DecodedImage> other = DecodeWithoutOpenCv(bytes, limits, false))
        return other->image;
    const int flags = colourScale == 0.25  ? cv::IMREAD_REDUCED_COLOR_4
                      : colourScale == 0.5 ? cv::IMREAD_REDUCED_COLOR_2
                                           : cv::IMREAD_COLOR;
    const cv::Mat raw(1, static_cast<int>(bytes.size()), CV_8UC1,
                      const_cast<std::uint8_t*>(bytes.data()));
    try {
        return cv::imdecode(raw, flags);
    } catch (const cv::Exception&) {
        return {};
    }
}

std::vector<std::uint8_t> ReadFileBytes(const std::filesystem::path& path, std::string& error) {
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    if (!in) {
        error = "cannot open " + path.string();
        return {};
    }
    const std::streamoff size = in.tellg();
    std::vector<std::uint8_t> bytes(size > 0 ? static_cast<std::size_t>(size) : 0);
    in.seekg(0);
    if (!in.read(reinterpret_cast<char*>(bytes.data()), size)) {
        error = "cannot read " + path.string();
        return {};
    }
    return bytes;
}

DecodedImage DecodeImageFile(const std::filesystem::path& path, const InputLimits& limits) {
    if (std::string refused = CheckImageFile(path, limits); !refused.empty()) return {{}, refused};
    std::string error;
    const std::vector<std::uint8_t> bytes = ReadFileBytes(path, error);
    if (!error.empty()) return {{}, error};
    DecodedImage decoded = DecodeImage(bytes, limits);
    if (!decoded) decoded.error = path.string() + ": " + decoded.error;
    return decoded;
}

std::string TooSmallMessage(cv::Size size) {
    return "the photo is " + std::to_string(size.width) + "x" + std::to_string(size.height) +
           " pixels, smaller than the " + std::to_string(kMinPhotoSide) + "x" +
           std::to_string(kMinPhotoSide) + " the reader needs";
}

cv::Mat ToGray(const cv::Mat& photo) {
    if (photo.empty()) throw std::invalid_argument("the photo is empty");
    if (photo.rows < kMinPhotoSide || photo.cols < kMinPhotoSide)
        throw std::invalid_argument(TooSmallMessage(photo.size()));
    cv::Mat eight = photo;
    if (photo.depth() == CV_16U) {
        photo.convertTo(eight, CV_8U, 1.0 / 257.0);
    } else if (photo.depth() != CV_8U) {
        throw std::invalid_argument("the photo must have 8 or 16 bits per channel, not " +
                                    cv::typeToString(photo.type()));
    }
    cv::Mat gray;
    switch (eight.channels()) {
        case 1:
            gray = eight;
            break;
        case 3:
            cv::cvtColor(eight, gray, cv::COLOR_BGR2GRAY);
            break;
        case 4:
            cv::cvtColor(eight, gray, cv::COLOR_BGRA2GRAY);
            break;
        default:
            throw std::invalid_argument("the photo must have 1, 3 or 4 channels, not " +
                                        std::to_string(eight.channels()));
    }
    return gray;
}

}  // namespace sudoku
