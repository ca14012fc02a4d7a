#include "vision/grid/Crossword.h"

#include <array>

#include <opencv2/imgproc.hpp>

#include "vision/grid/GrayLevels.h"

namespace sudoku {
namespace {

// A cell is solid when this share of it, but for the margin, is ink.
constexpr double kSolidShare = 0.9;
// Ink is darker than this share of the paper's light around it.
constexpr double kSolidDarkness = 0.6;
// A crossword has dozens of solid squares; a Sudoku none.
constexpr int kMinSolidCells = 3;

}  // namespace

bool HasSolidCells(const cv::Mat& gray, const std::array<cv::Point2f, 4>& corners, int size) {
    constexpr int kCell = 20, kMargin = 3;
    const int side = size * kCell;
    const std::array<cv::Point2f, 4> square{cv::Point2f(0, 0), cv::Point2f(side, 0),
                                            cv::Point2f(side, side), cv::Point2f(0, side)};
    cv::Mat straight, paper;
    cv::warpPerspective(gray, straight, cv::getPerspectiveTransform(corners.data(), square.data()),
                        {side, side}, cv::INTER_LINEAR, cv::BORDER_REPLICATE);
    // The paper around each cell: a closing two cells wide paints a solid square over.
    cv::morphologyEx(straight, paper, cv::MORPH_CLOSE,
                     cv::getStructuringElement(cv::MORPH_RECT, {2 * kCell, 2 * kCell}));
    cv::Mat darkness, dark;
    cv::divide(straight, paper, darkness, 1, CV_32F);
    cv::threshold(darkness, dark, kSolidDarkness, 1, cv::THRESH_BINARY_INV);
    const int inner = kCell - 2 * kMargin;
    int solidCells = 0;
    for (int r = 0; r < size; ++r)
        for (int c = 0; c < size; ++c) {
            const cv::Rect cell(c * kCell + kMargin, r * kCell + kMargin, inner, inner);
            solidCells += cv::countNonZero(dark(cell)) >= kSolidShare * inner * inner;
        }
    return solidCells >= kMinSolidCells;
}

cv::Mat PaintedOver(const cv::Mat& gray, const std::array<cv::Point2f, 4>& corners) {
    cv::Mat without = gray.clone();
    std::array<cv::Point, 4> outline;
    for (int k = 0; k < 4; ++k)
        outline[k] = corners[k];
    cv::fillConvexPoly(without, outline.data(), 4, cv::Scalar(GrayLevelOfShare(gray, 0.5)));
    return without;
}

}  // namespace sudoku
