#include "vision/reading/InkColour.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>
#include <vector>

#include "vision/grid/GrayLevels.h"

namespace sudoku {
namespace {

// Every other pixel of the cell's inside is looked up: plenty for a mean colour.
constexpr int kStep = 2;
// Below this span of gray (of 255) a cell holds no ink worth a colour.
constexpr int kLeastContrast = 25;
// Ink: darker than the paper by half the span to the darkest pixel; paper: within a tenth of it.
constexpr float kInkDepth = 0.5f;
constexpr float kPaperDepth = 0.1f;

// Measured on the 159 filled-in training photos (CIELAB chroma units): one newspaper's print and
// its pen are at least 12 apart when the pen is coloured at all; printed digits stray up to
// about 9 from their median (a shaded box, a reddish print), hand-written ones from theirs by
// more. A printed reading is relabelled only when its ink is further than kFarFromPrint from
// the print's and less than half as far from the pen's.
constexpr float kInksApart = 12.f;
constexpr float kFarFromPrint = 8.f;
// A cell read as printed this surely keeps its kind whatever its colour, and a grid without a
// printed reading short of it is not measured at all: decoding a JPEG again for its colour is
// the cost (a millisecond or two). Of the 30 printed readings the colour relabels on the 159
// filled-in training photos, 29 are below it.
constexpr float kSurelyPrint = 0.99f;

// An sRGB channel (0-255) made linear.
float Linear(float c) {
    c /= 255.f;
    return c <= 0.04045f ? c / 12.92f : std::pow((c + 0.055f) / 1.055f, 2.4f);
}

// CIELAB (a*, b*) of linear R, G, B.
InkChroma LabChromaOfLinear(float r, float g, float b) {
    const float x = (0.412453f * r + 0.357580f * g + 0.180423f * b) / 0.950456f;
    const float y = 0.212671f * r + 0.715160f * g + 0.072169f * b;
    const float z = (0.019334f * r + 0.119193f * g + 0.950227f * b) / 1.088754f;
    const auto f = [](float t) { return t > 0.008856f ? std::cbrt(t) : 7.787f * t + 16.f / 116.f; };
    return {500.f * (f(x) - f(y)), 200.f * (f(y) - f(z))};
}

}  // namespace

// Without the tables OpenCV builds on its first use of the conversion (tens of milliseconds).
InkChroma LabChroma(const cv::Vec3f& bgr) {
    return LabChromaOfLinear(Linear(bgr[2]), Linear(bgr[1]), Linear(bgr[0]));
}

InkChroma LabChroma(const cv::Vec3b& bgr) {
    static const std::array<float, 256> linear = [] {
        std::array<float, 256> table{};
        for (int c = 0; c < 256; ++c)
            table[c] = Linear(static_cast<float>(c));
        return table;
    }();
    return LabChromaOfLinear(linear[bgr[2]], linear[bgr[1]], linear[bgr[0]]);
}

namespace {

// The gray span of a cell's inside: its paper (the 80th percentile) and its darkest pixel.
std::pair<float, float> PaperAndDarkest(const cv::Mat& cell) {
    std::vector<std::uint8_t> light;
    light.reserve(cell.total());
    for (int y = 0; y < cell.rows; y += kStep)
        for (int x = 0; x < cell.cols; x += kStep)
            light.push_back(cell.at<std::uint8_t>(y, x));
    const std::uint8_t darkest = *std::min_element(light.begin(), light.end());
    auto paperAt = light.begin() + static_cast<std::ptrdiff_t>(light.size() * 8 / 10);
    std::nth_element(light.begin(), paperAt, light.end());
    return {float(*paperAt), float(darkest)};
}

std::optional<InkChroma> CellChroma(const WarpedGrid& grid, const GridLattice& lattice,
                                    const cv::Mat& colour, double colourScale, int row, int col) {
    const cv::Rect inside(col * kCellPixels + kColourMargin, row * kCellPixels + kColourMargin,
                          kCellPixels - 2 * kColourMargin, kCellPixels - 2 * kColourMargin);
    const cv::Mat cell = grid.gray(inside);
    const auto [paper, darkest] = PaperAndDarkest(cell);
    const float span = paper - darkest;
    if (span < kLeastContrast) return std::nullopt;
    cv::Vec3f ink{}, plain{};
    int inks = 0, plains = 0;
    for (int y = 0; y < cell.rows; y += kStep)
        for (int x = 0; x < cell.cols; x += kStep) {
            const float g = cell.at<std::uint8_t>(y, x);
            const bool isInk = g < paper - kInkDepth * span;
            if (!isInk && g < paper - kPaperDepth * span) continue;
            const cv::Vec3f bgr = ColourInCell(colour, colourScale, lattice, row, col,
                                               (kColourMargin + x + 0.5f) / kCellPixels,
                                               (kColourMargin + y + 0.5f) / kCellPixels);
            (isInk ? ink : plain) += bgr;
            ++(isInk ? inks : plains);
        }
    if (!inks || !plains) return std::nullopt;
    return InkChroma(LabChroma(ink / inks) - LabChroma(plain / plains));
}

// The per-channel median colour of the confident digits of one kind; nullopt with too few.
std::optional<InkChroma> KindColour(const std::vector<CellReading>& cells,
                                    std::span<const std::optional<InkChroma>> chroma,
                                    bool handwritten) {
    std::vector<InkChroma> inks;
    for (std::size_t i = 0; i < cells.size(); ++i) {
        const CellGuess& best = cells[i].best();
        if (!best.digit || best.handwritten != handwritten || best.probability < kConfidentGuess ||
            !chroma[i])
            continue;
        inks.push_back(*chroma[i]);
    }
    if (inks.size() < kMinConfidentOfEachKind) return std::nullopt;
    return MedianChroma(inks);
}

// Whether the cell is read as printed but not surely: only such a cell is relabelled.
bool MayBePen(const CellReading& cell) {
    const CellGuess& best = cell.best();
    return best.digit && !best.handwritten && best.probability < kSurelyPrint;
}

}  // namespace

cv::Vec3b ColourInCell(const cv::Mat& colour, double colourScale, const GridLattice& lattice,
                       int row, int col, float u, float v) {
    const cv::Point2f at = lattice.inCell(row, col, u, v) * colourScale;
    const int x = std::clamp(cvRound(at.x), 0, colour.cols - 1);
    const int y = std::clamp(cvRound(at.y), 0, colour.rows - 1);
    return colour.at<cv::Vec3b>(y, x);
}

std::vector<std::optional<InkChroma>> MeasureInkChroma(const WarpedGrid& grid,
                                                       const GridLattice& lattice,
                                                       const cv::Mat& colour, double colourScale) {
    CV_Assert(colour.type() == CV_8UC3 && lattice.size == grid.size);
    std::vector<std::optional<InkChroma>> chroma(static_cast<std::size_t>(grid.size * grid.size));
    for (int r = 0; r < grid.size; ++r)
        for (int c = 0; c < grid.size; ++c)
            chroma[static_cast<std::size_t>(r * grid.size + c)] =
                CellChroma(grid, lattice, colour, colourScale, r, c);
    return chroma;
}

bool MayTellPenFromPrint(const std::vector<CellReading>& cells) {
    const ConfidentDigits counts = CountConfidentDigits(cells);
    return counts.printed >= kMinConfidentOfEachKind &&
           counts.handwritten >= kMinConfidentOfEachKind &&
           std::any_of(cells.begin(), cells.end(), MayBePen);
}

namespace {

// The print's and the pen's colours of a grid where they are clearly apart.
struct Inks {
    InkChroma print;
    InkChroma pen;
};

std::optional<Inks> DistinctInks(const std::vector<CellReading>& cells,
                                 std::span<const std::optional<InkChroma>> chroma) {
    if (chroma.size() != cells.size()) return std::nullopt;
    const std::optional<InkChroma> print = KindColour(cells, chroma, false);
    const std::optional<InkChroma> pen = KindColour(cells, chroma, true);
    if (!print || !pen || cv::norm(*print - *pen) < kInksApart) return std::nullopt;
    return Inks{*print, *pen};
}

}  // namespace

InkChroma MedianChroma(std::span<const InkChroma> inks) {
    std::vector<double> a, b;
    a.reserve(inks.size());
    b.reserve(inks.size());
    for (const InkChroma& ink : inks) {
        a.push_back(ink[0]);
        b.push_back(ink[1]);
    }
    return {static_cast<float>(Median(std::move(a))), static_cast<float>(Median(std::move(b)))};
}

std::optional<InkChroma> DistinctPenColour(const std::vector<CellReading>& cells,
                                           std::span<const std::optional<InkChroma>> chroma) {
    const std::optional<Inks> inks = DistinctInks(cells, chroma);
    if (!inks) return std::nullopt;
    return inks->pen;
}

int TellPenFromPrint(std::vector<CellReading>& cells,
                     std::span<const std::optional<InkChroma>> chroma) {
    const std::optional<Inks> inks = DistinctInks(cells, chroma);
    if (!inks) return 0;
    int relabelled = 0;
    for (std::size_t i = 0; i < cells.size(); ++i) {
        if (!MayBePen(cells[i]) || !chroma[i]) continue;
        const double fromPrint = cv::norm(*chroma[i] - inks->print);
        const double fromPen = cv::norm(*chroma[i] - inks->pen);
        if (fromPrint > kFarFromPrint && 2 * fromPen < fromPrint) {
            RelabelKind(cells[i], true);
            ++relabelled;
        }
    }
    return relabelled;
}

}  // namespace sudoku
