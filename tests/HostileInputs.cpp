#include "tests/HostileInputs.h"

// jpeglib.h needs FILE and size_t declared before it.
#include <jpeglib.h>
#include <cstdio>

#include <algorithm>
#include <array>
#include <fstream>
#include <stdexcept>
#include <string>
#include <string_view>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "solver/Generator.h"
#include "tests/GifWriter.h"
#include "vision/drawing/Render.h"

namespace sudoku::testing {
namespace {

namespace fs = std::filesystem;
using Bytes = std::vector<std::uint8_t>;

const fs::path kSamples = fs::path(SUDOKU_SOURCE_DIR) / "samples";
const fs::path kTestData = fs::path(SUDOKU_SOURCE_DIR) / "tests" / "data";

void Write(const fs::path& path, const Bytes& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()),
              static_cast<std::streamsize>(bytes.size()));
    if (!out) throw std::runtime_error("cannot write " + path.string());
}

Bytes Text(std::string_view text) {
    return Bytes(text.begin(), text.end());
}

Bytes ReadAll(const fs::path& path) {
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    Bytes bytes(static_cast<std::size_t>(in.tellg()));
    in.seekg(0);
    in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    return bytes;
}

Bytes Encode(const std::string& ext, const cv::Mat& image) {
    Bytes bytes;
    if (!cv::imencode(ext, image, bytes)) throw std::runtime_error("cannot encode " + ext);
    return bytes;
}

// A plain loop: vector::insert of small known sizes trips GCC 12's -Warray-bounds at -O3.
void Append(Bytes& out, const std::uint8_t* data, std::size_t size) {
    for (std::size_t i = 0; i < size; ++i)
        out.push_back(data[i]);
}

Bytes FirstHalf(const Bytes& bytes) {
    return Bytes(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(bytes.size() / 2));
}

void PutBe32(Bytes& out, std::uint32_t v) {
    for (int shift = 24; shift >= 0; shift -= 8)
        out.push_back(static_cast<std::uint8_t>(v >> shift));
}

