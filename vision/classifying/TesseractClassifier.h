#pragma once
// The second digit engine: Tesseract's LSTM recogniser, one character per cell. Slower and less
// accurate than the CNN, but needs no trained model of ours. Never reports hand-writing.

#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include <opencv2/core.hpp>

#include "vision/classifying/CellClassifier.h"

namespace tesseract {
class TessBaseAPI;
}

namespace sudoku {

// The ink of one cell, cleaned for OCR: dark glyph on white, cropped to the glyph and padded.
// Empty (no pixels) when the cell holds no glyph-sized ink: Tesseract has no 'empty' answer, so
// the emptiness test comes first. Throws std::invalid_argument for a cell that is not 8-bit gray.
cv::Mat CleanCellForOcr(const cv::Mat& cell);

class TesseractClassifier final : public CellClassifier {
public:
    // Initialises Tesseract once with `language` data from `dataPath` (empty: Tesseract's
    // default tessdata folder). Throws std::runtime_error when the data cannot be loaded.
    explicit TesseractClassifier(const std::string& dataPath = {},
                                 const std::string& language = "eng");
    ~TesseractClassifier() override;
    TesseractClassifier(const TesseractClassifier&) = delete;
    TesseractClassifier& operator=(const TesseractClassifier&) = delete;

    std::string_view name() const override { return "tesseract"; }

    // One cell at a time (single-character mode). Digits 1-9, and A-G as 10-16 for larger
    // grids. A cell Tesseract cannot read gets the empty guess with a low probability.
    std::vector<CellReading> classify(const WarpedGrid& grid) const override;

    // Reads one cleaned cell (CleanCellForOcr output): the digit and a confidence in [0, 1], or
    // digit 0 when Tesseract's answer is not a single allowed character.
    CellGuess readCharacter(const cv::Mat& cleaned, int gridSize) const;

private:
    std::unique_ptr<tesseract::TessBaseAPI> api_;
    mutable std::mutex mutex_;  // TessBaseAPI keeps per-image state
    mutable int whitelistSize_ = 0;
};

}  // namespace sudoku
