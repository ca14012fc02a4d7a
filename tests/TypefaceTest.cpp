// Printed or hand-written told by the grid's own typeface (vision/reading/Typeface.h): on a
// straightened grid drawn with one font for the print and another for the pen, and on the
// held-out filled-in photos (InkColourTest counts the kinds read there in gray).

#include <gtest/gtest.h>

#include <string>
#include <vector>

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
