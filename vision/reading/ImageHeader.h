#pragma once
// What an encoded image says about itself before any pixel is decoded: its format and the width
// and height its header declares. Reading these first lets the reader refuse a decompression
// bomb (a small file that declares billions of pixels) without allocating them.

#include <cstdint>
#include <span>
#include <string_view>

#include <opencv2/core.hpp>

namespace sudoku {

enum class ImageKind { Unknown, Jpeg, Png, Heif, Gif, Bmp, Tiff, WebP, Pnm, Pdf };

// "JPEG", "PNG", "HEIF", "GIF", ..., "PDF document"; "unknown" for ImageKind::Unknown.
std::string_view ImageKindName(ImageKind kind);

struct ImageHeader {
    ImageKind kind = ImageKind::Unknown;
    // As stored (before any EXIF rotation, or HEIF's own 'irot'); 0x0 when the header is cut or
    // unknown.
    cv::Size size;
    bool sized() const { return size.width > 0 && size.height > 0; }
};

// The format from the first bytes, and for JPEG, PNG, HEIF, GIF, BMP, TIFF, WebP and PNM the
// declared size (GIF: its logical screen; HEIF: its primary image). Never reads past `bytes`.
ImageHeader ReadImageHeader(std::span<const std::uint8_t> bytes);

// Width and height stored in a JPEG's frame header (before any EXIF rotation), or 0x0 when the
// bytes are not a JPEG or the header is cut short.
cv::Size JpegSize(std::span<const std::uint8_t> bytes);

// Whether a JPEG's end-of-image marker follows its scan data. A file cut short lacks it, and
// libjpeg would "decode" it anyway with the missing part painted grey.
bool JpegHasEnd(std::span<const std::uint8_t> bytes);

}  // namespace sudoku
