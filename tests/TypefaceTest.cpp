// Printed or hand-written told by the grid's own typeface (vision/reading/Typeface.h): on a
// straightened grid drawn with one font for the print and another for the pen, and on the
// held-out filled-in photos (InkColourTest counts the kinds read there in gray).

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "vision/reading/Typeface.h"

namespace sudoku {
namespace {

constexpr int kPrint = cv::FONT_HERSHEY_SIMPLEX;
// Slanted and thin, unlike the print (OpenCV's script fonts draw digits as its plain ones do).
constexpr int kPen = cv::FONT_HERSHEY_TRIPLEX | cv::FONT_ITALIC;

// A 9x9 grid of paper; Draw puts a digit in a cell in one of the two fonts.
struct DrawnGrid {
    WarpedGrid grid = WarpedGrid::Paper(9);
    std::vector<CellReading> cells = std::vector<CellReading>(81, CellReading{{{0, false, 1.f}}});

    void draw(int cell, int digit, int font, bool readHandwritten, float probability) {
        const cv::Rect rect = grid.cellRect(cell / 9, cell % 9);
        cv::putText(grid.gray(rect), std::to_string(digit), {font == kPrint ? 11 : 10, 31}, font,
                    1.0, cv::Scalar(0), font == kPrint ? 3 : 1, cv::LINE_AA);
        cells[cell] = {{{digit, readHandwritten, probability}, {digit, !readHandwritten, 0.01f}}};
    }
};

// Three printed 5s, a printed 3 twice, and confident hand-written 1s and 2s in the pen's font.
DrawnGrid PrintAndPen() {
    DrawnGrid g;
    for (int cell : {0, 10, 20})
        g.draw(cell, 5, kPrint, false, 0.99f);
    for (int cell : {30, 40})
        g.draw(cell, 3, kPrint, false, 0.99f);
    for (int cell : {50, 60})
        g.draw(cell, 1, kPen, true, 0.98f);
    for (int cell : {70, 80})
        g.draw(cell, 2, kPen, true, 0.98f);
    return g;
}

TEST(Typeface, PrintedGlyphsOfADigitMatchAndAPensDoNot) {
    DrawnGrid g = PrintAndPen();
    g.draw(4, 5, kPen, false, 0.95f);
    EXPECT_GE(GlyphMatch(g.grid, 0, 10), kSameGlyphAtLeast);
    EXPECT_LT(GlyphMatch(g.grid, 4, 0), kStrangeGlyphBelow);
    EXPECT_LT(GlyphMatch(g.grid, 30, 0), kSameGlyphAtLeast);  // a 3 is no 5
    EXPECT_LT(GlyphMatch(g.grid, 5, 0), kStrangeGlyphBelow);  // paper has no glyph
    EXPECT_LT(GlyphMatch(g.grid, 0, 5), kStrangeGlyphBelow);
}

// The middle of cell `b` (its border of 15% left out) and cell `a` of `grid`.
struct CellAndMiddle {
    cv::Mat cell, middle;
};
CellAndMiddle CellsOf(const WarpedGrid& grid, int a, int b) {
    const int n = grid.size, shift = kCellPixels * 15 / 100;
    const cv::Rect middle =
        grid.cellRect(b / n, b % n) - cv::Size(2 * shift, 2 * shift) + cv::Point(shift, shift);
    return {grid.gray(grid.cellRect(a / n, a % n)), grid.gray(middle)};
}

// GlyphMatch by cv::matchTemplate's TM_CCOEFF_NORMED, best over the shifts.
float OpenCvsGlyphMatch(const WarpedGrid& grid, int a, int b) {
    const CellAndMiddle c = CellsOf(grid, a, b);
    cv::Mat scores;
    cv::matchTemplate(c.cell, c.middle, scores, cv::TM_CCOEFF_NORMED);
    double best = -1;
    cv::minMaxLoc(scores, nullptr, &best);
    return static_cast<float>(best);
}

// GlyphMatch by its definition, in doubles: the best over shifts of the covariance of the middle
// and the window under it over the square root of the product of their variances.
float DefinedGlyphMatch(const WarpedGrid& grid, int a, int b) {
    const CellAndMiddle c = CellsOf(grid, a, b);
    cv::Mat m, cell;
    c.middle.convertTo(m, CV_64F);
    c.cell.convertTo(cell, CV_64F);
    m -= cv::mean(m)[0];
    double best = -1;
    for (int dy = 0; dy + m.rows <= cell.rows; ++dy)
        for (int dx = 0; dx + m.cols <= cell.cols; ++dx) {
            cv::Mat window = cell(cv::Rect(dx, dy, m.cols, m.rows)).clone();
            window -= cv::mean(window)[0];
            const double norm = std::sqrt(window.dot(window) * m.dot(m));
            best = std::max(best, norm > 0 ? window.dot(m) / norm : 0.0);
        }
    return static_cast<float>(best);
}

// GlyphMatch sums exactly: on every pair of cells of a real filled-in photo (its middle squeezed
// into a grid's cells: print, pen, paper and grid lines at every shift) and of the drawn grid, the
// scores of the definition, and OpenCV's matchTemplate's within its rounding (it correlates
// through a Fourier transform in floats). A middle of flat paper matches nothing.
TEST(Typeface, GlyphMatchScoresAsTheDefinitionAndOpenCv) {
    const std::filesystem::path photo = std::filesystem::path(SUDOKU_SHARED_DIR) / "datasets" /
                                        "wichtounet-train" / "mixed" / "image1000.jpg";
    const cv::Mat gray = cv::imread(photo.string(), cv::IMREAD_GRAYSCALE);
    if (gray.empty()) GTEST_SKIP() << "no " << photo << ": the shared photos are absent";
    WarpedGrid real = WarpedGrid::Paper(9);
    cv::resize(gray(cv::Rect(gray.cols / 8, gray.rows / 8, gray.cols * 3 / 4, gray.rows * 3 / 4)),
               real.gray, real.gray.size(), 0, 0, cv::INTER_AREA);
    int compared = 0;
    for (const WarpedGrid& grid : {real, PrintAndPen().grid}) {
        float fromDefinition = 0, fromOpenCv = 0;
        for (int a = 0; a < 81; ++a)
            for (int b = a % 5; b < 81; b += 4 + (a + b) % 5) {
                const float ours = GlyphMatch(grid, a, b);
                if (ours == -1.f) continue;  // a flat middle, below
                fromDefinition =
                    std::max(fromDefinition, std::abs(ours - DefinedGlyphMatch(grid, a, b)));
                fromOpenCv = std::max(fromOpenCv, std::abs(ours - OpenCvsGlyphMatch(grid, a, b)));
                ++compared;
            }
        EXPECT_LE(fromDefinition, 1e-6f);
        EXPECT_LE(fromOpenCv, 1e-3f);
    }
    EXPECT_GT(compared, 1000);
    EXPECT_EQ(GlyphMatch(PrintAndPen().grid, 0, 5), -1.f);
}

TEST(Typeface, RelabelsEachCellTheTypefaceContradicts) {
    DrawnGrid g = PrintAndPen();
    g.draw(4, 5, kPen, false, 0.95f);    // the pen's 5, read as printed
    g.draw(14, 5, kPrint, true, 0.6f);   // the print's 5, read as hand-written
    g.draw(24, 5, kPrint, false, 0.7f);  // the print's 5, read so doubtfully: stays
    g.draw(34, 5, kPen, true, 0.9f);     // the pen's 5, read so: stays
    g.draw(44, 3, kPen, false, 0.8f);
    g.cells[44] = {{{5, false, 0.8f}, {3, true, 0.1f}}};  // the pen's 3, read as a printed 5 ...
    EXPECT_EQ(TellPrintByTypeface(g.grid, g.cells), 3);
    EXPECT_TRUE(g.cells[4].best().handwritten);
    EXPECT_EQ(g.cells[4].best().digit, 5);
    EXPECT_NEAR(g.cells[4].best().probability, 0.96f, 1e-6);  // both kinds of 5 joined
    EXPECT_FALSE(g.cells[14].best().handwritten);
    EXPECT_FALSE(g.cells[24].best().handwritten);
    EXPECT_TRUE(g.cells[34].best().handwritten);
    EXPECT_TRUE(g.cells[44].best().handwritten);  // ... matches no 5, nor another digit's glyph
    EXPECT_EQ(g.cells[44].best().digit, 5);
}

TEST(Typeface, APrintedDigitNamedWrongStaysPrint) {
    DrawnGrid g = PrintAndPen();
    g.draw(4, 3, kPrint, false, 0.8f);
    g.cells[4] = {{{5, false, 0.8f}, {3, false, 0.15f}}};  // the print's 3, read as a 5
    EXPECT_EQ(TellPrintByTypeface(g.grid, g.cells), 0);
    EXPECT_FALSE(g.cells[4].best().handwritten);
}

TEST(Typeface, NeedsConfidentHandwritingAndATypefaceGlyph) {
    // No pen in the grid: a newspaper's own puzzle keeps its print.
    DrawnGrid print;
    for (int cell : {0, 10, 20})
        print.draw(cell, 5, kPrint, false, 0.99f);
    print.draw(4, 5, kPen, false, 0.95f);
    EXPECT_EQ(TellPrintByTypeface(print.grid, print.cells), 0);
    // A digit printed once has no glyph to compare with.
    DrawnGrid once = PrintAndPen();
    once.draw(6, 7, kPrint, false, 0.99f);
    once.draw(7, 7, kPen, false, 0.95f);
    EXPECT_EQ(TellPrintByTypeface(once.grid, once.cells), 0);
}

}  // namespace
}  // namespace sudoku