std::uint32_t Crc32(const std::uint8_t* data, std::size_t size) {
    std::uint32_t crc = 0xFFFFFFFFu;
    for (std::size_t i = 0; i < size; ++i) {
        crc ^= data[i];
        for (int bit = 0; bit < 8; ++bit)
            crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

void PutChunk(Bytes& png, const char* type, const Bytes& data) {
    PutBe32(png, static_cast<std::uint32_t>(data.size()));
    const std::size_t start = png.size();
    png.insert(png.end(), type, type + 4);
    png.insert(png.end(), data.begin(), data.end());
    PutBe32(png, Crc32(png.data() + start, png.size() - start));
}

// Deflate's "stored" blocks inside a zlib stream: valid compressed data without a compressor.
Bytes StoredZlib(const Bytes& raw) {
    Bytes z = {0x78, 0x01};
    std::uint32_t a = 1, b = 0;
    for (std::uint8_t byte : raw) {
        a = (a + byte) % 65521;
        b = (b + a) % 65521;
    }
    for (std::size_t at = 0; at < raw.size(); at += 65535) {
        const auto length =
            static_cast<std::uint16_t>(std::min<std::size_t>(65535, raw.size() - at));
        z.push_back(at + length == raw.size() ? 1 : 0);
        for (std::uint16_t v : {length, static_cast<std::uint16_t>(~length)}) {
            z.push_back(static_cast<std::uint8_t>(v & 0xFF));
            z.push_back(static_cast<std::uint8_t>(v >> 8));
        }
        z.insert(z.end(), raw.begin() + static_cast<std::ptrdiff_t>(at),
                 raw.begin() + static_cast<std::ptrdiff_t>(at + length));
    }
    PutBe32(z, (b << 16) | a);
    return z;
}

// CMYK as Adobe writes it (inverted, as libjpeg readers, OpenCV's included, expect it).
Bytes CmykJpeg(const cv::Mat& bgr) {
    jpeg_compress_struct info{};
    jpeg_error_mgr errors{};
    info.err = jpeg_std_error(&errors);
    jpeg_create_compress(&info);
    unsigned char* buffer = nullptr;
    unsigned long size = 0;
    jpeg_mem_dest(&info, &buffer, &size);
    info.image_width = static_cast<JDIMENSION>(bgr.cols);
    info.image_height = static_cast<JDIMENSION>(bgr.rows);
    info.input_components = 4;
    info.in_color_space = JCS_CMYK;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, 92, TRUE);
    jpeg_start_compress(&info, TRUE);
    std::vector<JSAMPLE> row(static_cast<std::size_t>(bgr.cols) * 4);
    while (info.next_scanline < info.image_height) {
        const auto* pixel = bgr.ptr<cv::Vec3b>(static_cast<int>(info.next_scanline));
        for (int x = 0; x < bgr.cols; ++x) {
            const cv::Vec3b p = pixel[x];
            const int white = std::max({p[0], p[1], p[2], std::uint8_t{1}});
            // Inverted C, M, Y, K: the colour over its brightness, then the brightness.
            row[4 * x + 0] = static_cast<JSAMPLE>(p[2] * 255 / white);
            row[4 * x + 1] = static_cast<JSAMPLE>(p[1] * 255 / white);
            row[4 * x + 2] = static_cast<JSAMPLE>(p[0] * 255 / white);
            row[4 * x + 3] = static_cast<JSAMPLE>(white);
        }
        JSAMPROW rows[] = {row.data()};
        jpeg_write_scanlines(&info, rows, 1);
    }
    jpeg_finish_compress(&info);
    Bytes bytes(buffer, buffer + size);
    jpeg_destroy_compress(&info);
    std::free(buffer);
    return bytes;
}

// Two frames of 2x2 pixels, the second delayed: an animated GIF89a, byte by byte.
Bytes TinyAnimatedGif() {
    Bytes gif = {
        'G',  'I',  'F', '8', '9', 'a', 2,   0,   2,   0,   0x80, 0,   0,  // screen, 2-colour table
        0,    0,    0,   255, 255, 255,                                    // black, white
        0x21, 0xFF, 11,  'N', 'E', 'T', 'S', 'C', 'A', 'P', 'E',  '2', '.',
        '0',  3,    1,   0,   0,   0};  // loop forever
    for (int frame = 0; frame < 2; ++frame) {
        const Bytes graphicControl = {0x21, 0xF9, 4, 0, 50, 0, 0, 0};
        const Bytes image = {0x2C, 0, 0,    0,    0, 2, 0, 2, 0, 0,  // descriptor: 2x2 at 0,0
                             2,    2, 0x44, 0x01, 0};                // LZW min size 2, data, end
        gif.insert(gif.end(), graphicControl.begin(), graphicControl.end());
        gif.insert(gif.end(), image.begin(), image.end());
    }
    gif.push_back(0x3B);
    return gif;
}

// Noise from `from` on, the same every run.
Bytes WithNoiseFrom(Bytes bytes, std::size_t from) {
    cv::RNG rng(13);
    for (std::size_t i = from; i < bytes.size(); ++i)
        bytes[i] = static_cast<std::uint8_t>(rng.uniform(0, 256));
    return bytes;
}

std::size_t Find(const Bytes& bytes, std::string_view what) {
    const auto at = std::search(bytes.begin(), bytes.end(), what.begin(), what.end());
    if (at == bytes.end()) throw std::logic_error("no " + std::string(what) + " in the sample");
    return static_cast<std::size_t>(at - bytes.begin());
}

// The HEIC with its 'ispe' box (version and flags, then width and height) declaring another
// size: nothing else changes, so only a check of the header before decoding can refuse it.
Bytes WithHeifSize(Bytes heic, std::uint32_t width, std::uint32_t height) {
    const std::size_t ispe = Find(heic, "ispe");
    for (int k = 0; k < 4; ++k) {
        heic[ispe + 8 + k] = static_cast<std::uint8_t>(width >> (24 - 8 * k));
        heic[ispe + 12 + k] = static_cast<std::uint8_t>(height >> (24 - 8 * k));
    }
    return heic;
}

// The photo's pixels in the 'mdat' box from `keep` bytes on replaced with noise: the boxes
// that describe the image stay valid.
Bytes WithNoisyPixels(const Bytes& heic, std::size_t keep) {
    return WithNoiseFrom(heic, Find(heic, "mdat") + 4 + keep);
}

// A gray GIF whose first frame's descriptor declares width x height; its pixels stay those of a
// small frame.
Bytes GifWithFrameSize(const cv::Mat& photo, std::uint16_t width, std::uint16_t height) {
    Bytes gif = GrayGif(photo);
    // Header 13, the 256-colour table 768, the graphics control 8: then the descriptor (0x2C,
    // left, top, width, height, little-endian).
    const std::size_t descriptor = 13 + 768 + 8;
    if (gif.at(descriptor) != 0x2C) throw std::logic_error("the GIF's layout changed");
    gif[descriptor + 5] = static_cast<std::uint8_t>(width & 0xFF);
    gif[descriptor + 6] = static_cast<std::uint8_t>(width >> 8);
    gif[descriptor + 7] = static_cast<std::uint8_t>(height & 0xFF);
    gif[descriptor + 8] = static_cast<std::uint8_t>(height >> 8);
    return gif;
}

// An animation of two pages: only a reader of the first frame reads `first`.
Bytes AnimatedGif(const cv::Mat& first, const cv::Mat& second) {
    return EncodeGif(first.size(), GrayColours(), {GrayFrame(first), GrayFrame(second)});
}

Board Puzzle(std::uint64_t seed) {
    GeneratorOptions options;
    options.seed = seed;
    options.grade = false;
    return Generate(options).puzzle;
}

// A duplicate in a row: the first empty cell gets a digit given elsewhere in its row.
Board WithConflict(Board board) {
    const int n = board.size();
    for (int cell = 0; cell < board.cellCount(); ++cell) {
        if (!board.isEmpty(cell)) continue;
        const int row = cell / n;
        for (int col = 0; col < n; ++col)
            if (int digit = board.value(row * n + col)) {
                board.set(cell, digit);
                return board;
            }
    }
    throw std::logic_error("no row with a given and an empty cell");
}

// No rule broken, yet no solution: r1c9 sees 1-8 in its row and 9 in its column.
Board NoCandidateLeft() {
    Board board;
    for (int col = 0; col < 8; ++col)
        board.set(col, col + 1);
    board.set(4 * 9 + 8, 9);
    return board;
}

// Only the first `keep` givens: thousands of solutions.
Board FirstGivens(const Board& board, int keep) {
    Board out(board.geometry());
    for (int cell = 0; cell < board.cellCount() && keep > 0; ++cell)
        if (int digit = board.value(cell)) {
            out.set(cell, digit);
            --keep;
        }
    return out;
}

cv::Mat Photograph(const Page& page, cv::Size size) {
    PhotoOptions options;
    options.size = size;
    options.blur = 0.6;
    options.noise = 2;
    return PhotographPage(page, DefaultPose(page, size), options).image;
}

// Two puzzles on one photo, side by side.
cv::Mat TwoSudokus(const Board& left, const Board& right) {
    cv::Mat photo;
    cv::hconcat(Photograph(RenderPage(left), {640, 720}), Photograph(RenderPage(right), {640, 720}),
                photo);
    return photo;
}

// A 15x15 crossword: black squares in a half-turn symmetric pattern, clue numbers, some letters.
cv::Mat Crossword() {
    constexpr int kCells = 15, kCell = 40, kMargin = 80;
    const int side = kCells * kCell;
    Page page;
    page.image = cv::Mat(side + 2 * kMargin, side + 2 * kMargin, CV_8UC3, cv::Scalar::all(245));
    cv::RNG rng(15);
    int number = 1;
    for (int r = 0; r < kCells; ++r)
        for (int c = 0; c < kCells; ++c) {
            const cv::Rect cell(kMargin + c * kCell, kMargin + r * kCell, kCell, kCell);
            const bool black =
                (r * 7 + c * 3) % 5 == 0 || ((kCells - 1 - r) * 7 + (kCells - 1 - c) * 3) % 5 == 0;
            if (black) {
                cv::rectangle(page.image, cell, cv::Scalar::all(15), cv::FILLED);
                continue;
            }
            if (r == 0 || c == 0 || rng.uniform(0, 4) == 0)
                cv::putText(page.image, std::to_string(number++), cell.tl() + cv::Point(3, 11),
                            cv::FONT_HERSHEY_SIMPLEX, 0.32, cv::Scalar::all(20), 1, cv::LINE_AA);
            if (rng.uniform(0, 3) == 0)
                cv::putText(page.image, std::string(1, static_cast<char>('A' + rng.uniform(0, 26))),
                            cell.tl() + cv::Point(12, 33), cv::FONT_HERSHEY_SIMPLEX, 0.8,
                            cv::Scalar::all(30), 2, cv::LINE_AA);
        }
    for (int i = 0; i <= kCells; ++i) {
        const int at = kMargin + i * kCell;
        cv::line(page.image, {kMargin, at}, {kMargin + side, at}, cv::Scalar::all(20), 2);
        cv::line(page.image, {at, kMargin}, {at, kMargin + side}, cv::Scalar::all(20), 2);
    }
    const auto m = static_cast<float>(kMargin), e = static_cast<float>(kMargin + side);
    page.corners = {cv::Point2f(m, m), {e, m}, {e, e}, {m, e}};
    return Photograph(page, {1280, 720});
}

// White paper with nothing printed on it.
cv::Mat BlankPage() {
    Page page;
    page.image = cv::Mat(1400, 1000, CV_8UC3, cv::Scalar(235, 240, 242));
    page.corners = {cv::Point2f(200, 400), {800, 400}, {800, 1000}, {200, 1000}};
    return Photograph(page, {1280, 720});
}

}  // namespace

