#pragma once
// HEIC/HEIF photos (an iPhone's default format; AVIF too) decoded with libheif, which OpenCV 4.6
// cannot read.

#include <cstdint>
#include <span>

#include "vision/reading/ImageDecode.h"
#include "vision/reading/InputLimits.h"

namespace sudoku {

// The primary image as 8-bit BGR, turned, mirrored and cropped as its 'irot', 'imir' and 'clap'
// properties say: HEIF's own orientation. Its Exif orientation tag is not applied again (the
// HEIF specification makes those properties the orientation; a phone writes both). The stored
// size ('ispe') is checked against `limits` before decoding; damaged or cut-short bytes give an
// error message, never a partial picture.
// With `gray`, the image is 8-bit gray instead, from the luma plane without libheif's colour
// conversion (which is half the decoding time of a 12 MP photo).
DecodedImage DecodeHeif(std::span<const std::uint8_t> bytes, const InputLimits& limits,
                        bool gray = false);

}  // namespace sudoku
