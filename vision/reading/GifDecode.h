#pragma once
// GIF images (screenshots, a forwarded picture) decoded with giflib, which OpenCV 4.6 cannot
// read: the first frame only, as a viewer shows an animation before it moves.

#include <cstdint>
#include <span>

#include "vision/reading/ImageDecode.h"
#include "vision/reading/InputLimits.h"

namespace sudoku {

// The first frame as 8-bit BGR, drawn at its position on the logical screen (grown to hold the
// frame when the frame is larger), through its local or the global colour table, interlaced
// rows put in place; transparent and uncovered pixels are white, like paper. The size is checked
// against `limits` before any pixel is decoded. A first frame cut short or damaged is an error.
DecodedImage DecodeGif(std::span<const std::uint8_t> bytes, const InputLimits& limits);

}  // namespace sudoku
