#include "vision/tracking/KnownBoard.h"

#include <array>
#include <stdexcept>

#include <opencv2/imgproc.hpp>

#include "vision/tracking/InkPattern.h"

namespace sudoku {
namespace {

// A grid found again must hold ink in the cells read with digits about as clearly as a tracked
// grid does (a lattice a cell off scores near 0)...
constexpr double kMinInkAgreement = 0.8;
// ...and its digits must look like the ones read: mean correlation of the cells' middles.
constexpr double kMinDigitLikeness = 0.75;
// The share of a cell compared: its middle, clear of the lines.
constexpr int kMargin = kCellPixels / 6;

std::vector<cv::Point2f> StraightLattice(int size) {
    std::vector<cv::Point2f> points;
    for (int row = 0; row <= size; ++row)
        for (int col = 0; col <= size; ++col)
            points.emplace_back(static_cast<float>(col * kCellPixels),
                                static_cast<float>(row * kCellPixels));
    return points;
}

// Intersection (row, col) of a lattice turned by `quarter` quarter turns clockwise, as
// cv::rotate turns its straightened picture.
cv::Point2f Turned(const GridLattice& lattice, int quarter, int row, int col) {
    const int n = lattice.size;
    switch (quarter) {
        case 1:
            return lattice.at(n - col, row);
        case 2:
            return lattice.at(n - row, n - col);
        case 3:
            return lattice.at(col, n - row);
        default:
            return lattice.at(row, col);
    }
}

}  // namespace

KnownBoard::KnownBoard(const cv::Mat& gray, const std::vector<cv::Point2f>& lattice,
                       Reading reading)
    : reading_(std::move(reading)) {
    if (reading_.status != ReadStatus::Solved)
        throw std::invalid_argument("KnownBoard: only a solved reading is known");
    const int n = reading_.size;
    if (lattice.size() != static_cast<std::size_t>((n + 1) * (n + 1)))
        throw std::invalid_argument("KnownBoard: the lattice needs (size+1)^2 points");
    for (int cell = 0; cell < n * n; ++cell)
        inked_.push_back(!reading_.givens.isEmpty(cell) || !reading_.handwritten.isEmpty(cell));
    straight_ = WarpLattice(gray, GridLattice{n, lattice}).gray;
}

double KnownBoard::digitLikeness(const cv::Mat& straight) const {
    const int n = reading_.size;
    const int side = kCellPixels - 2 * kMargin;
    double sum = 0;
    int count = 0;
    for (int cell = 0; cell < n * n; ++cell) {
        if (!inked_[cell]) continue;
        const cv::Rect middle((cell % n) * kCellPixels + kMargin,
                              (cell / n) * kCellPixels + kMargin, side, side);
        cv::Mat score;
        cv::matchTemplate(straight(middle), straight_(middle), score, cv::TM_CCOEFF_NORMED);
        sum += score.at<float>(0, 0);
        ++count;
    }
    return count ? sum / count : 0;
}

std::optional<std::vector<cv::Point2f>> KnownBoard::match(const cv::Mat& gray,
                                                          const GridLattice& found) const {
    const int n = reading_.size;
    if (found.size != n) return std::nullopt;
    const cv::Mat seen = WarpLattice(gray, found).gray;
    const std::vector<cv::Point2f> flat = StraightLattice(n);
    constexpr std::array<int, 3> kTurns{cv::ROTATE_90_CLOCKWISE, cv::ROTATE_180,
                                        cv::ROTATE_90_COUNTERCLOCKWISE};
    for (int quarter = 0; quarter < 4; ++quarter) {
        cv::Mat turned;  // a new picture: rotating into `seen`'s own pixels would turn it too
        if (quarter == 0)
            turned = seen;
        else
            cv::rotate(seen, turned, kTurns[quarter - 1]);
        const auto agreement = InkAgreement(CellInk(turned, flat, n), inked_);
        if (!agreement || *agreement < kMinInkAgreement) continue;
        if (digitLikeness(turned) < kMinDigitLikeness) continue;
        std::vector<cv::Point2f> upright;
        for (int row = 0; row <= n; ++row)
            for (int col = 0; col <= n; ++col)
                upright.push_back(Turned(found, quarter, row, col));
        return upright;
    }
    return std::nullopt;
}

}  // namespace sudoku
