#include "vision/reading/Typeface.h"

#include <algorithm>
#include <cmath>

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

}  // namespace

float GlyphMatch(const WarpedGrid& grid, int a, int b) {
    const int n = grid.size;
    const cv::Rect middle = grid.cellRect(b / n, b % n) -
                            cv::Size(2 * kShiftPixels, 2 * kShiftPixels) +
                            cv::Point(kShiftPixels, kShiftPixels);
    cv::Mat scores;
    cv::matchTemplate(grid.gray(grid.cellRect(a / n, a % n)), grid.gray(middle), scores,
                      cv::TM_CCOEFF_NORMED);
    double best = -1;
    cv::minMaxLoc(scores, nullptr, &best);
    return std::isfinite(best) ? static_cast<float>(best) : -1.f;  // a flat middle matches nothing
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
