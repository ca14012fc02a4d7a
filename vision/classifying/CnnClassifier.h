#pragma once
// The default digit engine: a small CNN (models/digits.onnx, trained by models/train.py) run by
// OpenCV's dnn module, with its pooling and convolutions done by loops of our own (OwnLayers).
// Classes and preprocessing are documented in models/README.md.

#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/dnn.hpp>

#include "vision/classifying/CellClassifier.h"

namespace sudoku {

// Network input side, and the class layout of its output: 0 empty, 1..16 printed value 1..16
// (A..G are 10..16), 17..25 hand-written 1..9.
inline constexpr int kCnnInputPixels = 28;
inline constexpr int kCnnPrintedClasses = 16;
inline constexpr int kCnnClasses = 1 + kCnnPrintedClasses + 9;

// The contrast stretch never divides by fewer gray levels than this, so the faint texture of an
// empty cell stays faint instead of being stretched into strokes.
inline constexpr double kCnnLeastStretch = 48.0;

// The brightest and the darkest gray level of a kCellPixels-square 8-bit gray cell as
// PreprocessCell measures them: its inside (the lines' pixels cut off), resized to the network's
// input. `resized` gets that input before the stretch (CV_32F), when given. Unchecked: the
// caller passes a cell of a WarpedGrid (PreprocessCell checks its input).
struct CellRange {
    double paper = 0;
    double ink = 0;
    double levels() const { return paper - ink; }
};
CellRange MeasureCellRange(const cv::Mat& cell, cv::Mat* resized = nullptr);

// One kCellPixels-square 8-bit gray cell -> the network's kCnnInputPixels-square CV_32F input
// (ink 1, paper 0). Same arithmetic as models/cells.py preprocess(). Throws
// std::invalid_argument for a cell of another size or type.
cv::Mat PreprocessCell(const cv::Mat& cell);

// A preprocessed cell's digit strokes alone, moved so that their bounding box is in the middle:
// hand-writing often sits in a corner of its cell, and the network knows digits best centred.
// Empty when there are no digit-sized strokes or they are centred already. Throws
// std::invalid_argument for an input that is not kCnnInputPixels-square CV_32F.
cv::Mat CentredDigit(const cv::Mat& input);

class CnnClassifier final : public CellClassifier {
public:
    // Guesses kept per cell (fewer when the rest have no probability at all).
    static constexpr int kMaxGuesses = 3;

    // Loads the model once. An empty path means FindModelFile("digits.onnx")
    // (vision/classifying/ModelPath.h). Throws std::runtime_error with the path and the reason when
    // it cannot be loaded.
    explicit CnnClassifier(const std::filesystem::path& modelPath = {});

    std::string_view name() const override { return "cnn"; }

    // A cell the first network of a pair reads with at least this probability is not shown to
    // the second (models/ensemble.py).
    static constexpr float kSureEnough = 0.99f;

    // All cells of the grid in one batch, except those of plain paper, which are read empty with
    // certainty without asking the network. A model that pairs two networks answers with the
    // mean of their logits, but only where the first is unsure (below kSureEnough): elsewhere
    // the first network's answer stands. A hand-written digit still read below kSureEnough is
    // read again moved to the middle of its cell (CentredDigit), and the two logits averaged.
    // Digits above grid.size are never proposed. Throws std::invalid_argument when grid.gray is
    // not 8-bit gray of size*kCellPixels square.
    std::vector<CellReading> classify(const WarpedGrid& grid) const override;

    // The first network's reading alone (for a pair, half the work), not re-read centred.
    std::vector<CellReading> classifyQuickly(const WarpedGrid& grid) const override;

    // The model's outputs for preprocessed inputs (rows of kCnnInputPixels^2 floats): one row of
    // kCnnClasses logits per input (for a pair, the mean of both networks). For tests against
    // the PyTorch reference.
    cv::Mat logits(const cv::Mat& inputs) const;

    // True when the pair's second network was loaded on its own too ("<model>-second.onnx").
    bool hasSecondAlone() const { return !secondPath_.empty(); }

    // True when the model pairs two networks (it has a "first" output beside "logits").
    bool isPair() const { return !firstNetwork_.empty(); }

    const std::filesystem::path& modelPath() const { return path_; }

private:
    // The model's networks, loaded once per reading under way at the same time: a cv::dnn::Net
    // runs one forward at a time, and one copy shared by a batch's workers made them queue.
    struct Networks {
        cv::dnn::Net pair;
        // The pair's second network alone (models/second_alone.py), when its file is beside the
        // model: the pair computes both networks to give the second's logits, this only the
        // second.
        cv::dnn::Net second;
        // Another copy of the model for the few centred digits read again: a network keeps its
        // buffers sized for the last batch, and re-reading them on `pair` made it reallocate
        // the whole grid's buffers for the next photo.
        cv::dnn::Net again;
    };
    // A copy of the networks for one caller, handed back to the pool when it ends.
    class Lease;

    std::unique_ptr<Networks> loadNetworks() const;
    cv::Mat forward(cv::dnn::Net& net, const cv::Mat& inputs, const std::string& layer) const;
    // The pair's mean logits for `inputs`, whose first network's logits are `first` (row for row).
    cv::Mat pairMean(Networks& nets, const cv::Mat& inputs, const cv::Mat& first) const;
    // The cells that are not plain paper read by the first network of a pair (or the whole
    // model); unless `quickly`, corrected by the second network and the centred digits.
    std::vector<CellReading> read(const WarpedGrid& grid, bool quickly) const;
    // Replaces the rows of `out` (logits of the cells, `inputs` row for row) that the first network
    // is unsure of with the pair's mean.
    void askSecondNetwork(Networks& nets, const cv::Mat& inputs, int gridSize, cv::Mat& out) const;
    // Averages the logits of every unsure hand-written digit with those of the same digit moved
    // to the middle of its cell (CentredDigit). Measured on the held-out filled-in photos, also
    // scaled by 0.5 and 2.5 and re-saved: 116 of 128 grids exact before, 120 after; printed
    // photos unchanged (a digit read as printed, or empty, is not moved: that invented digits).
    void reReadOffCentreDigits(Networks& nets, const cv::Mat& inputs, int gridSize,
                               cv::Mat& out) const;

    std::filesystem::path path_, secondPath_;  // secondPath_ empty: no second network alone
    // Layer names to ask the network for: its "logits" output (empty: the last layer), and for a
    // pair the layer computing the first network's logits. OpenCV's dnn computes a layer from
    // the layers before it in the graph, and the first network's come first, so asking for it
    // costs one network, not two.
    std::string logitsLayer_, firstNetwork_;
    mutable std::mutex poolMutex_;
    mutable std::vector<std::unique_ptr<Networks>> idle_;  // loaded and not in use
};

}  // namespace sudoku
