#pragma once
// Telling image files from other files by their first bytes (their "magic"), not their names:
// a folder of photos may hold files without extensions, or text files named .jpg.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string_view>

namespace sudokucam {

// The formats the reader decodes: OpenCV's imgcodecs on this platform, HEIF (libheif) and GIF
// (giflib).
enum class ImageFormat {
    None,
    Jpeg,
    Png,
    Heif,
    Gif,
    Bmp,
    Tiff,
    WebP,
    Pnm,
    Pfm,
    SunRaster,
    Jpeg2000,
    Exr,
    Hdr
};

// "jpeg", "png", ...; "none" for ImageFormat::None.
std::string_view ImageFormatId(ImageFormat format);

// How many leading bytes SniffImageFormat looks at (fewer are fine: the format is then None).
// 32: a HEIF's ftyp box lists its compatible brands from byte 16 on.
inline constexpr std::size_t kSniffBytes = 32;

// The format whose signature starts `head`, or None.
ImageFormat SniffImageFormat(std::span<const std::uint8_t> head);

// The format of a file by its first bytes; nullopt when the file cannot be opened or read.
std::optional<ImageFormat> SniffImageFile(const std::filesystem::path& path);

}  // namespace sudokucam
