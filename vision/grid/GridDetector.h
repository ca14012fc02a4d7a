#pragma once
// Finding a Sudoku grid in a gray photo: the quadrilateral whose inside looks most like a grid
// of size x size cells, whatever its area, so a neighbouring puzzle, a block of text or a photo
// beside it does not win just by being bigger.

#include <array>
#include <optional>
#include <vector>

#include <opencv2/core.hpp>

namespace sudoku {

// Four corners of a grid in image pixels, clockwise from the one nearest the image's top-left
// (not yet the board's top-left: the digits decide that later).
using Quad = std::array<cv::Point2f, 4>;

struct GridCandidate {
    Quad corners;
    double gridness = 0;  // 0..1: how many of the expected lines are there, and how dark
};

// Clockwise order starting at the corner nearest the image's top-left.
Quad OrderClockwise(const Quad& quad);

// The area inside the corners in square pixels, whichever way round they run.
double QuadArea(const Quad& quad);

// How grid-like the inside of a quadrilateral of a binary image (ink = 255) is: straightens it
// and checks that long straight lines run at every multiple of 1/size of its side, with none in
// the cell interiors beside them. Digits (printed or hand-written, in every cell) are not lines:
// a filled-in grid scores like an empty one. 0 when no line is there, near 1 for a clean grid.
// Which pieces of a line count (`pieces`): see LinePieces.
struct LinePieces {
    // Dashes shorter than this, in cells, go with the digits.
    double shortestDash = 1.0 / 3;
    // Specks no larger than this either way, in cells, count as pieces of a dotted line (0: none).
    double largestDot = 0;
};
double Gridness(const cv::Mat& ink, const Quad& quad, int size, LinePieces pieces = {});

// The most grid-like quadrilateral of a gray image, or nothing when no candidate reaches a
// minimum gridness.
std::optional<GridCandidate> DetectGrid(const cv::Mat& gray, int size = 9);

// DetectGrid's grid, or when it is not convincing a more grid-like one carried out from one of
// its boxes (a grid whose frame runs into other print has no outline of its own; its boxes
// do), or found in the photo's thin strokes alone, which a shaded box (every other box printed
// darker) leaves out: the faint lines along its edges can be lost to the usual threshold. When
// neither is convincing, the strokes measured against the paper's light (under a shadow the lines'
// contrast falls with the light), then a mask that counts fainter ink compete too: a blurred
// photo's thin lines keep only a few gray levels of contrast. When none finds a grid, the usual
// mask again with shorter pieces of line counted as line: hair-thin grey lines fall apart into
// short dashes. The live view's detector.
std::optional<GridCandidate> DetectWholeGrid(const cv::Mat& gray, int size = 9);

// A grid the photo's edge cuts through (people hold phones like that): a quadrilateral of
// regularly spaced lines ending at one edge of the image, or at two that meet in a corner,
// extended past them by the cells that put the lattice on the lines in view. Its corners lie
// partly outside the image. Nothing when no such grid is there.
std::optional<GridCandidate> DetectCutGrid(const cv::Mat& gray, int size = 9);

// The grid a photo shows: DetectGrid's, or DetectCutGrid's (or the grid carried out from a box,
// the other masks' whole grids and the last resort, as DetectWholeGrid's) when no grid is found
// whole or the one found is not convincing (a part of a grid cut at a corner can pass for a weak
// whole one) and the other is more grid-like. When still nothing convincing is found, the whole
// grid of any mask or outline whose lines between its boxes are plainest replaces it, if it holds
// what was found as one of its boxes, or lies inside what was found and the box lines of that are
// not plain: dashed thin lines, or faint ones beside shaded boxes, leave the cells unconvincing in
// every mask, and a box closed by the thick lines, or the grid's outline merged with print close
// beside it, was taken for the grid. When nothing at all is found, the most grid-like of the other
// masks' whole grids, if it is grid-like enough (hair-thin thin lines the usual mask breaks up).
// A grid found with cells printed solid is a crossword's: it is painted over and the grid looked
// for once more (nothing, if that finds a crossword too). With CutGrids::Ignored, no grid cut by
// the image's edge is looked for: the image is a crop of a photo, whose grids continue past it.
enum class CutGrids { Sought, Ignored };
std::optional<GridCandidate> DetectWholeOrCutGrid(const cv::Mat& gray, int size = 9,
                                                  CutGrids cut = CutGrids::Sought);

// The ink a grid is looked for in: the usual mask (darker than the local mean), and the others
// DetectWholeGrid tries when it finds nothing convincing: the thin strokes, the strokes measured
// against the paper's light, the faint ink.
enum class GridMask { Ink, Strokes, StrokesAgainstPaper, FaintInk };

// Every grid of a gray image (a newspaper page prints two or three) in the mask's ink, in falling
// order of score (DetectGrid's first, unless a grid carried out from its boxes, as DetectWholeGrid
// does, scores higher: those are looked for where no convincing grid holds the boxes); none
// overlaps another.
std::vector<GridCandidate> DetectGrids(const cv::Mat& gray, int size = 9,
                                       GridMask mask = GridMask::Ink);

}  // namespace sudoku
