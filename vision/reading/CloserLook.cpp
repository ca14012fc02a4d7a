#include "vision/reading/CloserLook.h"

#include <algorithm>
#include <cmath>

namespace sudoku {

namespace {

// A grid under this many pixels a side in the working copy (cells under 28 pixels) is looked at
// again: the smallest of the 160 training photos' grids is 282 pixels a side there, the median
// 446, so none of them is.
constexpr double kSmallGridSide = 256;
// The closer look takes the first of the decoder's scales that holds the grid this large (or the
// photo's own pixels): about as large as a photo of the grid alone holds it.
constexpr double kCloserGridSide = 400;

double LongestSide(const std::array<cv::Point2f, 4>& corners) {
    double longest = 0;
    for (int i = 0; i < 4; ++i)
        longest = std::max<double>(longest, cv::norm(corners[i] - corners[(i + 1) % 4]));
    return longest;
}

}  // namespace

std::optional<double> CloserScale(const std::array<cv::Point2f, 4>& corners, double workScale) {
    const double side = LongestSide(corners);
    if (side * workScale >= kSmallGridSide) return std::nullopt;
    double scale = 0.25;
    while (scale < 1 && side * scale < kCloserGridSide)
        scale *= 2;
    if (scale <= workScale) return std::nullopt;
    return scale;
}

cv::Rect CloserCrop(const std::array<cv::Point2f, 4>& corners, double scale, cv::Size size) {
    const auto [left, right] =
        std::minmax({corners[0].x, corners[1].x, corners[2].x, corners[3].x});
    const auto [top, bottom] =
        std::minmax({corners[0].y, corners[1].y, corners[2].y, corners[3].y});
    const cv::Point first(cvFloor(left * scale), cvFloor(top * scale));
    const cv::Point last(cvCeil(right * scale), cvCeil(bottom * scale));
    const cv::Rect box(first, last);
    const int marginX = box.width / 4;
    const int marginY = box.height / 4;
    const cv::Rect wider(box.x - marginX, box.y - marginY, box.width + 2 * marginX,
                         box.height + 2 * marginY);
    return wider & cv::Rect({0, 0}, size);
}

cv::Rect MiddleCrop(cv::Size size) {
    return {size.width / 4, size.height / 4, size.width / 2, size.height / 2};
}

void MoveIntoPhoto(Reading& r, cv::Point2f origin) {
    for (cv::Point2f& corner : r.corners)
        corner += origin;
    for (cv::Point2f& point : r.lattice)
        point += origin;
}

}  // namespace sudoku
