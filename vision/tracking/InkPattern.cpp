#include "vision/tracking/InkPattern.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <opencv2/imgproc.hpp>

namespace sudoku {
namespace {

// The middle of a cell measured: this share of its corners' distance to its centre, so neither
// the grid lines nor a slightly curved page's neighbouring line fall inside.
constexpr float kMiddleShare = 0.4F;
// At least this many cells (half of a small grid's), and this many of each kind (inked, empty),
// must be in view to tell.
constexpr int kMinCellsInView = 20;
constexpr int kMinOfEachKind = 4;

double MiddleContrast(const cv::Mat& gray, const cv::Point2f (&corner)[4]) {
    const cv::Point2f centre = (corner[0] + corner[1] + corner[2] + corner[3]) * 0.25F;
    std::vector<cv::Point2f> middle;
    for (const auto& c : corner)
        middle.push_back(centre + kMiddleShare * (c - centre));
    const cv::Rect box = cv::boundingRect(middle);
    if (box.width < 2 || box.height < 2 || (box & cv::Rect(0, 0, gray.cols, gray.rows)) != box)
        return std::numeric_limits<double>::quiet_NaN();
    cv::Scalar mean, deviation;
    cv::meanStdDev(gray(box), mean, deviation);
    return deviation[0] / std::max(mean[0], 1.0);
}

}  // namespace

std::vector<double> CellInk(const cv::Mat& gray, const std::vector<cv::Point2f>& lattice,
                            int size) {
    if (gray.type() != CV_8UC1) throw std::invalid_argument("CellInk needs an 8-bit gray image");
    if (size < 1 || lattice.size() != static_cast<std::size_t>((size + 1) * (size + 1)))
        throw std::invalid_argument("CellInk: the lattice needs (size+1)^2 points");
    const auto at = [&](int row, int col) { return lattice[row * (size + 1) + col]; };
    std::vector<double> ink;
    ink.reserve(static_cast<std::size_t>(size * size));
    for (int row = 0; row < size; ++row)
        for (int col = 0; col < size; ++col) {
            const cv::Point2f corner[4] = {at(row, col), at(row, col + 1), at(row + 1, col + 1),
                                           at(row + 1, col)};
            ink.push_back(MiddleContrast(gray, corner));
        }
    return ink;
}

std::optional<double> InkAgreement(const std::vector<double>& ink, const std::vector<bool>& inked) {
    if (ink.size() != inked.size())
        throw std::invalid_argument("InkAgreement: one expectation per cell is needed");
    double n = 0, sumX = 0, sumY = 0, sumXX = 0, sumYY = 0, sumXY = 0;
    int withInk = 0;
    for (std::size_t i = 0; i < ink.size(); ++i) {
        if (std::isnan(ink[i])) continue;
        const double x = ink[i], y = inked[i] ? 1 : 0;
        n += 1;
        withInk += inked[i];
        sumX += x;
        sumY += y;
        sumXX += x * x;
        sumYY += y * y;
        sumXY += x * y;
    }
    const int empty = static_cast<int>(n) - withInk;
    const int cells = static_cast<int>(ink.size());
    const int minEach = std::clamp(cells / 8, 2, kMinOfEachKind);
    if (n < std::min(kMinCellsInView, cells / 2) || withInk < minEach || empty < minEach)
        return std::nullopt;
    const double varX = sumXX - sumX * sumX / n, varY = sumYY - sumY * sumY / n;
    if (varX <= 0 || varY <= 0) return 0.0;
    return (sumXY - sumX * sumY / n) / std::sqrt(varX * varY);
}

}  // namespace sudoku
