#pragma once
// The default digit engine: a small CNN (models/digits.onnx, trained by models/train.py) run by
// OpenCV's dnn module. Classes and preprocessing are documented in models/README.md.

#include <filesystem>
#include <mutex>
#include <string_view>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/dnn.hpp>

#include "vision/CellClassifier.h"

namespace sudoku {

// Network input side, and the class layout of its output: 0 empty, 1..16 printed value 1..16
// (A..G are 10..16), 17..25 hand-written 1..9.
inline constexpr int kCnnInputPixels = 28;
inline constexpr int kCnnPrintedClasses = 16;
inline constexpr int kCnnClasses = 1 + kCnnPrintedClasses + 9;

// One kCellPixels-square 8-bit gray cell -> the network's kCnnInputPixels-square CV_32F input
// (ink 1, paper 0). Same arithmetic as models/cells.py preprocess(). Throws
// std::invalid_argument for a cell of another size or type.
cv::Mat PreprocessCell(const cv::Mat& cell);

class CnnClassifier final : public CellClassifier {
public:
    // Guesses kept per cell (fewer when the rest have no probability at all).
    static constexpr int kMaxGuesses = 3;

    // Loads the model once. An empty path means FindModelFile("digits.onnx") (vision/ModelPath.h).
    // Throws std::runtime_error with the path and the reason when it cannot be loaded.
    explicit CnnClassifier(const std::filesystem::path& modelPath = {});

    std::string_view name() const override { return "cnn"; }

    // All cells of the grid in one batch, except those of plain paper, which are read empty with
    // certainty without asking the network. Digits above grid.size are never proposed. Throws
    // std::invalid_argument when grid.gray is not 8-bit gray of size*kCellPixels square.
    std::vector<CellReading> classify(const WarpedGrid& grid) const override;

    // The raw network outputs for preprocessed inputs (rows of kCnnInputPixels^2 floats): one
    // row of kCnnClasses logits per input. For tests against the PyTorch reference.
    cv::Mat logits(const cv::Mat& inputs) const;

    const std::filesystem::path& modelPath() const { return path_; }

private:
    std::filesystem::path path_;
    mutable cv::dnn::Net net_;  // forward() is not const
    mutable std::mutex mutex_;  // and not re-entrant: one forward at a time
};

}  // namespace sudoku
