#pragma once
// A closer look at a grid found small. The reader finds and reads a grid in a working copy of the
// photo a few hundred pixels across (ReadSudoku.cpp's DecodeSide); a newspaper page photographed
// from afar holds its grid in a part of that copy, where its cells are too few pixels for
// hand-writing, and its lines too close for the lattice to be fitted surely. Such a grid is read
// again from a crop of a finer copy of the photo, which holds it as large as a photo of the grid
// alone would. A photo that solves nothing (its grid too small to be found, or fitted across both
// grids of its page) is read again in its middle, where a person aims, from a copy with twice the
// working copy's pixels.

#include <array>
#include <optional>

#include <opencv2/core.hpp>

#include "vision/reading/ReadSudoku.h"

namespace sudoku {

// The scale of the photo (0.25, 0.5 or 1 of its pixels) to read a grid with these corners (in
// the photo's pixels) at again, or none when the working copy (`workScale` of the photo's
// pixels) holds it large enough or no finer copy would hold it larger.
std::optional<double> CloserScale(const std::array<cv::Point2f, 4>& corners, double workScale);

// The part of an image (`scale` of the photo's pixels, `size` pixels) to read the grid with these
// corners (in the photo's pixels) from: its bounding box with a margin of a quarter of its size
// on each side, within the image.
cv::Rect CloserCrop(const std::array<cv::Point2f, 4>& corners, double scale, cv::Size size);

// The middle of an image `size` pixels large: half its width and half its height.
cv::Rect MiddleCrop(cv::Size size);

// A reading of a crop whose top-left corner is `origin` (in the photo's pixels), moved into the
// photo: its corners and lattice.
void MoveIntoPhoto(Reading& r, cv::Point2f origin);

}  // namespace sudoku