cv::Mat PhotoOf(const Board& puzzle) {
    return Photograph(RenderPage(puzzle), {1280, 720});
}

std::vector<std::uint8_t> WithExifOrientation(const std::vector<std::uint8_t>& jpeg,
                                              int orientation) {
    const auto o = static_cast<std::uint8_t>(orientation);
    // APP1 "Exif": a little-endian TIFF header and one directory with one SHORT entry, the
    // orientation (0x0112), and no next directory.
    const Bytes app1 = {0xFF, 0xE1, 0, 34, 'E', 'x', 'i', 'f', 0,    0,    'I', 'I',
                        42,   0,    8, 0,  0,   0,   1,   0,   0x12, 0x01, 3,   0,
                        1,    0,    0, 0,  o,   0,   0,   0,   0,    0,    0,   0};
    Bytes out;
    out.reserve(jpeg.size() + app1.size());
    Append(out, jpeg.data(), 2);  // SOI
    Append(out, app1.data(), app1.size());
    std::size_t i = 2;
    while (i + 4 <= jpeg.size()) {
        const std::uint8_t marker = jpeg[i + 1];
        if (marker == 0xDA) break;  // the scan: copied whole below
        const std::size_t length = (jpeg[i + 2] << 8) | jpeg[i + 3];
        const bool exif = marker == 0xE1 && i + 8 <= jpeg.size() && jpeg[i + 4] == 'E' &&
                          jpeg[i + 5] == 'x' && jpeg[i + 6] == 'i' && jpeg[i + 7] == 'f';
        if (!exif) Append(out, jpeg.data() + i, std::min(2 + length, jpeg.size() - i));
        i += 2 + length;
    }
    if (i < jpeg.size()) Append(out, jpeg.data() + i, jpeg.size() - i);
    return out;
}

