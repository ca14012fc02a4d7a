#include "app/ImageSniff.h"

#include <algorithm>
#include <array>
#include <fstream>
#include <string>

#include "vision/reading/ImageHeader.h"

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

// PAM: P7 then white space (ReadImageHeader knows P1..P6 only).
bool IsPam(std::span<const std::uint8_t> head) {
    return head.size() >= 3 && head[0] == 'P' && head[1] == '7' && IsSpace(head[2]);
}

bool IsPfm(std::span<const std::uint8_t> head) {
    return head.size() >= 3 && head[0] == 'P' && (head[1] == 'F' || head[1] == 'f') &&
           IsSpace(head[2]);
}

// The formats vision/reading/ImageHeader.h tells apart, as the batch names them. A PDF is no
// photo: None.
ImageFormat FromKind(sudoku::ImageKind kind) {
    switch (kind) {
        case sudoku::ImageKind::Jpeg:
            return ImageFormat::Jpeg;
        case sudoku::ImageKind::Png:
            return ImageFormat::Png;
        case sudoku::ImageKind::Heif:
            return ImageFormat::Heif;
        case sudoku::ImageKind::Gif:
            return ImageFormat::Gif;
        case sudoku::ImageKind::Bmp:
            return ImageFormat::Bmp;
        case sudoku::ImageKind::Tiff:
            return ImageFormat::Tiff;
        case sudoku::ImageKind::WebP:
            return ImageFormat::WebP;
        case sudoku::ImageKind::Pnm:
            return ImageFormat::Pnm;
        case sudoku::ImageKind::Pdf:
        case sudoku::ImageKind::Unknown:
            break;
    }
    return ImageFormat::None;
}

// The formats imgcodecs decodes that ReadImageHeader does not know.
ImageFormat SniffOtherFormat(std::span<const std::uint8_t> head) {
    using namespace std::string_view_literals;
    if (IsPam(head)) return ImageFormat::Pnm;
    if (IsPfm(head)) return ImageFormat::Pfm;
    if (StartsWith(head, "\x59\xA6\x6A\x95"sv)) return ImageFormat::SunRaster;
    if (StartsWith(head, "\x00\x00\x00\x0CjP  \r\n\x87\n"sv) ||
        StartsWith(head, "\xFF\x4F\xFF\x51"sv))
        return ImageFormat::Jpeg2000;
    if (StartsWith(head, "\x76\x2F\x31\x01"sv)) return ImageFormat::Exr;
    if (StartsWith(head, "#?RADIANCE"sv) || StartsWith(head, "#?RGBE"sv)) return ImageFormat::Hdr;
    return ImageFormat::None;
}

}  // namespace

std::string_view ImageFormatId(ImageFormat format) {
    switch (format) {
        case ImageFormat::Jpeg:
            return "jpeg";
        case ImageFormat::Png:
            return "png";
        case ImageFormat::Heif:
            return "heif";
        case ImageFormat::Gif:
            return "gif";
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
    const sudoku::ImageKind kind = sudoku::ReadImageHeader(head).kind;
    // "BM" alone is no bitmap: its file header is 14 bytes.
    if (kind == sudoku::ImageKind::Bmp && head.size() < 14) return ImageFormat::None;
    if (const ImageFormat format = FromKind(kind); format != ImageFormat::None) return format;
    return SniffOtherFormat(head);
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

}  // namespace sudokucam
