#pragma once
// The HEIF container (HEIC from a phone, AVIF) read just far enough to tell what it is and how
// big its primary image is stored, before libheif decodes anything: the ISO base media file
// format's boxes, ftyp for the brand and meta/pitm, meta/iprp/ipco and ipma for the primary
// item's 'ispe' (image spatial extents) property.

#include <cstdint>
#include <span>

#include <opencv2/core.hpp>

namespace sudoku {

// Whether the bytes start with an 'ftyp' box naming a HEIF still-image brand (heic, heix, heim,
// heis, mif1, avif) as its major or one of its compatible brands. An MP4 video is not HEIF.
bool IsHeif(std::span<const std::uint8_t> bytes);

// The width and height the primary item's 'ispe' property declares: the size as stored, before
// its rotation, mirroring or crop ('irot', 'imir', 'clap'), so the most pixels decoding it
// allocates. 0x0 when the boxes are cut short or declare no size. Never reads past `bytes`.
cv::Size HeifSize(std::span<const std::uint8_t> bytes);

}  // namespace sudoku
