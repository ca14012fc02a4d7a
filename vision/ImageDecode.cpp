#include "vision/ImageDecode.h"

#include <fstream>
#include <iterator>
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

DecodedImage DecodeImageFile(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return {{}, "cannot open " + path.string()};
    const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                                          std::istreambuf_iterator<char>());
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
