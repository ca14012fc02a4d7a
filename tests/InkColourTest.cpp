// Printed or hand-written told by the ink's colour: a pen digit the classifier takes for print is
// relabelled when the grid's print and pen are clearly apart in colour and the cell's ink is the
// pen's; an entry in a coloured pen too faint in gray to be read is read from its colour.
// Measured on the filled-in training photos, read from their files (decoded again in colour on
// demand), as gray images (no colour to go by), and with entries erased.

#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "tests/TrainingPhotos.h"
#include "vision/reading/InkColour.h"
#include "vision/reading/ReadSudoku.h"

namespace sudoku {
namespace {

namespace fs = std::filesystem;

// A grid's cells: `printed` confident printed digits in black ink, `penned` confident
// hand-written ones in blue, then the cells under test.
struct Grid {
    std::vector<CellReading> cells;
    std::vector<std::optional<InkChroma>> chroma;
    void add(CellReading cell, std::optional<InkChroma> ink) {
        cells.push_back(std::move(cell));
        chroma.push_back(ink);
    }
};

Grid BlackPrintBluePen(int printed, int penned) {
    Grid g;
    for (int i = 0; i < printed; ++i)
        g.add({{{1 + i % 9, false, 0.999f}}}, InkChroma(0.5f * (i % 3), -0.5f * (i % 2)));
    for (int i = 0; i < penned; ++i)
        g.add({{{1 + i % 9, true, 0.98f}}}, InkChroma(25.f + i % 3, -40.f + i % 4));
    return g;
}

TEST(InkColour, RelabelsAPrintedReadingInThePensColour) {
    Grid g = BlackPrintBluePen(6, 6);
    const std::size_t pen = g.cells.size(), print = pen + 1, sure = pen + 2;
    g.add({{{7, false, 0.95f}, {7, true, 0.03f}, {1, true, 0.01f}}}, InkChroma(23.f, -37.f));
    g.add({{{5, false, 0.95f}}}, InkChroma(3.f, 2.f));      // the print's colour: stays printed
    g.add({{{3, false, 0.995f}}}, InkChroma(23.f, -37.f));  // read as print too surely
    EXPECT_EQ(TellPenFromPrint(g.cells, g.chroma), 1);
    // Every digit guess becomes hand-written, the 7's two kinds joined.
    ASSERT_EQ(g.cells[pen].guesses.size(), 2u);
    EXPECT_EQ(g.cells[pen].best().digit, 7);
    EXPECT_TRUE(g.cells[pen].best().handwritten);
    EXPECT_NEAR(g.cells[pen].best().probability, 0.98f, 1e-6);
    EXPECT_TRUE(g.cells[pen].guesses[1].handwritten);
    EXPECT_FALSE(g.cells[print].best().handwritten);
    EXPECT_FALSE(g.cells[sure].best().handwritten);
}

TEST(InkColour, LeavesTheKindsAloneWithoutTwoInksApart) {
    // A pencil as gray as the print: the colour tells nothing.
    Grid pencil = BlackPrintBluePen(6, 0);
    for (int i = 0; i < 6; ++i)
        pencil.add({{{1 + i, true, 0.98f}}}, InkChroma(2.f, -3.f));
    pencil.add({{{7, false, 0.9f}}}, InkChroma(11.f, -2.f));
    EXPECT_EQ(TellPenFromPrint(pencil.cells, pencil.chroma), 0);
    // Too few confident entries to know the pen's colour.
    Grid few = BlackPrintBluePen(6, 3);
    few.add({{{7, false, 0.9f}}}, InkChroma(25.f, -40.f));
    EXPECT_FALSE(MayTellPenFromPrint(few.cells));
    EXPECT_EQ(TellPenFromPrint(few.cells, few.chroma), 0);
    // No colour measured (a gray photo).
    Grid gray = BlackPrintBluePen(6, 6);
    gray.add({{{7, false, 0.9f}}}, std::nullopt);
    EXPECT_EQ(TellPenFromPrint(gray.cells, gray.chroma), 0);
}

// Digits read as the wrong kind: hand-written read as printed, printed read as hand-written.
struct KindErrors {
    int penAsPrint = 0;
    int printAsPen = 0;
};

void Count(const Reading& r, const std::vector<int>& printed, KindErrors& errors) {
    if (!r.found()) return;
    for (int cell = 0; cell < r.givens.cellCount(); ++cell) {
        errors.penAsPrint += !printed[cell] && r.givens.value(cell);
        errors.printAsPen += printed[cell] && r.handwritten.value(cell);
    }
}

TEST(InkColour, TellsPenFromPrintInTheHeldOutFilledInPhotos) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "models/digits.onnx not found";
    if (!fs::exists(kDataset / "mixed")) GTEST_SKIP() << "no dataset at " << kDataset;
    KindErrors colour, gray;
    int photos = 0;
    for (const std::string& name : HeldOutNames()) {
        const fs::path path = kDataset / "mixed" / name;
        const std::vector<int> printed =
            DatDigits(kDataset / "printed" / fs::path(name).replace_extension(".dat"));
        if (printed.size() != 81) continue;
        ++photos;
        Count(ReadSudokuFile(path), printed, colour);
        Count(ReadSudoku(cv::imread(path.string(), cv::IMREAD_GRAYSCALE)), printed, gray);
    }
    std::cout << "  " << photos
              << " held-out filled-in photos; pen read as print: " << gray.penAsPrint
              << " in gray, " << colour.penAsPrint
              << " in colour; print read as pen: " << gray.printAsPen << " in gray, "
              << colour.printAsPen << " in colour\n";
    ASSERT_EQ(photos, 32);
    // Measured (2026-11-27): 12 and 1 in gray, 10 and 1 once the grid's typeface is compared
    // too (Typeface.h); 2 and 1 in colour either way.
    EXPECT_LE(colour.penAsPrint, 2);
    EXPECT_LE(colour.printAsPen, 1);
    EXPECT_LE(gray.penAsPrint, 10);
    EXPECT_GE(gray.penAsPrint - colour.penAsPrint, 8);
}

// The reading's digit in each cell, printed or hand-written (0 for none).
std::vector<int> DigitsRead(const Reading& r) {
    std::vector<int> digits;
    for (int cell = 0; cell < r.givens.cellCount(); ++cell)
        digits.push_back(r.givens.value(cell) ? r.givens.value(cell) : r.handwritten.value(cell));
    return digits;
}

// Training photos (not held out: the classifier saw them, yet read these cells as empty paper)
// with an entry in red pen nearly as light as the yellowed paper: r4c9, r8c1, r9c9, r8c2; and a
// dim photo whose red pen is nearly the gray of its paper, two of its entries read as paper or
// doubtfully (image201 r9c3 and r9c7, read again from their colour as 7 at 0.91 and 9 at 0.88).
TEST(InkColour, ReadsFaintPenEntriesFromTheirColour) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "models/digits.onnx not found";
    if (!fs::exists(kDataset / "mixed")) GTEST_SKIP() << "no dataset at " << kDataset;
    int exact = 0;
    for (const std::string name : {"image17", "image200", "image204", "image77", "image201"}) {
        const fs::path path = kDataset / "mixed" / (name + ".jpg");
        const std::vector<int> truth = DatDigits(fs::path(path).replace_extension(".dat"));
        ASSERT_EQ(truth.size(), 81u) << path;
        const Reading colour = ReadSudokuFile(path);
        const Reading gray = ReadSudoku(cv::imread(path.string(), cv::IMREAD_GRAYSCALE));
        EXPECT_NE(DigitsRead(gray), truth) << name << " read exactly without its colour";
        exact += DigitsRead(colour) == truth;
        EXPECT_EQ(DigitsRead(colour), truth) << name;
    }
    std::cout << "  " << exact << " of 5 photos with a faint red entry read exactly\n";
}

