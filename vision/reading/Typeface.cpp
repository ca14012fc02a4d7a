#include "vision/reading/Typeface.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>

#include <opencv2/imgproc.hpp>

namespace sudoku {
namespace {

// The border of a cell left out of the glyph searched for, and so the farthest shift tried: a
// digit sits this far off its cell's middle, and the grid lines run there.
constexpr int kShiftPixels = kCellPixels * 15 / 100;
// A grid with fewer confident hand-written digits has no pen worth telling from print.
constexpr int kMinConfidentHandwritten = 2;

// The digit a cell is read as, 0 for paper or a digit the grid cannot hold.
int DigitRead(const CellReading& cell, int size) {
    const int digit = cell.best().digit;
    return digit > 0 && digit <= size ? digit : 0;
}

bool ReadAsPrinted(const CellReading& cell, int size) {
    return DigitRead(cell, size) && !cell.best().handwritten;
}

// Read as hand-written, but not surely: a cell the classifier is sure of is not compared (most
// of a filled-in grid, and most of the cost).
bool ReadAsHandwrittenDoubtfully(const CellReading& cell, int size) {
    return DigitRead(cell, size) && cell.best().handwritten &&
           cell.best().probability < kConfidentGuess;
}

// For each digit (index), the cells read as that printed digit that match another such cell:
// the typeface's glyphs of the digit.
std::vector<std::vector<int>> TypefaceGlyphs(const WarpedGrid& grid,
                                             const std::vector<CellReading>& cells) {
    std::vector<std::vector<int>> printedOf(static_cast<std::size_t>(grid.size) + 1);
    for (int cell = 0; cell < static_cast<int>(cells.size()); ++cell)
        if (ReadAsPrinted(cells[cell], grid.size))
            printedOf[static_cast<std::size_t>(cells[cell].best().digit)].push_back(cell);
    std::vector<std::vector<int>> glyphs(printedOf.size());
    for (std::size_t digit = 1; digit < printedOf.size(); ++digit)
        for (int cell : printedOf[digit])
            for (int other : printedOf[digit])
                if (other != cell && GlyphMatch(grid, cell, other) >= kSameGlyphAtLeast) {
                    glyphs[digit].push_back(cell);
                    break;
                }
    return glyphs;
}

bool MatchesAny(const WarpedGrid& grid, int cell, const std::vector<int>& glyphs, float atLeast) {
    return std::any_of(glyphs.begin(), glyphs.end(), [&](int glyph) {
        return glyph != cell && GlyphMatch(grid, cell, glyph) >= atLeast;
    });
}

// A cell read as printed `digit` that is no glyph of the typeface: it matches none of the
// digit's glyphs nearly, and no other digit's as well as the typeface matches itself (a printed
// digit the classifier named wrong is still print).
bool IsStrangeGlyph(const WarpedGrid& grid, int cell, int digit,
                    const std::vector<std::vector<int>>& glyphs) {
    const std::vector<int>& own = glyphs[static_cast<std::size_t>(digit)];
    if (own.empty() || std::find(own.begin(), own.end(), cell) != own.end()) return false;
    if (MatchesAny(grid, cell, own, kStrangeGlyphBelow)) return false;
    for (std::size_t other = 1; other < glyphs.size(); ++other)
        if (other != static_cast<std::size_t>(digit) &&
            MatchesAny(grid, cell, glyphs[other], kSameGlyphAtLeast))
            return false;
    return true;
}

// The shifts tried along each axis, the middle's side, and the length of a cell's row as
// ShiftedProducts holds it: its pixels, then zeros, so that a row's products with every shift load
// as whole registers (the sums of shifts past the last are left unused).
constexpr int kShifts = 2 * kShiftPixels + 1;
constexpr int kMiddle = kCellPixels - 2 * kShiftPixels;
constexpr int kPaddedRow = kCellPixels + kShifts;

// Sums of gray levels and of their squares, exact integers.
struct GraySums {
    double sum = 0, squares = 0;
    // n times the variance of the n gray levels summed: exactly 0 for flat paper.
    double spread(int n) const { return squares - sum * sum / n; }
};

GraySums SumsOf(const cv::Mat& grays) {
    return {cv::sum(grays)[0], grays.dot(grays)};
}

// The sum over the middle's square at shift (dy, dx), from a summed-area table of `T`s.
template <class T>
double SquareSum(const cv::Mat& table, int dy, int dx) {
    return double(table.at<T>(dy + kMiddle, dx + kMiddle)) - table.at<T>(dy, dx + kMiddle) -
           table.at<T>(dy + kMiddle, dx) + table.at<T>(dy, dx);
}

// Floats side by side (GCC's and clang's vector extension), for that many shifts at once: four
// in an SSE register, eight in an AVX one.
typedef float Float4 __attribute__((vector_size(16)));
typedef std::int32_t Int4 __attribute__((vector_size(16)));
#if defined(__x86_64__) && defined(__GNUC__)
#define SUDOKU_AVX2_GLYPHS 1
typedef float Float8 __attribute__((vector_size(32)));
typedef std::int32_t Int8 __attribute__((vector_size(32)));
#else
#define SUDOKU_AVX2_GLYPHS 0
#endif

using CellFloats = std::array<float, kCellPixels * kPaddedRow>;
using Products = std::array<std::int64_t, kShifts * kShifts>;

// For every shift (dy, dx) of the middle within the cell (`image`, its rows padded), the sum of
// the products of the middle's gray levels with the cell's under it, exactly: products of gray
// levels are exact in floats and so are a row's sums (under 2^24), whatever the order (or
// fusion) of their terms; the rows add up as integers (under 2^31).
template <class Floats, class Ints>
__attribute__((always_inline)) inline Products ShiftedProductsBy(const CellFloats& image,
                                                                 const cv::Mat& middle) {
    constexpr int kAtOnce = sizeof(Floats) / sizeof(float);
    constexpr int kRuns = (kShifts + kAtOnce - 1) / kAtOnce;
    static_assert(kMiddle - 1 + kRuns * kAtOnce <= kPaddedRow);
    Products products{};
    for (int dy = 0; dy < kShifts; ++dy) {
        Ints sums[kRuns] = {};
        for (int y = 0; y < kMiddle; ++y) {
            const float* row = image.data() + (y + dy) * kPaddedRow;
            const std::uint8_t* glyph = middle.ptr<std::uint8_t>(y);
            // Four sums of every fourth pixel's products, so that each addition need not wait
            // for the one before.
            constexpr int kChains = 4;
            static_assert(kMiddle % kChains == 0);
            Floats rowProducts[kChains][kRuns] = {};
            for (int x = 0; x < kMiddle; x += kChains)
                for (int chain = 0; chain < kChains; ++chain) {
                    const float g = glyph[x + chain];
                    for (int k = 0; k < kRuns; ++k) {
                        Floats cellGrays;  // not returned from a function: no vector in the ABI
                        std::memcpy(&cellGrays, row + x + chain + kAtOnce * k, sizeof cellGrays);
                        rowProducts[chain][k] += g * cellGrays;
                    }
                }
            for (int chain = 0; chain < kChains; ++chain)
                for (int k = 0; k < kRuns; ++k)
                    sums[k] += __builtin_convertvector(rowProducts[chain][k], Ints);
        }
        for (int dx = 0; dx < kShifts; ++dx)
            products[dy * kShifts + dx] = sums[dx / kAtOnce][dx % kAtOnce];
    }
    return products;
}

#if SUDOKU_AVX2_GLYPHS
__attribute__((target("avx2,fma"))) Products ShiftedProductsAvx2(const CellFloats& image,
                                                                 const cv::Mat& middle) {
    return ShiftedProductsBy<Float8, Int8>(image, middle);
}
#endif

// ShiftedProductsBy eight shifts at once where the CPU has AVX2 (chosen at run time), else four.
Products ShiftedProducts(const cv::Mat& cell, const cv::Mat& middle) {
    CellFloats image{};
    for (int y = 0; y < kCellPixels; ++y)
        for (int x = 0; x < kCellPixels; ++x)
            image[y * kPaddedRow + x] = cell.at<std::uint8_t>(y, x);
#if SUDOKU_AVX2_GLYPHS
    static const bool avx2 =
        (__builtin_cpu_init(), __builtin_cpu_supports("avx2")) && __builtin_cpu_supports("fma");
    if (avx2) return ShiftedProductsAvx2(image, middle);
#endif
    return ShiftedProductsBy<Float4, Int4>(image, middle);
}

// The best over shifts of the normalised cross-correlation of `middle` within `cell`, as
// cv::matchTemplate's TM_CCOEFF_NORMED defines it (a window of flat paper scores 0), but from
// exact integer sums: OpenCV's go through a Fourier transform in floats, and took 2.5 times as
// long. A flat middle matches nothing (-1).
float BestNormedCorrelation(const cv::Mat& cell, const cv::Mat& middle) {
    CV_Assert(cell.rows == kCellPixels && cell.cols == kCellPixels && middle.rows == kMiddle &&
              middle.cols == kMiddle);
    constexpr int kArea = kMiddle * kMiddle;
    const GraySums glyph = SumsOf(middle);
    const double glyphSpread = glyph.spread(kArea);
    if (glyphSpread <= 0) return -1.f;
    const auto products = ShiftedProducts(cell, middle);
    // Summed-area tables, exact: integers, and squares' sums in doubles (under 2^53).
    cv::Mat sums, squares;
    cv::integral(cell, sums, squares, CV_32S, CV_64F);
    float best = -1.f;
    for (int dy = 0; dy < kShifts; ++dy)
        for (int dx = 0; dx < kShifts; ++dx) {
            const GraySums window{SquareSum<int>(sums, dy, dx), SquareSum<double>(squares, dy, dx)};
            const double covariance =
                double(products[dy * kShifts + dx]) - window.sum * glyph.sum / kArea;
            const double norm = std::sqrt(std::max(window.spread(kArea), 0.0) * glyphSpread);
            // OpenCV's rule where rounding leaves the ratio just outside [-1, 1]: 1 (or -1) up
            // to an eighth past, else 0; a flat window (norm 0) scores 0 too.
            double score = 0;
            if (std::abs(covariance) < norm)
                score = covariance / norm;
            else if (std::abs(covariance) < norm * 1.125)
                score = covariance > 0 ? 1 : -1;
            best = std::max(best, static_cast<float>(score));
        }
    return best;
}

}  // namespace

float GlyphMatch(const WarpedGrid& grid, int a, int b) {
    const int n = grid.size;
    const cv::Rect middle = grid.cellRect(b / n, b % n) -
                            cv::Size(2 * kShiftPixels, 2 * kShiftPixels) +
                            cv::Point(kShiftPixels, kShiftPixels);
    return BestNormedCorrelation(grid.gray(grid.cellRect(a / n, a % n)), grid.gray(middle));
}

int TellPrintByTypeface(const WarpedGrid& grid, std::vector<CellReading>& cells) {
    if (cells.size() != static_cast<std::size_t>(grid.size * grid.size) ||
        CountConfidentDigits(cells).handwritten < kMinConfidentHandwritten)
        return 0;
    const std::vector<std::vector<int>> glyphs = TypefaceGlyphs(grid, cells);
    std::vector<int> toHandwritten, toPrinted;
    for (int cell = 0; cell < static_cast<int>(cells.size()); ++cell) {
        const int digit = cells[cell].best().digit;
        if (ReadAsPrinted(cells[cell], grid.size) && IsStrangeGlyph(grid, cell, digit, glyphs))
            toHandwritten.push_back(cell);
        else if (ReadAsHandwrittenDoubtfully(cells[cell], grid.size) &&
                 MatchesAny(grid, cell, glyphs[static_cast<std::size_t>(digit)],
                            kTypefaceGlyphAtLeast))
            toPrinted.push_back(cell);
    }
    for (int cell : toHandwritten)
        RelabelKind(cells[cell], true);
    for (int cell : toPrinted)
        RelabelKind(cells[cell], false);
    return static_cast<int>(toHandwritten.size() + toPrinted.size());
}

}  // namespace sudoku
