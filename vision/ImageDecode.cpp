#include "vision/ImageDecode.h"

#include <algorithm>
#include <fstream>
#include <stdexcept>
#include <vector>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

namespace sudoku {

DecodedImage DecodeImage(std::span<const std::uint8_t> bytes) {
    if (bytes.empty()) return {{}, "empty image data"};
    // imdecode applies the EXIF orientation unless IMREAD_IGNORE_ORIENTATION is given.
    const cv::Mat raw(1, static_cast<int>(bytes.size()), CV_8UC1,
                      const_cast<std::uint8_t*>(bytes.data()));
    cv::Mat image;
    try {
        image = cv::imdecode(raw, cv::IMREAD_COLOR);
    } catch (const cv::Exception& e) {
        return {{}, std::string("cannot decode the image: ") + e.what()};
    }
    if (image.empty()) return {{}, "not an image in a format OpenCV can decode"};
    return {image, {}};
}

cv::Size JpegSize(std::span<const std::uint8_t> bytes) {
    if (bytes.size() < 4 || bytes[0] != 0xFF || bytes[1] != 0xD8) return {};
    std::size_t i = 2;
    while (i + 9 < bytes.size()) {
        if (bytes[i] != 0xFF) return {};
        const int marker = bytes[i + 1];
        if (marker == 0xFF) {  // fill byte
            ++i;
            continue;
        }
        const std::size_t length = (bytes[i + 2] << 8) | bytes[i + 3];
        // Start-of-frame markers C0-CF, except C4 (Huffman), C8 (reserved) and CC (arithmetic).
        if (marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC)
            return {(bytes[i + 7] << 8) | bytes[i + 8], (bytes[i + 5] << 8) | bytes[i + 6]};
        i += 2 + length;
    }
    return {};
}

GrayForReading DecodeGrayForReading(std::span<const std::uint8_t> bytes, int minSide) {
    if (bytes.empty()) return {{}, 1, "empty image data"};
    const cv::Size size = JpegSize(bytes);
    const int longer = std::max(size.width, size.height);
    int flags = cv::IMREAD_GRAYSCALE;
    double scale = 1;
    if (longer >= 4 * minSide) {
        flags = cv::IMREAD_REDUCED_GRAYSCALE_4;
        scale = 0.25;
    } else if (longer >= 2 * minSide) {
        flags = cv::IMREAD_REDUCED_GRAYSCALE_2;
        scale = 0.5;
    }
    const cv::Mat raw(1, static_cast<int>(bytes.size()), CV_8UC1,
                      const_cast<std::uint8_t*>(bytes.data()));
    cv::Mat gray;
    try {
        gray = cv::imdecode(raw, flags);
    } catch (const cv::Exception& e) {
        return {{}, 1, std::string("cannot decode the image: ") + e.what()};
    }
    if (gray.empty()) return {{}, 1, "not an image in a format OpenCV can decode"};
    return {gray, scale, {}};
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

DecodedImage DecodeImageFile(const std::filesystem::path& path) {
    std::string error;
    const std::vector<std::uint8_t> bytes = ReadFileBytes(path, error);
    if (!error.empty()) return {{}, error};
    DecodedImage decoded = DecodeImage(bytes);
    if (!decoded) decoded.error = path.string() + ": " + decoded.error;
    return decoded;
}

cv::Mat ToGray(const cv::Mat& photo) {
    if (photo.empty()) throw std::invalid_argument("the photo is empty");
    if (photo.rows < kMinPhotoSide || photo.cols < kMinPhotoSide)
        throw std::invalid_argument("the photo is smaller than 64x64 pixels");
    cv::Mat eight = photo;
    if (photo.depth() == CV_16U) {
        photo.convertTo(eight, CV_8U, 1.0 / 257.0);
    } else if (photo.depth() != CV_8U) {
        throw std::invalid_argument("the photo must have 8 or 16 bits per channel");
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
            throw std::invalid_argument("the photo must have 1, 3 or 4 channels");
    }
    return gray;
}

}  // namespace sudoku
