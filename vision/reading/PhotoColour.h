#pragma once
// The photo's colour, for the few checks that need it. The reader finds and reads a grid in gray
// (a JPEG is decoded gray, and reduced, by the decoder itself); the colour is had only when a
// check asks, so that a newspaper's grid, which never needs it, costs no second decoding.

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include <opencv2/core.hpp>

#include "vision/grid/GridWarper.h"
#include "vision/grid/WarpedGrid.h"
#include "vision/reading/InkColour.h"
#include "vision/reading/InputLimits.h"

namespace sudoku {

// Where the photo's colour comes from when asked: 8-bit BGR at any scale, or empty.
using ColourSource = std::function<cv::Mat()>;

// A photo in memory (8- or 16-bit gray, BGR or BGRA; it must outlive the source): BGR, empty
// for a gray photo.
ColourSource ColourOf(const cv::Mat& photo);
// An encoded photo (the bytes must outlive the source), decoded again in colour at `scale` of
// its pixels, as DecodeGrayForReading decoded it gray, or a JPEG at half of them when `scale` is 1
// (DecodeColourForReading).
ColourSource ColourOf(std::span<const std::uint8_t> encoded, double scale,
                      const InputLimits& limits);

// The colour of the photo the reader works on (the working copy, `workSize`), had once, when
// first asked.
class WorkingColour {
public:
    WorkingColour() = default;  // a photo without colour
    WorkingColour(ColourSource source, cv::Size workSize);
    // 8-bit BGR, the photo at any scale (see scale()); empty when the photo has no colour.
    const cv::Mat& get() const;
    // The colour image's pixels per pixel of the working copy.
    double scale() const;

private:
    ColourSource source_;
    cv::Size workSize_;
    mutable std::optional<cv::Mat> made_;
};

// The ink colour of each cell of one straightened grid, measured when first asked.
class CellInks {
public:
    // The references must outlive this object.
    CellInks(const WarpedGrid& grid, const GridLattice& lattice, const WorkingColour& colour);
    // Row-major, in the order of the cells once the grid is turned clockwise `quarterTurns`
    // times (as the reader reads it); empty when the photo has no colour.
    std::vector<std::optional<InkChroma>> turned(int quarterTurns) const;
    // The cell (row-major, the grid as straightened, not turned) drawn anew from the photo's
    // colour as 8-bit gray, kCellPixels square: each pixel as dark as its colour is moved from the
    // cell's paper towards `pen` (a pen's ink less its paper), black at the pen's full colour.
    // Empty when the photo has no colour.
    cv::Mat penStrokes(int cell, InkChroma pen) const;

private:
    const WarpedGrid& grid_;
    const GridLattice& lattice_;
    const WorkingColour& colour_;
    mutable std::optional<std::vector<std::optional<InkChroma>>> measured_;
};

}  // namespace sudoku