std::vector<std::uint8_t> PngDeclaring(std::uint32_t width, std::uint32_t height) {
    Bytes png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    Bytes header;
    PutBe32(header, width);
    PutBe32(header, height);
    header.insert(header.end(), {8, 0, 0, 0, 0});  // 8-bit gray, deflate, no filter, no interlace
    PutChunk(png, "IHDR", header);
    Bytes firstRow(std::min<std::size_t>(width, 1 << 16) + 1, 0);  // filter byte + white-ish
    PutChunk(png, "IDAT", StoredZlib(firstRow));
    PutChunk(png, "IEND", {});
    return png;
}

std::vector<HostileCase> WriteHostileInputs(const fs::path& dir) {
    fs::create_directories(dir);
    const Bytes newspaper = ReadAll(kSamples / "newspaper.jpg");
    const Board puzzle = Puzzle(5);
    const std::vector<std::string> line = {puzzle.toLine()};
    const cv::Mat photo = PhotoOf(puzzle);
    std::vector<HostileCase> cases;
    auto add = [&](const std::string& file, const Bytes& bytes, std::vector<ReadStatus> statuses,
                   std::string message, std::vector<std::string> givens = {}) {
        Write(dir / file, bytes);
        cases.push_back({file, std::move(statuses), std::move(message), std::move(givens)});
    };
    const std::vector<ReadStatus> error = {ReadStatus::Error};
    const std::vector<ReadStatus> solved = {ReadStatus::Solved};

    // Not what the name says, cut short, empty.
    add("truncated.jpg", FirstHalf(newspaper), error, "JPEG image is cut short");
    add("truncated.png", FirstHalf(Encode(".png", photo)), error,
        "PNG image is damaged or cut short");
    add("zero-bytes.jpg", {}, error, "is empty (0 bytes)");
    add("text.jpg", Text("Shopping list:\n- eggs\n- milk\n"), error,
        "unsupported format: not an image");
    add("document.jpg", Text("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n"),
        error, "unsupported format: a PDF document");
    add("tiny-animated.gif", TinyAnimatedGif(), error, "2x2 pixels, smaller than the 64x64");
    // A decompression bomb: refused from its header.
    add("bomb-60000x60000.png", PngDeclaring(60000, 60000), error,
        "the image is 60000x60000 = 3600 megapixels, above the 250 megapixel limit "
        "(--max-megapixels)");
    // Pixels of every shape: too small, a strip, other layouts that still read.
    add("one-pixel.png", Encode(".png", cv::Mat(1, 1, CV_8UC3, cv::Scalar::all(255))), error,
        "1x1 pixels, smaller than the 64x64");
    add("strip-50000x10.png", Encode(".png", cv::Mat(10, 50000, CV_8UC1, cv::Scalar(255))), error,
        "50000x10 pixels, smaller than the 64x64");
    cv::Mat gray, gray16, bgra;
    cv::cvtColor(photo, gray, cv::COLOR_BGR2GRAY);
    gray.convertTo(gray16, CV_16U, 257);
    cv::cvtColor(photo, bgra, cv::COLOR_BGR2BGRA);
    add("gray.png", Encode(".png", gray), solved, "", line);
    add("gray-16bit.png", Encode(".png", gray16), solved, "", line);
    add("alpha.png", Encode(".png", bgra), solved, "", line);
    add("page.tiff", Encode(".tiff", photo), solved, "", line);
    add("cmyk.jpg", CmykJpeg(photo), solved, "", line);
    // A real photo turned by its Exif tag only (its corners: HostileInputTest).
    for (int orientation : {3, 6, 8})
        add("exif-" + std::to_string(orientation) + ".jpg",
            WithExifOrientation(newspaper, orientation), solved, "");
    // HEIC (tests/data/make-samples.sh): as heif-enc writes it, turned by its 'irot' (and an
    // Exif tag saying the same, not applied twice), cut short, declaring 3600 megapixels, its
    // coded pixels noise from the start or from the middle. libde265 conceals damage in the
    // middle of a picture (decoding goes on, as libjpeg's does), so that one is read as what is
    // left of the picture: no grid, or wrong digits; never solved.
    const Bytes heic = ReadAll(kTestData / "newspaper.heic");
    add("newspaper.heic", heic, solved, "");
    add("newspaper-rotated.heic", ReadAll(kTestData / "newspaper-rotated.heic"), solved, "");
    add("truncated.heic", FirstHalf(heic), error, "HEIF image is damaged or cut short");
    add("bomb-60000x60000.heic", WithHeifSize(heic, 60000, 60000), error,
        "the image is 60000x60000 = 3600 megapixels, above the 250 megapixel limit");
    add("noise-after-header.heic", WithNoisyPixels(heic, 0), error,
        "HEIF image is damaged or cut short");
    add("noise-mid-picture.heic", WithNoisyPixels(heic, heic.size() / 4),
        {ReadStatus::Error, ReadStatus::NotFound, ReadStatus::NoSolution, ReadStatus::Multiple,
         ReadStatus::Uncertain},
        "");
    // GIF: the first frame, of a still or an animation; cut short, huge, noise after the header.
    const Bytes gif = GrayGif(photo);
    add("photo.gif", gif, solved, "", line);
    add("animated.gif", AnimatedGif(photo, PhotoOf(Puzzle(7))), solved, "", line);
    add("truncated.gif", FirstHalf(gif), error, "GIF image is damaged or cut short");
    add("bomb-65535x65535.gif",
        EncodeGif({65535, 65535}, GrayColours(),
                  {GrayFrame(cv::Mat(64, 64, CV_8UC3, cv::Scalar::all(255)))}),
        error, "the image is 65535x65535 = 4295 megapixels, above the 250 megapixel limit");
    add("bomb-frame-65535x65535.gif", GifWithFrameSize(photo, 65535, 65535), error,
        "the image is 65535x65535 = 4295 megapixels, above the 250 megapixel limit");
    add("noise-after-header.gif", WithNoiseFrom(gif, 13 + 768), error,
        "GIF image is damaged or cut short");
    // Pages without one good Sudoku.
    add("blank-page.png", Encode(".png", BlankPage()), {ReadStatus::NotFound},
        "no Sudoku grid found");
    // Its outline is found as a grid; what matters is that no digits are invented to solve it.
    add("crossword.png", Encode(".png", Crossword()),
        {ReadStatus::NotFound, ReadStatus::NoSolution, ReadStatus::Multiple, ReadStatus::Uncertain},
        "");
    add("conflicting-givens.png", Encode(".png", PhotoOf(WithConflict(puzzle))),
        {ReadStatus::NoSolution}, "break the rules or allow no solution");
    add("no-solution.png", Encode(".png", PhotoOf(NoCandidateLeft())), {ReadStatus::NoSolution},
        "break the rules or allow no solution");
    add("thousand-solutions.png", Encode(".png", PhotoOf(FirstGivens(puzzle, 12))),
        {ReadStatus::Multiple}, "more than one solution");
    const Board other = Puzzle(6);
    add("two-sudokus.png", Encode(".png", TwoSudokus(puzzle, other)), solved, "",
        {puzzle.toLine(), other.toLine()});
    return cases;
}

}  // namespace sudoku::testing
