#pragma once
// Printed or hand-written, told by the colour of the ink. A newspaper prints every digit of a
// grid in one ink and a person fills it in with one pen, so in a colour photo the grid's digits
// fall into two clusters of colour, whatever the two colours are. A pen digit the classifier
// takes for print (a large, upright hand-written 7) still has the pen's colour: when the grid's
// confident printed and hand-written digits are clearly apart in colour, a cell read as printed
// whose ink sits far from the print's colour and near the pen's is hand-writing.

#include <optional>
#include <span>
#include <vector>

#include <opencv2/core.hpp>

#include "vision/classifying/CellReading.h"
#include "vision/grid/GridWarper.h"
#include "vision/grid/WarpedGrid.h"

namespace sudoku {

// A pen's or the print's colour is taken from at least this many confident digits of its kind.
inline constexpr int kMinConfidentOfEachKind = 4;
// The border of a straightened cell, where grid lines (and a neighbour's strokes) run, is left
// out of its colour.
inline constexpr int kColourMargin = kCellPixels * 15 / 100;

// A cell's ink colour: the CIELAB chroma (a*, b*) of its strokes less that of its paper, so
// that a tinted or shaded page and the camera's white balance cancel.
using InkChroma = cv::Vec2f;

// The CIELAB chroma (a*, b*) of an 8-bit sRGB colour given as B, G, R (D65 white), as OpenCV's
// conversion computes it.
InkChroma LabChroma(const cv::Vec3f& bgr);
// The same for one pixel, its channels made linear by table.
InkChroma LabChroma(const cv::Vec3b& bgr);

// The colour photo's pixel (8-bit BGR, `colourScale` of the lattice's pixels) at (u, v) across
// the lattice's cell (row, col), each 0 to 1; the nearest pixel, the photo's edge beyond it.
cv::Vec3b ColourInCell(const cv::Mat& colour, double colourScale, const GridLattice& lattice,
                       int row, int col, float u, float v);

// The per-channel median of some colours (at least one).
InkChroma MedianChroma(std::span<const InkChroma> inks);

// The ink colour of each cell of `grid` (straightened from the photo through `lattice`),
// row-major: the straightened gray cell tells which pixels are ink and which paper, and the
// colour photo (8-bit BGR, `colourScale` of the lattice's pixels) their colour, looked up
// through the lattice. nullopt for a cell with too little contrast to hold ink.
std::vector<std::optional<InkChroma>> MeasureInkChroma(const WarpedGrid& grid,
                                                       const GridLattice& lattice,
                                                       const cv::Mat& colour, double colourScale);

// Whether TellPenFromPrint could relabel a cell: the grid has enough confident digits of both
// kinds to judge by and a digit read as printed, but not surely. Only then is its colour worth
// measuring.
bool MayTellPenFromPrint(const std::vector<CellReading>& cells);

// The pen's ink colour (the confident hand-written digits' median) in a grid whose print and pen
// are clearly apart in colour; nullopt otherwise, or without a few confident digits of each kind.
std::optional<InkChroma> DistinctPenColour(const std::vector<CellReading>& cells,
                                           std::span<const std::optional<InkChroma>> chroma);

// Relabels as hand-written every digit guess of each cell read as printed whose ink colour is
// far from the confident printed digits' and much nearer the confident hand-written digits',
// in a grid where the two are clearly apart. Returns the number of cells relabelled; does
// nothing without a few confident digits of each kind.
int TellPenFromPrint(std::vector<CellReading>& cells,
                     std::span<const std::optional<InkChroma>> chroma);

}  // namespace sudoku
