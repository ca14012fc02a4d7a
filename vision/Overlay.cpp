#include "vision/Overlay.h"

#include <stdexcept>
#include <string>
#include <vector>

#include <opencv2/imgproc.hpp>

namespace sudoku {
namespace {

// Pixels per cell of the flat board the digits are drawn on before it is warped onto the photo.
constexpr int kDrawCell = 64;

const cv::Scalar kInk(40, 40, 220);      // red digits, as a person with a red pen
const cv::Scalar kOutline(60, 200, 60);  // green outline

// The added digits drawn on a flat board; returns the ink mask beside it.
cv::Mat FlatDigits(const Reading& r, cv::Mat& mask) {
    const int side = r.size * kDrawCell;
    cv::Mat flat(side, side, CV_8UC3, cv::Scalar::all(0));
    mask = cv::Mat::zeros(side, side, CV_8U);
    const double scale = kDrawCell / 48.0;
    for (int cell = 0; cell < r.solution.cellCount(); ++cell) {
        if (!r.givens.isEmpty(cell) || !r.handwritten.isEmpty(cell)) continue;
        const std::string text(1, Geometry::DigitChar(r.solution.value(cell)));
        int baseline = 0;
        const cv::Size size = cv::getTextSize(text, cv::FONT_HERSHEY_DUPLEX, scale, 3, &baseline);
        const int row = cell / r.size, col = cell % r.size;
        const cv::Point origin(col * kDrawCell + (kDrawCell - size.width) / 2,
                               row * kDrawCell + (kDrawCell + size.height) / 2);
        cv::putText(flat, text, origin, cv::FONT_HERSHEY_DUPLEX, scale, kInk, 3, cv::LINE_AA);
        cv::putText(mask, text, origin, cv::FONT_HERSHEY_DUPLEX, scale, cv::Scalar(255), 3,
                    cv::LINE_AA);
    }
    return flat;
}

}  // namespace

void DrawReading(cv::Mat& photo, const Reading& reading) {
    if (photo.empty() || photo.type() != CV_8UC3)
        throw std::invalid_argument("the overlay needs an 8-bit BGR photo");
    if (!reading.found() || reading.size <= 0) return;
    std::vector<cv::Point> outline;
    for (const auto& p : reading.corners)
        outline.emplace_back(cv::Point(p));
    const int thickness = std::max(2, photo.cols / 400);
    cv::polylines(photo, outline, true, kOutline, thickness, cv::LINE_AA);
    if (reading.status != ReadStatus::Solved) return;

    cv::Mat mask;
    const cv::Mat flat = FlatDigits(reading, mask);
    const float side = static_cast<float>(flat.cols);
    const cv::Point2f square[4] = {{0, 0}, {side, 0}, {side, side}, {0, side}};
    const cv::Mat h = cv::getPerspectiveTransform(square, reading.corners.data());
    cv::Mat warped, warpedMask;
    cv::warpPerspective(flat, warped, h, photo.size());
    cv::warpPerspective(mask, warpedMask, h, photo.size());
    warped.copyTo(photo, warpedMask > 96);
}

}  // namespace sudoku
