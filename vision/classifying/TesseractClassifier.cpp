#include "vision/classifying/TesseractClassifier.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include <tesseract/baseapi.h>
#include <opencv2/imgproc.hpp>

#include "solver/Geometry.h"

namespace sudoku {
namespace {

// Pixels cut from each side of the 40-px cell: grid lines and detection error live there.
constexpr int kInset = 4;
// A glyph is at least this tall (in 40-px cell pixels); smaller ink is dirt or a line stub.
constexpr int kMinGlyphHeight = 12;
constexpr int kMinGlyphArea = 20;
// Ink must be this many gray levels darker than the paper to count at all.
constexpr double kMinContrast = 40.0;
// Tesseract reads best with text some 30 px tall and a white margin around it.
constexpr int kOcrHeight = 32;
constexpr int kOcrPadding = 16;

// The ink mask of the cell's centre (255 = ink): Otsu, but only when the cell has contrast.
cv::Mat InkMask(const cv::Mat& inner) {
    double lo = 0, hi = 0;
    cv::Mat smooth;
    cv::GaussianBlur(inner, smooth, {3, 3}, 0);
    cv::minMaxLoc(smooth, &lo, &hi);
    cv::Mat mask(inner.size(), CV_8U, cv::Scalar(0));
    if (hi - lo < kMinContrast) return mask;
    const double otsu =
        cv::threshold(smooth, mask, 0, 255, cv::THRESH_BINARY_INV | cv::THRESH_OTSU);
    // Otsu splits blurred strokes wide, into blobs Tesseract does not read: keep only the darker
    // part of the ink (35% of the way from the darkest pixel to the paper; tuned on training
    // photos: 275 -> 311 of 468 printed digits right).
    cv::threshold(smooth, mask, std::min(otsu, lo + 0.35 * (hi - lo)), 255, cv::THRESH_BINARY_INV);
    return mask;
}

}  // namespace

cv::Mat CleanCellForOcr(const cv::Mat& cell) {
    if (cell.type() != CV_8UC1 || cell.rows <= 2 * kInset || cell.cols <= 2 * kInset)
        throw std::invalid_argument("CleanCellForOcr: an 8-bit gray cell expected");
    const cv::Rect inner(kInset, kInset, cell.cols - 2 * kInset, cell.rows - 2 * kInset);
    const cv::Mat mask = InkMask(cell(inner));
    cv::Mat labels, stats, centroids;
    const int n = cv::connectedComponentsWithStats(mask, labels, stats, centroids, 8);
    // Keep the components of glyph size whose centre is in the middle half of the cell: line
    // stubs hug the border, a digit sits in the middle.
    cv::Mat glyph(mask.size(), CV_8U, cv::Scalar(0));
    cv::Rect box;
    const cv::Rect2d middle(mask.cols * 0.2, mask.rows * 0.2, mask.cols * 0.6, mask.rows * 0.6);
    for (int i = 1; i < n; ++i) {
        const cv::Rect r(stats.at<int>(i, cv::CC_STAT_LEFT), stats.at<int>(i, cv::CC_STAT_TOP),
                         stats.at<int>(i, cv::CC_STAT_WIDTH), stats.at<int>(i, cv::CC_STAT_HEIGHT));
        const cv::Point2d c(centroids.at<double>(i, 0), centroids.at<double>(i, 1));
        const bool big = r.height >= kMinGlyphHeight / 2 && stats.at<int>(i, cv::CC_STAT_AREA) >= 6;
        if (!big || !middle.contains(c)) continue;
        glyph.setTo(255, labels == i);
        box = box.empty() ? r : (box | r);
    }
    if (box.height < kMinGlyphHeight || cv::countNonZero(glyph) < kMinGlyphArea) return {};
    const double scale = double(kOcrHeight) / box.height;
    const int width = std::max(1, int(box.width * scale + 0.5));
    cv::Mat scaled;
    cv::resize(glyph(box), scaled, {width, kOcrHeight}, 0, 0, cv::INTER_LINEAR);
    cv::Mat out(kOcrHeight + 2 * kOcrPadding, width + 2 * kOcrPadding, CV_8U, cv::Scalar(255));
    cv::Mat dark;
    cv::threshold(scaled, dark, 127, 255, cv::THRESH_BINARY_INV);  // black glyph on white
    dark.copyTo(out(cv::Rect(kOcrPadding, kOcrPadding, width, kOcrHeight)));
    return out;
}

TesseractClassifier::TesseractClassifier(const std::string& dataPath, const std::string& language)
    : api_(std::make_unique<tesseract::TessBaseAPI>()) {
    if (api_->Init(dataPath.empty() ? nullptr : dataPath.c_str(), language.c_str(),
                   tesseract::OEM_LSTM_ONLY) != 0)
        throw std::runtime_error("cannot initialise Tesseract with language '" + language +
                                 "' (is tesseract-ocr-" + language + " installed?)");
    api_->SetPageSegMode(tesseract::PSM_SINGLE_CHAR);
    api_->SetVariable("debug_file", "/dev/null");  // no "Empty page!!" chatter on stderr
}

TesseractClassifier::~TesseractClassifier() {
    if (api_) api_->End();
}

CellGuess TesseractClassifier::readCharacter(const cv::Mat& cleaned, int gridSize) const {
    if (cleaned.type() != CV_8UC1 || cleaned.empty()) return {0, false, 0.f};
    std::lock_guard lock(mutex_);
    const int allowed = std::clamp(gridSize, 1, 16);
    if (whitelistSize_ != allowed) {
        std::string whitelist;
        for (int d = 1; d <= allowed; ++d)
            whitelist += Geometry::DigitChar(d);
        api_->SetVariable("tessedit_char_whitelist", whitelist.c_str());
        whitelistSize_ = allowed;
    }
    api_->SetImage(cleaned.data, cleaned.cols, cleaned.rows, 1, int(cleaned.step));
    api_->SetSourceResolution(300);
    std::unique_ptr<char[]> text(api_->GetUTF8Text());
    const float confidence = std::clamp(api_->MeanTextConf() / 100.f, 0.f, 1.f);
    std::string s = text ? text.get() : "";
    s.erase(std::remove_if(s.begin(), s.end(), [](char ch) { return ch == ' ' || ch == '\n'; }),
            s.end());
    // Single-character mode sometimes returns two characters or none: only one is an answer.
    if (s.size() != 1) return {0, false, 0.f};
    const int digit = Geometry::DigitFromChar(s[0]);
    if (digit < 1 || digit > allowed) return {0, false, 0.f};
    return {digit, false, confidence};
}

std::vector<CellReading> TesseractClassifier::classify(const WarpedGrid& grid) const {
    const int side = grid.size * kCellPixels;
    if (grid.size < 1 || grid.gray.type() != CV_8UC1 || grid.gray.rows != side ||
        grid.gray.cols != side)
        throw std::invalid_argument("TesseractClassifier: the warped grid must be 8-bit gray, " +
                                    std::to_string(side) + " pixels square");
    std::vector<CellReading> readings;
    readings.reserve(grid.size * grid.size);
    for (int r = 0; r < grid.size; ++r) {
        for (int c = 0; c < grid.size; ++c) {
            const cv::Mat cleaned = CleanCellForOcr(grid.gray(grid.cellRect(r, c)));
            CellReading reading;
            if (cleaned.empty()) {
                reading.guesses.push_back({0, false, 0.95f});
            } else {
                const CellGuess g = readCharacter(cleaned, grid.size);
                // Ink that Tesseract cannot read is more likely a digit than nothing.
                if (g.digit == 0)
                    reading.guesses.push_back({0, false, 0.3f});
                else
                    reading.guesses.push_back(g);
            }
            readings.push_back(std::move(reading));
        }
    }
    return readings;
}

}  // namespace sudoku
