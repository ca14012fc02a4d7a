#include "app/ImageSniff.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <fstream>
#include <string>

namespace sudokucam {
namespace {

bool StartsWith(std::span<const std::uint8_t> head, std::string_view magic) {
    return head.size() >= magic.size() &&
           std::equal(magic.begin(), magic.end(), head.begin(),
                      [](char m, std::uint8_t b) { return static_cast<std::uint8_t>(m) == b; });
}

bool IsSpace(std::uint8_t b) {
    return b == ' ' || b == '\t' || b == '\n' || b == '\r';
}

// P1..P7 then white space: a one-byte signature needs its separator to mean anything.
bool IsPnm(std::span<const std::uint8_t> head) {
    return head.size() >= 3 && head[0] == 'P' && head[1] >= '1' && head[1] <= '7' &&
           IsSpace(head[2]);
}

bool IsPfm(std::span<const std::uint8_t> head) {
    return head.size() >= 3 && head[0] == 'P' && (head[1] == 'F' || head[1] == 'f') &&
           IsSpace(head[2]);
}

bool IsWebP(std::span<const std::uint8_t> head) {
    return StartsWith(head, "RIFF") && head.size() >= 12 && StartsWith(head.subspan(8), "WEBP");
}

std::uint32_t BigEndian32(std::span<const std::uint8_t> b, std::size_t at) {
    return (std::uint32_t{b[at]} << 24) | (std::uint32_t{b[at + 1]} << 16) |
           (std::uint32_t{b[at + 2]} << 8) | b[at + 3];
}

std::uint32_t LittleEndian(std::span<const std::uint8_t> b, std::size_t at, int bytes) {
    std::uint32_t value = 0;
    for (int k = bytes - 1; k >= 0; --k)
        value = (value << 8) | b[at + static_cast<std::size_t>(k)];
    return value;
}

// IHDR is always the first chunk: width and height at bytes 16 and 20.
std::optional<PixelSize> PngSize(std::span<const std::uint8_t> head) {
    if (head.size() < 24) return std::nullopt;
    return PixelSize{BigEndian32(head, 16), BigEndian32(head, 20)};
}

// BITMAPINFOHEADER and later: signed 32-bit width and height at 18 and 22 (negative height means
// top-down rows).
std::optional<PixelSize> BmpSize(std::span<const std::uint8_t> head) {
    if (head.size() < 26 || LittleEndian(head, 14, 4) < 40) return std::nullopt;
    const auto width = static_cast<std::int32_t>(LittleEndian(head, 18, 4));
    const auto height = static_cast<std::int32_t>(LittleEndian(head, 22, 4));
    return PixelSize{std::llabs(width), std::llabs(height)};
}

// "P6 # comment\n 640 480 ...": the two numbers after the magic, comments skipped.
std::optional<PixelSize> PnmSize(std::span<const std::uint8_t> head) {
    if (head.size() < 3 || head[1] > '6') return std::nullopt;
    long long values[2] = {-1, -1};
    std::size_t i = 2;
    for (long long& value : values) {
        for (;;) {
            while (i < head.size() && IsSpace(head[i]))
                ++i;
            if (i >= head.size() || head[i] != '#') break;
            while (i < head.size() && head[i] != '\n')
                ++i;
        }
        if (i >= head.size() || head[i] < '0' || head[i] > '9') return std::nullopt;
        for (value = 0;
             i < head.size() && head[i] >= '0' && head[i] <= '9' && value < 1'000'000'000'000LL;
             ++i)
            value = value * 10 + (head[i] - '0');
        if (i >= head.size()) return std::nullopt;  // the number may go on past the head
    }
    return PixelSize{values[0], values[1]};
}

// The first chunk after "RIFF....WEBP": lossy VP8, lossless VP8L or extended VP8X.
std::optional<PixelSize> WebPSize(std::span<const std::uint8_t> head) {
    if (head.size() < 30) return std::nullopt;
    if (StartsWith(head.subspan(12), "VP8X"))
        return PixelSize{LittleEndian(head, 24, 3) + 1LL, LittleEndian(head, 27, 3) + 1LL};
    if (StartsWith(head.subspan(12), "VP8L") && head[20] == 0x2F) {
        const std::uint32_t bits = LittleEndian(head, 21, 4);
        return PixelSize{(bits & 0x3FFF) + 1LL, ((bits >> 14) & 0x3FFF) + 1LL};
    }
    if (StartsWith(head.subspan(12), "VP8 "))
        return PixelSize{LittleEndian(head, 26, 2) & 0x3FFF, LittleEndian(head, 28, 2) & 0x3FFF};
    return std::nullopt;
}

}  // namespace

std::string_view ImageFormatId(ImageFormat format) {
    switch (format) {
        case ImageFormat::Jpeg:
            return "jpeg";
        case ImageFormat::Png:
            return "png";
        case ImageFormat::Bmp:
            return "bmp";
        case ImageFormat::Tiff:
            return "tiff";
        case ImageFormat::WebP:
            return "webp";
        case ImageFormat::Pnm:
            return "pnm";
        case ImageFormat::Pfm:
            return "pfm";
        case ImageFormat::SunRaster:
            return "sun-raster";
        case ImageFormat::Jpeg2000:
            return "jpeg2000";
        case ImageFormat::Exr:
            return "exr";
        case ImageFormat::Hdr:
            return "hdr";
        case ImageFormat::None:
            break;
    }
    return "none";
}

ImageFormat SniffImageFormat(std::span<const std::uint8_t> head) {
    using namespace std::string_view_literals;
    if (StartsWith(head, "\xFF\xD8\xFF"sv)) return ImageFormat::Jpeg;
    if (StartsWith(head, "\x89PNG\r\n\x1A\n"sv)) return ImageFormat::Png;
    if (StartsWith(head, "BM"sv) && head.size() >= 14) return ImageFormat::Bmp;
    if (StartsWith(head, "II*\0"sv) || StartsWith(head, "MM\0*"sv)) return ImageFormat::Tiff;
    if (IsWebP(head)) return ImageFormat::WebP;
    if (IsPnm(head)) return ImageFormat::Pnm;
    if (IsPfm(head)) return ImageFormat::Pfm;
    if (StartsWith(head, "\x59\xA6\x6A\x95"sv)) return ImageFormat::SunRaster;
    if (StartsWith(head, "\x00\x00\x00\x0CjP  \r\n\x87\n"sv) ||
        StartsWith(head, "\xFF\x4F\xFF\x51"sv))
        return ImageFormat::Jpeg2000;
    if (StartsWith(head, "\x76\x2F\x31\x01"sv)) return ImageFormat::Exr;
    if (StartsWith(head, "#?RADIANCE"sv) || StartsWith(head, "#?RGBE"sv)) return ImageFormat::Hdr;
    return ImageFormat::None;
}

std::optional<ImageFormat> SniffImageFile(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::array<char, kSniffBytes> buffer{};
    in.read(buffer.data(), buffer.size());
    if (in.bad()) return std::nullopt;
    const auto count = static_cast<std::size_t>(in.gcount());
    return SniffImageFormat(std::span(reinterpret_cast<const std::uint8_t*>(buffer.data()), count));
}

std::optional<PixelSize> SniffPixelSize(std::span<const std::uint8_t> head) {
    switch (SniffImageFormat(head)) {
        case ImageFormat::Png:
            return PngSize(head);
        case ImageFormat::Bmp:
            return BmpSize(head);
        case ImageFormat::Pnm:
            return PnmSize(head);
        case ImageFormat::WebP:
            return WebPSize(head);
        default:
            return std::nullopt;
    }
}

}  // namespace sudokucam
