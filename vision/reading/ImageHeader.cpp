#include "vision/reading/ImageHeader.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <string_view>

#include "vision/reading/HeifHeader.h"

namespace sudoku {
namespace {

using Bytes = std::span<const std::uint8_t>;

bool StartsWith(Bytes bytes, std::string_view magic, std::size_t at = 0) {
    return bytes.size() >= at + magic.size() &&
           std::equal(magic.begin(), magic.end(), bytes.begin() + static_cast<std::ptrdiff_t>(at),
                      [](char m, std::uint8_t b) { return static_cast<std::uint8_t>(m) == b; });
}

std::uint32_t Le16(Bytes b, std::size_t at) {
    return b[at] | (b[at + 1] << 8);
}
std::uint32_t Le32(Bytes b, std::size_t at) {
    return Le16(b, at) | (Le16(b, at + 2) << 16);
}
std::uint32_t Be16(Bytes b, std::size_t at) {
    return (b[at] << 8) | b[at + 1];
}
std::uint32_t Be32(Bytes b, std::size_t at) {
    return (Be16(b, at) << 16) | Be16(b, at + 2);
}

// Sides above INT_MAX (a hostile PNG may declare 2^31-1 or more) are clamped, not wrapped.
cv::Size SizeOf(std::uint64_t width, std::uint64_t height) {
    constexpr std::uint64_t kMax = 0x7FFFFFFF;
    return {static_cast<int>(std::min(width, kMax)), static_cast<int>(std::min(height, kMax))};
}

cv::Size PngSize(Bytes b) {
    if (b.size() < 24 || !StartsWith(b, "IHDR", 12)) return {};
    return SizeOf(Be32(b, 16), Be32(b, 20));
}

cv::Size BmpSize(Bytes b) {
    if (b.size() < 26) return {};
    if (Le32(b, 14) == 12) return SizeOf(Le16(b, 18), Le16(b, 20));  // OS/2 core header
    // The height is negative for top-down bitmaps.
    const auto width = static_cast<std::int32_t>(Le32(b, 18));
    const auto height = static_cast<std::int32_t>(Le32(b, 22));
    return SizeOf(static_cast<std::uint64_t>(std::abs(static_cast<std::int64_t>(width))),
                  static_cast<std::uint64_t>(std::abs(static_cast<std::int64_t>(height))));
}

// The ImageWidth (256) and ImageLength (257) entries of the first directory.
cv::Size TiffSize(Bytes b) {
    if (b.size() < 8) return {};
    const bool little = b[0] == 'I';
    auto u16 = [&](std::size_t at) { return little ? Le16(b, at) : Be16(b, at); };
    auto u32 = [&](std::size_t at) { return little ? Le32(b, at) : Be32(b, at); };
    const std::size_t directory = u32(4);
    if (directory + 2 > b.size()) return {};
    const std::size_t entries = u16(directory);
    std::uint64_t width = 0, height = 0;
    for (std::size_t i = 0; i < entries; ++i) {
        const std::size_t at = directory + 2 + 12 * i;
        if (at + 12 > b.size()) break;
        const std::uint32_t tag = u16(at), type = u16(at + 2);
        const std::uint32_t value = type == 3 ? u16(at + 8) : u32(at + 8);  // SHORT or LONG
        if (tag == 256) width = value;
        if (tag == 257) height = value;
    }
    return SizeOf(width, height);
}

cv::Size WebPSize(Bytes b) {
    if (b.size() < 30) return {};
    if (StartsWith(b, "VP8 ", 12))  // lossy: the key frame's 14-bit sides
        return SizeOf(Le16(b, 26) & 0x3FFF, Le16(b, 28) & 0x3FFF);
    if (StartsWith(b, "VP8L", 12)) {  // lossless: two 14-bit fields holding side - 1
        const std::uint32_t bits = Le32(b, 21);
        return SizeOf((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1);
    }
    if (StartsWith(b, "VP8X", 12))  // extended: 24-bit canvas sides - 1
        return SizeOf((Le32(b, 24) & 0xFFFFFF) + 1, (Le32(b, 27) & 0xFFFFFF) + 1);
    return {};
}

// "P5\n# comment\n640 480\n255\n": the two numbers after the magic, comments skipped.
cv::Size PnmSize(Bytes b) {
    std::size_t i = 2;
    std::uint64_t sides[2] = {0, 0};
    for (std::uint64_t& side : sides) {
        while (i < b.size() && (std::isspace(b[i]) || b[i] == '#')) {
            if (b[i] == '#')
                while (i < b.size() && b[i] != '\n')
                    ++i;
            else
                ++i;
        }
        if (i >= b.size() || !std::isdigit(b[i])) return {};
        while (i < b.size() && std::isdigit(b[i]) && side < (1ULL << 40))
            side = side * 10 + (b[i++] - '0');
    }
    return SizeOf(sides[0], sides[1]);
}

bool IsPnm(Bytes b) {
    return b.size() >= 3 && b[0] == 'P' && b[1] >= '1' && b[1] <= '6' && std::isspace(b[2]);
}

// Where the first scan's data starts, or 0 when the segments before it are cut short.
std::size_t JpegScanStart(Bytes bytes) {
    if (bytes.size() < 4 || bytes[0] != 0xFF || bytes[1] != 0xD8) return 0;
    std::size_t i = 2;
    while (i + 3 < bytes.size()) {
        if (bytes[i] != 0xFF) return 0;
        const int marker = bytes[i + 1];
        if (marker == 0xFF) {  // fill byte
            ++i;
            continue;
        }
        const std::size_t length = Be16(bytes, i + 2);
        if (marker == 0xDA) return i + 2 + length;
        i += 2 + length;
    }
    return 0;
}

}  // namespace

std::string_view ImageKindName(ImageKind kind) {
    switch (kind) {
        case ImageKind::Jpeg:
            return "JPEG";
        case ImageKind::Png:
            return "PNG";
        case ImageKind::Heif:
            return "HEIF";
        case ImageKind::Gif:
            return "GIF";
        case ImageKind::Bmp:
            return "BMP";
        case ImageKind::Tiff:
            return "TIFF";
        case ImageKind::WebP:
            return "WebP";
        case ImageKind::Pnm:
            return "PNM";
        case ImageKind::Pdf:
            return "PDF document";
        case ImageKind::Unknown:
            break;
    }
    return "unknown";
}

cv::Size JpegSize(Bytes bytes) {
    if (bytes.size() < 4 || bytes[0] != 0xFF || bytes[1] != 0xD8) return {};
    std::size_t i = 2;
    while (i + 9 < bytes.size()) {
        if (bytes[i] != 0xFF) return {};
        const int marker = bytes[i + 1];
        if (marker == 0xFF) {  // fill byte
            ++i;
            continue;
        }
        const std::size_t length = Be16(bytes, i + 2);
        // Start-of-frame markers C0-CF, except C4 (Huffman), C8 (reserved) and CC (arithmetic).
        if (marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC)
            return {static_cast<int>(Be16(bytes, i + 7)), static_cast<int>(Be16(bytes, i + 5))};
        i += 2 + length;
    }
    return {};
}

bool JpegHasEnd(Bytes bytes) {
    const std::size_t scan = JpegScanStart(bytes);
    if (scan == 0 || scan >= bytes.size()) return false;
    // Scan data stuffs every 0xFF it holds (FF 00), so FF D9 after it can only be the end marker.
    // Looked for from the end, where it nearly always is (a whole forward scan of the photo was
    // 2% of reading a printed one).
    for (std::size_t i = bytes.size() - 1; i > scan; --i)
        if (bytes[i] == 0xD9 && bytes[i - 1] == 0xFF) return true;
    return false;
}

ImageHeader ReadImageHeader(Bytes bytes) {
    if (bytes.size() >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF)
        return {ImageKind::Jpeg, JpegSize(bytes)};
    if (StartsWith(bytes, "\x89PNG\r\n\x1a\n")) return {ImageKind::Png, PngSize(bytes)};
    if (IsHeif(bytes)) return {ImageKind::Heif, HeifSize(bytes)};
    if (StartsWith(bytes, "GIF87a") || StartsWith(bytes, "GIF89a"))
        return {ImageKind::Gif,
                bytes.size() >= 10 ? SizeOf(Le16(bytes, 6), Le16(bytes, 8)) : cv::Size()};
    if (StartsWith(bytes, "BM")) return {ImageKind::Bmp, BmpSize(bytes)};
    if (StartsWith(bytes, std::string_view("II*\0", 4)) ||
        StartsWith(bytes, std::string_view("MM\0*", 4)))
        return {ImageKind::Tiff, TiffSize(bytes)};
    if (StartsWith(bytes, "RIFF") && StartsWith(bytes, "WEBP", 8))
        return {ImageKind::WebP, WebPSize(bytes)};
    if (IsPnm(bytes)) return {ImageKind::Pnm, PnmSize(bytes)};
    if (StartsWith(bytes, "%PDF")) return {ImageKind::Pdf, {}};
    return {};
}

}  // namespace sudoku