// The cell's inside (shrunk towards its centre) in the photo, through the reading's lattice.
std::vector<cv::Point> CellInside(const Reading& r, int cell, float keep) {
    const int n = r.size, row = cell / n, col = cell % n;
    const auto at = [&](int rr, int cc) { return r.lattice[rr * (n + 1) + cc]; };
    const std::array<cv::Point2f, 4> quad = {at(row, col), at(row, col + 1), at(row + 1, col + 1),
                                             at(row + 1, col)};
    const cv::Point2f centre = (quad[0] + quad[1] + quad[2] + quad[3]) * 0.25f;
    std::vector<cv::Point> inside;
    for (const cv::Point2f& p : quad)
        inside.push_back(centre + (p - centre) * keep);
    return inside;
}

// The cell's inside painted over with its paper: the mean colour of its lighter half.
void PaintOut(cv::Mat& photo, const Reading& r, int cell) {
    cv::Mat inside = cv::Mat::zeros(photo.size(), CV_8U);
    cv::fillConvexPoly(inside, CellInside(r, cell, 0.8f), cv::Scalar(255));
    cv::Mat gray;
    cv::cvtColor(photo, gray, cv::COLOR_BGR2GRAY);
    const double middle = cv::mean(gray, inside)[0];
    const cv::Mat paper = inside & (gray > middle);
    photo.setTo(cv::mean(photo, paper), inside);
}

// Five entries of each held-out filled-in photo painted out with their paper's colour: a grid
// partly filled in, whose empty cells the colour must leave empty.
TEST(InkColour, InventsNoEntryInACellPaintedOut) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "models/digits.onnx not found";
    if (!fs::exists(kDataset / "mixed")) GTEST_SKIP() << "no dataset at " << kDataset;
    int erased = 0, invented = 0, photos = 0;
    for (const std::string& name : HeldOutNames()) {
        const fs::path path = kDataset / "mixed" / name;
        const std::vector<int> printed =
            DatDigits(kDataset / "printed" / fs::path(name).replace_extension(".dat"));
        const cv::Mat photo = cv::imread(path.string());
        const Reading whole = ReadSudoku(photo);
        if (printed.size() != 81 || !whole.found() || whole.lattice.empty()) continue;
        cv::Mat partly = photo.clone();
        std::vector<int> painted;
        for (int cell = 0; cell < 81 && painted.size() < 5; cell += 7)
            if (!printed[cell]) {
                PaintOut(partly, whole, cell);
                painted.push_back(cell);
            }
        const Reading r = ReadSudoku(partly);
        ++photos;
        for (int cell : painted) {
            ++erased;
            const int digit = r.givens.value(cell) + r.handwritten.value(cell);
            invented += digit != 0;
            if (digit)
                std::cout << "  " << name << " painted-out cell " << cell << " read " << digit
                          << "\n";
        }
    }
    std::cout << "  " << photos << " photos, " << erased << " entries painted out, " << invented
              << " read as digits\n";
    EXPECT_EQ(photos, 32);
    EXPECT_EQ(invented, 0);
}

}  // namespace
}  // namespace sudoku
