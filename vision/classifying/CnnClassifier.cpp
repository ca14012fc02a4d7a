#include "vision/classifying/CnnClassifier.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include <opencv2/imgproc.hpp>

#include "vision/classifying/ModelPath.h"
#include "vision/classifying/OwnLayers.h"

namespace sudoku {
namespace {

// Pixels cut from each side of a cell before resizing: they hold mostly grid line.
constexpr int kInset = 2;

void CheckGrid(const WarpedGrid& grid) {
    const int side = grid.size * kCellPixels;
    if (grid.size < 1 || grid.gray.type() != CV_8UC1 || grid.gray.rows != side ||
        grid.gray.cols != side)
        throw std::invalid_argument("CnnClassifier: the warped grid must be 8-bit gray, " +
                                    std::to_string(side) + " pixels square");
}

CellGuess GuessOf(int cls, float probability) {
    if (cls == 0) return {0, false, probability};
    if (cls <= kCnnPrintedClasses) return {cls, false, probability};
    return {cls - kCnnPrintedClasses, true, probability};
}

// Softmax over the classes whose digit fits the grid, best first.
CellReading ReadingOf(const float* logits, int gridSize) {
    std::vector<int> allowed;
    for (int cls = 0; cls < kCnnClasses; ++cls)
        if (GuessOf(cls, 0.f).digit <= gridSize) allowed.push_back(cls);
    float top = -std::numeric_limits<float>::infinity();
    for (int cls : allowed)
        top = std::max(top, logits[cls]);
    std::vector<double> p(kCnnClasses, 0.0);
    double sum = 0;
    for (int cls : allowed)
        sum += p[cls] = std::exp(double(logits[cls]) - top);
    std::stable_sort(allowed.begin(), allowed.end(), [&](int a, int b) { return p[a] > p[b]; });
    CellReading reading;
    for (int cls : allowed) {
        if (int(reading.guesses.size()) == CnnClassifier::kMaxGuesses) break;
        const float prob = float(p[cls] / sum);
        if (!reading.guesses.empty() && prob <= 0.f) break;
        reading.guesses.push_back(GuessOf(cls, prob));
    }
    const bool emptyListed = std::any_of(reading.guesses.begin(), reading.guesses.end(),
                                         [](const CellGuess& g) { return g.digit == 0; });
    if (!emptyListed) reading.unlistedEmpty = float(p[0] / sum);
    return reading;
}

// Gray levels spanned by the middle of a cell, away from the grid lines, smoothed so that single
// noisy pixels do not count.
double CentreRange(const cv::Mat& cell) {
    const int m = cell.cols / 5;
    cv::Mat small;
    cv::resize(cell(cv::Rect(m, m, cell.cols - 2 * m, cell.rows - 2 * m)), small, {12, 12}, 0, 0,
               cv::INTER_AREA);
    double lo = 0, hi = 0;
    cv::minMaxLoc(small, &lo, &hi);
    return hi - lo;
}

// Cells of plain paper, which the network need not be asked about: their middle spans under
// 0.15 of the gray levels of the grid's inkier cells (the 90th percentile), whatever the light.
// Measured on all 320 training photos with the width-16 model: skipping below 0.1 or 0.15 of it
// leaves every figure of `sudokucam eval` as it was; from 0.2 faint hand-written digits are
// lost. A printed grid is mostly empty cells: at 0.1 the held-out printed photos sent 64 cells
// each to the network (29 hold a digit), at 0.15 43, and their median read fell from 16.1 to
// 13.2 ms. Up to, not under: a grid of plain paper but for a few cells (a second look at them,
// vision/reading/MistakeCheck) has a 90th percentile of 0, and its paper is still skipped.
std::vector<bool> BlankCells(const WarpedGrid& grid) {
    constexpr double kBlankShare = 0.15;
    std::vector<double> ranges;
    for (int r = 0; r < grid.size; ++r)
        for (int c = 0; c < grid.size; ++c)
            ranges.push_back(CentreRange(grid.gray(grid.cellRect(r, c))));
    std::vector<double> sorted = ranges;
    const auto p90 = sorted.begin() + static_cast<long>(sorted.size() * 9 / 10);
    std::nth_element(sorted.begin(), p90, sorted.end());
    std::vector<bool> blank;
    for (double range : ranges)
        blank.push_back(range <= kBlankShare * *p90);
    return blank;
}

// CentredDigit: ink above kStrokeInk is a stroke. A part of it as long as most of the input, or
// thin along a border, is a grid line's remains; a few pixels are noise. A digit is at least
// kMinDigitHeight tall; one within kCentredEnough pixels of the middle is left as it is.
constexpr float kStrokeInk = 0.35f;
constexpr int kLineLength = kCnnInputPixels * 6 / 7, kLineWidth = 3, kMinStrokeArea = 4;
constexpr int kMinDigitHeight = 6;
constexpr double kCentredEnough = 2.5;

bool IsDigitStroke(const cv::Rect& part, int area, const cv::Size& input) {
    const bool onBorder =
        part.x == 0 || part.y == 0 || part.br().x == input.width || part.br().y == input.height;
    if (std::max(part.width, part.height) >= kLineLength) return false;
    if (onBorder && std::min(part.width, part.height) <= kLineWidth) return false;
    return area >= kMinStrokeArea;
}

}  // namespace

CellRange MeasureCellRange(const cv::Mat& cell, cv::Mat* resized) {
    const cv::Rect inner(kInset, kInset, kCellPixels - 2 * kInset, kCellPixels - 2 * kInset);
    cv::Mat small, f;
    cv::resize(cell(inner), small, {kCnnInputPixels, kCnnInputPixels}, 0, 0, cv::INTER_AREA);
    small.convertTo(f, CV_32F);
    CellRange range;
    cv::minMaxLoc(f, &range.ink, &range.paper);
    if (resized) *resized = f;
    return range;
}

cv::Mat PreprocessCell(const cv::Mat& cell) {
    if (cell.type() != CV_8UC1 || cell.rows != kCellPixels || cell.cols != kCellPixels)
        throw std::invalid_argument("PreprocessCell: a cell must be 8-bit gray, " +
                                    std::to_string(kCellPixels) + " pixels square");
    cv::Mat f;
    const CellRange range = MeasureCellRange(cell, &f);
    const double scale = 1.0 / std::max(range.levels(), kCnnLeastStretch);
    cv::Mat ink = (float(range.paper) - f) * float(scale);  // paper 0, ink up to 1
    cv::threshold(ink, ink, 1.0, 1.0, cv::THRESH_TRUNC);
    cv::threshold(ink, ink, 0.0, 0.0, cv::THRESH_TOZERO);
    return ink;
}

cv::Mat CentredDigit(const cv::Mat& input) {
    if (input.type() != CV_32FC1 || input.rows != kCnnInputPixels || input.cols != kCnnInputPixels)
        throw std::invalid_argument("CentredDigit: a preprocessed cell must be " +
                                    std::to_string(kCnnInputPixels) + " floats square");
    const cv::Mat strokes = input > kStrokeInk;
    cv::Mat labels, stats, centroids;
    const int parts = cv::connectedComponentsWithStats(strokes, labels, stats, centroids, 8);
    cv::Rect box;
    cv::Mat mask = cv::Mat::zeros(input.size(), CV_8U);
    for (int i = 1; i < parts; ++i) {
        const cv::Rect part(stats.at<int>(i, cv::CC_STAT_LEFT), stats.at<int>(i, cv::CC_STAT_TOP),
                            stats.at<int>(i, cv::CC_STAT_WIDTH),
                            stats.at<int>(i, cv::CC_STAT_HEIGHT));
        if (!IsDigitStroke(part, stats.at<int>(i, cv::CC_STAT_AREA), input.size())) continue;
        box = box.empty() ? part : (box | part);
        mask.setTo(255, labels == i);
    }
    if (box.height < kMinDigitHeight) return {};
    const cv::Point2d middle(input.cols / 2.0, input.rows / 2.0);
    const cv::Point2d shift = middle - (cv::Point2d(box.tl()) + cv::Point2d(box.br())) * 0.5;
    if (cv::norm(shift) < kCentredEnough) return {};
    // The strokes alone (a pixel grown, for their anti-aliased edges), without the remains of grid
    // lines or a neighbour's ink, which would move with them.
    cv::dilate(mask, mask, cv::Mat());
    cv::Mat digit = cv::Mat::zeros(input.size(), CV_32F), centred;
    input.copyTo(digit, mask);
    const cv::Mat move = (cv::Mat_<double>(2, 3) << 1, 0, shift.x, 0, 1, shift.y);
    cv::warpAffine(digit, centred, move, input.size(), cv::INTER_LINEAR, cv::BORDER_CONSTANT, 0);
    return centred;
}

class CnnClassifier::Lease {
public:
    explicit Lease(const CnnClassifier& owner) : owner_(owner) {
        {
            std::lock_guard lock(owner_.poolMutex_);
            if (!owner_.idle_.empty()) {
                nets_ = std::move(owner_.idle_.back());
                owner_.idle_.pop_back();
            }
        }
        if (!nets_) nets_ = owner_.loadNetworks();
    }
    ~Lease() {
        std::lock_guard lock(owner_.poolMutex_);
        owner_.idle_.push_back(std::move(nets_));
    }
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    Networks& nets() { return *nets_; }

private:
    const CnnClassifier& owner_;
    std::unique_ptr<Networks> nets_;
};

namespace {

cv::dnn::Net LoadNet(const std::filesystem::path& path) {
    cv::dnn::Net net;
    try {
        net = ReadNetWithOwnLayers(path);
    } catch (const cv::Exception& e) {
        throw std::runtime_error("cannot load the digit model " + path.string() + ": " + e.what());
    }
    if (net.empty())
        throw std::runtime_error("cannot load the digit model " + path.string() + ": empty");
    net.setPreferableBackend(cv::dnn::DNN_BACKEND_OPENCV);
    net.setPreferableTarget(cv::dnn::DNN_TARGET_CPU);
    return net;
}

}  // namespace

CnnClassifier::CnnClassifier(const std::filesystem::path& modelPath)
    : path_(modelPath.empty() ? FindModelFile("digits.onnx") : modelPath) {
    auto nets = std::make_unique<Networks>();
    nets->pair = LoadNet(path_);
    nets->again = LoadNet(path_);
    cv::dnn::Net& net = nets->pair;
    if (net.getLayerId("logits") >= 0) logitsLayer_ = "logits";
    if (const int first = net.getLayerId("first"); first >= 0) {
        const auto sources = net.getLayerInputs(first);
        if (sources.empty() || !sources.front())
            throw std::runtime_error("the digit model " + path_.string() +
                                     ": its \"first\" output has no source layer");
        firstNetwork_ = sources.front()->name;
        const std::filesystem::path second =
            path_.parent_path() / (path_.stem().string() + "-second.onnx");
        std::error_code ec;
        if (std::filesystem::is_regular_file(second, ec)) {
            secondPath_ = second;
            nets->second = LoadNet(secondPath_);
        }
    }
    idle_.push_back(std::move(nets));
}

std::unique_ptr<CnnClassifier::Networks> CnnClassifier::loadNetworks() const {
    auto nets = std::make_unique<Networks>();
    nets->pair = LoadNet(path_);
    nets->again = LoadNet(path_);
    if (hasSecondAlone()) nets->second = LoadNet(secondPath_);
    return nets;
}

cv::Mat CnnClassifier::logits(const cv::Mat& inputs) const {
    Lease lease(*this);
    return forward(lease.nets().pair, inputs, logitsLayer_);
}

cv::Mat CnnClassifier::forward(cv::dnn::Net& net, const cv::Mat& inputs,
                               const std::string& layer) const {
    const int pixels = kCnnInputPixels * kCnnInputPixels;
    if (inputs.type() != CV_32FC1 || inputs.cols != pixels || inputs.rows < 1)
        throw std::invalid_argument("CnnClassifier: rows of " + std::to_string(pixels) +
                                    " floats expected");
    const int dims[] = {inputs.rows, 1, kCnnInputPixels, kCnnInputPixels};
    cv::Mat blob(4, dims, CV_32F);
    inputs.reshape(1, 1).copyTo(cv::Mat(1, inputs.rows * pixels, CV_32F, blob.ptr<float>()));
    net.setInput(blob);
    cv::Mat out = net.forward(layer);
    if (out.total() != size_t(inputs.rows) * kCnnClasses)
        throw std::runtime_error("the digit model " + path_.string() + " does not output " +
                                 std::to_string(kCnnClasses) + " classes per cell");
    return out.reshape(1, inputs.rows).clone();
}

void CnnClassifier::askSecondNetwork(Networks& nets, const cv::Mat& inputs, int gridSize,
                                     cv::Mat& out) const {
    std::vector<int> unsure;
    cv::Mat second(0, inputs.cols, CV_32F);
    for (int k = 0; k < inputs.rows; ++k) {
        if (ReadingOf(out.ptr<float>(k), gridSize).best().probability >= kSureEnough) continue;
        unsure.push_back(k);
        second.push_back(inputs.row(k));
    }
    if (unsure.empty()) return;
    cv::Mat first(0, out.cols, CV_32F);
    for (int k : unsure)
        first.push_back(out.row(k));
    const cv::Mat mean = pairMean(nets, second, first);
    for (std::size_t j = 0; j < unsure.size(); ++j)
        mean.row(static_cast<int>(j)).copyTo(out.row(unsure[j]));
}

cv::Mat CnnClassifier::pairMean(Networks& nets, const cv::Mat& inputs, const cv::Mat& first) const {
    if (!hasSecondAlone()) return forward(nets.pair, inputs, logitsLayer_);
    // As the pair's graph computes its "logits" output: (first + second) * 0.5.
    const cv::Mat sum = first + forward(nets.second, inputs, "second");
    return sum * 0.5f;
}

void CnnClassifier::reReadOffCentreDigits(Networks& nets, const cv::Mat& inputs, int gridSize,
                                          cv::Mat& out) const {
    std::vector<int> offCentre;
    cv::Mat centred(0, inputs.cols, CV_32F);
    for (int k = 0; k < inputs.rows; ++k) {
        const CellGuess best = ReadingOf(out.ptr<float>(k), gridSize).best();
        if (!best.digit || !best.handwritten || best.probability >= kSureEnough) continue;
        const cv::Mat digit = CentredDigit(inputs.row(k).reshape(1, kCnnInputPixels));
        if (digit.empty()) continue;
        offCentre.push_back(k);
        centred.push_back(digit.reshape(1, 1));
    }
    if (offCentre.empty()) return;
    const cv::Mat again = forward(nets.again, centred, logitsLayer_);
    for (std::size_t j = 0; j < offCentre.size(); ++j) {
        cv::Mat row = out.row(offCentre[j]);
        row = (row + again.row(static_cast<int>(j))) * 0.5;
    }
}

std::vector<CellReading> CnnClassifier::read(const WarpedGrid& grid, bool quickly) const {
    CheckGrid(grid);
    const int cells = grid.size * grid.size;
    const std::vector<bool> blank = BlankCells(grid);
    std::vector<CellReading> readings(cells, CellReading{{{0, false, 1.f}}});
    std::vector<int> asked;
    cv::Mat inputs(0, kCnnInputPixels * kCnnInputPixels, CV_32F);
    for (int i = 0; i < cells; ++i) {
        if (blank[i]) continue;
        asked.push_back(i);
        inputs.push_back(
            PreprocessCell(grid.gray(grid.cellRect(i / grid.size, i % grid.size))).reshape(1, 1));
    }
    if (asked.empty()) return readings;
    Lease lease(*this);
    Networks& nets = lease.nets();
    cv::Mat out = forward(nets.pair, inputs, isPair() ? firstNetwork_ : logitsLayer_);
    if (!quickly) {
        if (isPair()) askSecondNetwork(nets, inputs, grid.size, out);
        reReadOffCentreDigits(nets, inputs, grid.size, out);
    }
    for (std::size_t k = 0; k < asked.size(); ++k)
        readings[asked[k]] = ReadingOf(out.ptr<float>(static_cast<int>(k)), grid.size);
    return readings;
}

std::vector<CellReading> CnnClassifier::classify(const WarpedGrid& grid) const {
    return read(grid, false);
}

std::vector<CellReading> CnnClassifier::classifyQuickly(const WarpedGrid& grid) const {
    return read(grid, true);
}

}  // namespace sudoku
