#include "vision/drawing/OverlayCanvas.h"

#include <algorithm>
#include <array>
#include <sstream>
#include <stdexcept>

#include <opencv2/imgproc.hpp>

namespace sudoku {
namespace {

constexpr int kFont = cv::FONT_HERSHEY_DUPLEX;
// cv::LINE_AA drawing with sub-pixel coordinates: this many fractional bits.
constexpr int kShift = 4;
constexpr double kOne = 1 << kShift;

cv::Point Fixed(cv::Point2f p) {
    return {cvRound(p.x * kOne), cvRound(p.y * kOne)};
}

// Font scale that makes a capital (and a digit) `height` pixels tall.
double FontScale(double height, int thickness) {
    int baseline = 0;
    const cv::Size unit = cv::getTextSize("8", kFont, 1.0, thickness, &baseline);
    return height / std::max(1, unit.height - thickness);
}

// dst = dst * (1 - coverage) + ink, ink premultiplied; all three the same size.
void Blend(cv::Mat dst, const cv::Mat& ink, const cv::Mat& coverage) {
    for (int y = 0; y < dst.rows; ++y) {
        auto* d = dst.ptr<cv::Vec3b>(y);
        const auto* i = ink.ptr<cv::Vec3b>(y);
        const auto* a = coverage.ptr<std::uint8_t>(y);
        for (int x = 0; x < dst.cols; ++x) {
            if (!a[x]) continue;
            for (int c = 0; c < 3; ++c)
                d[x][c] = cv::saturate_cast<std::uint8_t>(d[x][c] * (255 - a[x]) / 255.0 + i[x][c]);
        }
    }
}

cv::Mat Translated(const cv::Mat& h, cv::Point offset) {
    cv::Mat t = cv::Mat::eye(3, 3, CV_64F);
    t.at<double>(0, 2) = -offset.x;
    t.at<double>(1, 2) = -offset.y;
    return t * h;
}

// Warps the part of (ink, coverage) inside `srcQuad` onto `dstQuad` of `photo` and blends it.
void WarpBlend(cv::Mat& photo, const cv::Mat& ink, const cv::Mat& coverage,
               const std::array<cv::Point2f, 4>& srcQuad,
               const std::array<cv::Point2f, 4>& dstQuad) {
    const cv::Rect area =
        cv::boundingRect(std::vector<cv::Point2f>(dstQuad.begin(), dstQuad.end())) &
        cv::Rect(0, 0, photo.cols, photo.rows);
    if (area.empty()) return;
    const cv::Mat h =
        Translated(cv::getPerspectiveTransform(srcQuad.data(), dstQuad.data()), area.tl());
    cv::Mat warpedInk, warpedCoverage;
    cv::warpPerspective(ink, warpedInk, h, area.size(), cv::INTER_LINEAR, cv::BORDER_CONSTANT);
    cv::warpPerspective(coverage, warpedCoverage, h, area.size(), cv::INTER_LINEAR,
                        cv::BORDER_CONSTANT);
    cv::Mat inside = cv::Mat::zeros(area.size(), CV_8U);
    std::array<cv::Point, 4> corners;
    for (int k = 0; k < 4; ++k)
        corners[k] = Fixed(dstQuad[k] - cv::Point2f(area.tl()));
    cv::fillConvexPoly(inside, corners.data(), 4, cv::Scalar(255), cv::LINE_8, kShift);
    warpedCoverage.setTo(0, inside == 0);
    Blend(photo(area), warpedInk, warpedCoverage);
}

std::vector<std::string> WrapWords(const std::string& text, double scale, int thickness,
                                   int width) {
    std::istringstream words(text);
    std::vector<std::string> lines;
    std::string word, line;
    int baseline = 0;
    while (words >> word) {
        const std::string longer = line.empty() ? word : line + " " + word;
        if (!line.empty() &&
            cv::getTextSize(longer, kFont, scale, thickness, &baseline).width > width) {
            lines.push_back(line);
            line = word;
        } else {
            line = longer;
        }
    }
    if (!line.empty()) lines.push_back(line);
    return lines;
}

}  // namespace

OverlayCanvas::OverlayCanvas(int size, int cellPixels)
    : size_(size),
      cell_(cellPixels),
      bandTop_(size * cellPixels),
      ink_(cv::Mat::zeros(size * cellPixels, size * cellPixels, CV_8UC3)),
      coverage_(cv::Mat::zeros(size * cellPixels, size * cellPixels, CV_8U)) {
    if (size <= 0 || cellPixels <= 0) throw std::invalid_argument("empty overlay canvas");
}

void OverlayCanvas::paint(const cv::Rect& area, const cv::Mat& coverage, const cv::Scalar& colour,
                          double opacity) {
    for (int y = 0; y < area.height; ++y) {
        auto* ink = ink_.ptr<cv::Vec3b>(area.y + y) + area.x;
        auto* cov = coverage_.ptr<std::uint8_t>(area.y + y) + area.x;
        const auto* m = coverage.ptr<std::uint8_t>(y);
        for (int x = 0; x < area.width; ++x) {
            const double a = m[x] * opacity / 255.0;
            if (a <= 0) continue;
            for (int c = 0; c < 3; ++c)
                ink[x][c] = cv::saturate_cast<std::uint8_t>(ink[x][c] * (1 - a) + colour[c] * a);
            cov[x] = cv::saturate_cast<std::uint8_t>(cov[x] * (1 - a) + 255 * a);
        }
    }
}

void OverlayCanvas::fillRect(const cv::Rect& rect, const cv::Scalar& colour, double opacity) {
    const cv::Rect area = rect & cv::Rect(0, 0, ink_.cols, ink_.rows);
    if (area.empty()) return;
    paint(area, cv::Mat(area.size(), CV_8U, cv::Scalar(255)), colour, opacity);
}

void OverlayCanvas::text(const std::string& text, cv::Point2f centre, double height,
                         const cv::Scalar& colour, int thickness) {
    const double scale = FontScale(height, thickness);
    int baseline = 0;
    const cv::Size size = cv::getTextSize(text, kFont, scale, thickness, &baseline);
    const cv::Rect box(cvFloor(centre.x - size.width / 2.0) - thickness,
                       cvFloor(centre.y - size.height / 2.0) - thickness,
                       size.width + 2 * thickness + 2, size.height + baseline + 2 * thickness + 2);
    const cv::Rect area = box & cv::Rect(0, 0, ink_.cols, ink_.rows);
    if (area.empty()) return;
    cv::Mat coverage = cv::Mat::zeros(area.size(), CV_8U);
    const cv::Point origin(cvRound(centre.x - size.width / 2.0) - area.x,
                           cvRound(centre.y + height / 2.0) - area.y);
    cv::putText(coverage, text, origin, kFont, scale, cv::Scalar(255), thickness, cv::LINE_AA);
    paint(area, coverage, colour, 1.0);
}

void OverlayCanvas::circle(cv::Point2f centre, float radius, const cv::Scalar& colour,
                           int thickness, double opacity) {
    const int reach = cvCeil(radius) + std::max(thickness, 0) + 2;
    const cv::Rect area = cv::Rect(cvFloor(centre.x) - reach, cvFloor(centre.y) - reach,
                                   2 * reach + 1, 2 * reach + 1) &
                          cv::Rect(0, 0, ink_.cols, ink_.rows);
    if (area.empty()) return;
    cv::Mat coverage = cv::Mat::zeros(area.size(), CV_8U);
    cv::circle(coverage, Fixed(centre - cv::Point2f(area.tl())), cvRound(radius * kOne),
               cv::Scalar(255), thickness < 0 ? cv::FILLED : thickness, cv::LINE_AA, kShift);
    paint(area, coverage, colour, opacity);
}

void OverlayCanvas::line(cv::Point2f from, cv::Point2f to, const cv::Scalar& colour,
                         int thickness) {
    const cv::Rect area =
        (cv::boundingRect(std::vector<cv::Point2f>{from, to}) + cv::Size(1, 1) -
         cv::Point(thickness + 1, thickness + 1) + cv::Size(2 * thickness + 2, 2 * thickness + 2)) &
        cv::Rect(0, 0, ink_.cols, ink_.rows);
    if (area.empty()) return;
    cv::Mat coverage = cv::Mat::zeros(area.size(), CV_8U);
    const cv::Point2f offset(area.tl());
    cv::line(coverage, Fixed(from - offset), Fixed(to - offset), cv::Scalar(255), thickness,
             cv::LINE_AA, kShift);
    paint(area, coverage, colour, 1.0);
}

void OverlayCanvas::addBand(const std::string& text, const cv::Scalar& colour) {
    const int width = size_ * cell_;
    const double height = std::max(8.0, width / 40.0);
    const int thickness = std::max(1, cvRound(height / 9));
    const double scale = FontScale(height, thickness);
    const int margin = cvRound(height * 0.6);
    const auto lines = WrapWords(text, scale, thickness, width - 2 * margin);
    if (lines.empty()) return;
    const int lineHeight = cvRound(height * 1.8);
    const int gap = cvRound(height * 0.5);
    const int bandHeight = static_cast<int>(lines.size()) * lineHeight + 2 * margin - gap;
    bandTop_ = ink_.rows + gap;
    cv::copyMakeBorder(ink_, ink_, 0, gap + bandHeight, 0, 0, cv::BORDER_CONSTANT);
    cv::copyMakeBorder(coverage_, coverage_, 0, gap + bandHeight, 0, 0, cv::BORDER_CONSTANT);
    fillRect({0, bandTop_, width, bandHeight}, cv::Scalar(255, 255, 255), 0.92);
    const cv::Rect area(0, bandTop_, width, bandHeight);
    cv::Mat coverage = cv::Mat::zeros(area.size(), CV_8U);
    for (std::size_t k = 0; k < lines.size(); ++k) {
        const cv::Point origin(margin, margin + cvRound(height) + static_cast<int>(k) * lineHeight);
        cv::putText(coverage, lines[k], origin, kFont, scale, cv::Scalar(255), thickness,
                    cv::LINE_AA);
    }
    paint(area, coverage, colour, 1.0);
}

void OverlayCanvas::composite(cv::Mat& photo, const std::vector<cv::Point2f>& lattice) const {
    if (photo.type() != CV_8UC3)
        throw std::invalid_argument("the overlay needs an 8-bit BGR photo");
    if (static_cast<int>(lattice.size()) != (size_ + 1) * (size_ + 1))
        throw std::invalid_argument("the lattice does not match the overlay's size");
    compositeCells(photo, lattice);
    if (bandTop_ < ink_.rows) compositeBand(photo, lattice);
}

void OverlayCanvas::compositeCells(cv::Mat& photo, const std::vector<cv::Point2f>& lattice) const {
    const auto at = [&](int row, int col) { return lattice[row * (size_ + 1) + col]; };
    for (int row = 0; row < size_; ++row)
        for (int col = 0; col < size_; ++col) {
            const cv::Rect flat = cellRect(row, col);
            if (!cv::countNonZero(coverage_(flat))) continue;
            const auto x0 = static_cast<float>(flat.x), y0 = static_cast<float>(flat.y);
            const auto x1 = x0 + cell_, y1 = y0 + cell_;
            WarpBlend(photo, ink_, coverage_, {{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}},
                      {at(row, col), at(row, col + 1), at(row + 1, col + 1), at(row + 1, col)});
        }
}

void OverlayCanvas::compositeBand(cv::Mat& photo, const std::vector<cv::Point2f>& lattice) const {
    const auto side = static_cast<float>(size_ * cell_);
    const std::array<cv::Point2f, 4> board{{{0, 0}, {side, 0}, {side, side}, {0, side}}};
    const std::array<cv::Point2f, 4> corners{lattice[0], lattice[size_],
                                             lattice[(size_ + 1) * (size_ + 1) - 1],
                                             lattice[size_ * (size_ + 1)]};
    const auto top = static_cast<float>(bandTop_), bottom = static_cast<float>(ink_.rows);
    const std::array<cv::Point2f, 4> band{{{0, top}, {side, top}, {side, bottom}, {0, bottom}}};
    std::vector<cv::Point2f> mapped;
    cv::perspectiveTransform(std::vector<cv::Point2f>(band.begin(), band.end()), mapped,
                             cv::getPerspectiveTransform(board.data(), corners.data()));
    const cv::Rect frame(0, 0, photo.cols, photo.rows);
    const bool fits = cv::isContourConvex(mapped) &&
                      std::all_of(mapped.begin(), mapped.end(), [&](const cv::Point2f& p) {
                          return frame.contains(cv::Point(cvFloor(p.x), cvFloor(p.y)));
                      });
    if (fits) {
        WarpBlend(photo, ink_, coverage_, band, {mapped[0], mapped[1], mapped[2], mapped[3]});
        return;
    }
    // No room in the photo's perspective: a white strip below the photo, the band scaled to it.
    const cv::Rect flat(0, bandTop_, size_ * cell_, ink_.rows - bandTop_);
    const double scale = static_cast<double>(photo.cols) / flat.width;
    const cv::Size stripSize(photo.cols, std::max(1, cvRound(flat.height * scale)));
    cv::Mat ink, coverage;
    cv::resize(ink_(flat), ink, stripSize, 0, 0, cv::INTER_AREA);
    cv::resize(coverage_(flat), coverage, stripSize, 0, 0, cv::INTER_AREA);
    cv::Mat strip(stripSize, CV_8UC3, cv::Scalar::all(255));
    Blend(strip, ink, coverage);
    cv::vconcat(photo, strip, photo);
}

}  // namespace sudoku
