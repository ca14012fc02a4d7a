// The formats read beside OpenCV's own: HEIC/HEIF with libheif (its 'irot' honoured, its Exif
// orientation not applied a second time), GIF with giflib (the first frame, placed on its
// screen, through its colour tables, de-interlaced, transparency as paper), WebP through OpenCV
// with its declared size checked; and the batch finds HEIC and GIF files in a folder by their
// bytes. The hostile cases of these formats are in tests/HostileInputs.cpp.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "solver/Generator.h"
#include "tests/GifWriter.h"
#include "tests/HostileInputs.h"
#include "tests/ProgramRun.h"
#include "tests/TestFiles.h"
#include "vision/reading/ImageDecode.h"
#include "vision/reading/ImageHeader.h"
#include "vision/reading/ReadSudoku.h"

namespace sudoku::testing {
namespace {

namespace fs = std::filesystem;
using Bytes = std::vector<std::uint8_t>;

const fs::path kJpeg = fs::path(SUDOKU_SOURCE_DIR) / "samples" / "newspaper.jpg";
const fs::path kHeic = fs::path(SUDOKU_SOURCE_DIR) / "tests" / "data" / "newspaper.heic";
const fs::path kTurnedHeic =
    fs::path(SUDOKU_SOURCE_DIR) / "tests" / "data" / "newspaper-rotated.heic";

Bytes FileBytes(const fs::path& path) {
    std::string error;
    Bytes bytes = ReadFileBytes(path, error);
    EXPECT_TRUE(error.empty()) << error;
    return bytes;
}

double MeanDifference(const cv::Mat& a, const cv::Mat& b) {
    cv::Mat difference;
    cv::absdiff(ToGray(a), ToGray(b), difference);
    return cv::mean(difference)[0];
}

// ---- HEIC ------------------------------------------------------------------------------------

TEST(Heif, TheHeaderGivesTheKindAndTheDeclaredSizeOfThePrimaryImage) {
    // libheif 1.15's encoder declares the turned size in the 'ispe' of newspaper-rotated.heic
    // (its HEVC picture is 960x1280): the same number of pixels, which is what the limits count.
    for (const auto& [path, size] :
         {std::pair{kHeic, cv::Size(960, 1280)}, {kTurnedHeic, cv::Size(1280, 960)}}) {
        const Bytes bytes = FileBytes(path);
        const ImageHeader header = ReadImageHeader(bytes);
        EXPECT_EQ(header.kind, ImageKind::Heif) << path;
        EXPECT_EQ(header.size, size) << path;
        // The boxes describing the image come before its data: the first KB tells the size.
        EXPECT_EQ(ReadImageHeader(std::span(bytes).first(1024)).size, size) << path;
    }
}

TEST(Heif, APhotoReadsToTheSameDigitsAsItsJpeg) {
    const Reading jpeg = ReadSudokuFile(kJpeg);
    const Reading heic = ReadSudokuFile(kHeic);
    ASSERT_EQ(jpeg.status, ReadStatus::Solved) << jpeg.message;
    ASSERT_EQ(heic.status, ReadStatus::Solved) << heic.message;
    EXPECT_EQ(heic.givens, jpeg.givens);
    const double tolerance = 0.01 * cv::norm(jpeg.corners[1] - jpeg.corners[0]);
    for (int i = 0; i < 4; ++i)
        EXPECT_LT(cv::norm(heic.corners[i] - jpeg.corners[i]), tolerance) << "corner " << i;
    // heif-enc copied the JPEG's Exif block: the pixels are those of the JPEG, as shown.
    const DecodedImage fromJpeg = DecodeImageFile(kJpeg), fromHeic = DecodeImageFile(kHeic);
    ASSERT_TRUE(fromHeic) << fromHeic.error;
    EXPECT_EQ(fromHeic.image.size(), fromJpeg.image.size());
    EXPECT_LT(MeanDifference(fromHeic.image, fromJpeg.image), 4.0);
}

// The reader's gray comes from the luma plane (no colour conversion): the gray of the colour
// image, turned the same way.
TEST(Heif, TheGrayForReadingIsTheColourImagesGray) {
    for (const fs::path& path : {kHeic, kTurnedHeic}) {
        const Bytes bytes = FileBytes(path);
        const GrayForReading gray = DecodeGrayForReading(bytes, 640);
        const DecodedImage colour = DecodeImage(bytes);
        ASSERT_TRUE(gray) << gray.error;
        ASSERT_TRUE(colour) << colour.error;
        EXPECT_EQ(gray.scale, 1.0);
        ASSERT_EQ(gray.gray.size(), colour.image.size()) << path;
        EXPECT_LT(MeanDifference(gray.gray, colour.image), 1.5) << path;
    }
}

// newspaper-rotated.heic stores the JPEG's pixels as they are, with an 'irot' and an Exif
// orientation 6 that both say "show it turned a quarter clockwise", as an iPhone writes them.
TEST(Heif, ItsRotationIsAppliedOnceNotTwice) {
    const DecodedImage jpeg = DecodeImageFile(kJpeg);
    const DecodedImage turned = DecodeImageFile(kTurnedHeic);
    ASSERT_TRUE(turned) << turned.error;
    // Once: landscape. Twice (the Exif tag on top of 'irot') or never: portrait again.
    ASSERT_EQ(turned.image.size(), cv::Size(1280, 960));
    cv::Mat clockwise, counterClockwise;
    cv::rotate(jpeg.image, clockwise, cv::ROTATE_90_CLOCKWISE);
    cv::rotate(jpeg.image, counterClockwise, cv::ROTATE_90_COUNTERCLOCKWISE);
    const double right = MeanDifference(turned.image, clockwise);
    EXPECT_LT(right, 4.0);
    EXPECT_GT(MeanDifference(turned.image, counterClockwise), 4 * right);

    const Reading upright = ReadSudokuFile(kJpeg);
    const Reading r = ReadSudokuFile(kTurnedHeic);
    ASSERT_EQ(r.status, ReadStatus::Solved) << r.message;
    EXPECT_EQ(r.givens, upright.givens);
    // Where the turned photo shows the JPEG's pixel p: (h - 1 - p.y, p.x).
    const double tolerance = 0.01 * cv::norm(upright.corners[1] - upright.corners[0]);
    const float h = static_cast<float>(jpeg.image.rows - 1);
    for (int i = 0; i < 4; ++i) {
        const cv::Point2f p = upright.corners[i];
        EXPECT_LT(cv::norm(r.corners[i] - cv::Point2f(h - p.y, p.x)), tolerance) << i;
    }
}

TEST(Heif, TheLimitsApply) {
    ReaderOptions options;
    options.limits.maxPixels = 1'000'000;
    const Reading r = ReadSudoku(FileBytes(kHeic), options);
    EXPECT_EQ(r.status, ReadStatus::Error);
    EXPECT_NE(r.message.find("960x1280 = 1.2 megapixels, above the 1 megapixel limit"),
              std::string::npos)
        << r.message;
}

// ---- GIF -------------------------------------------------------------------------------------

// Global colours: black, white, red; the frame's own: blue, yellow (transparent).
const std::vector<cv::Vec3b> kGlobal = {{0, 0, 0}, {255, 255, 255}, {255, 0, 0}};
const std::vector<cv::Vec3b> kLocal = {{0, 0, 255}, {255, 255, 0}};
const cv::Vec3b kWhite(255, 255, 255), kBlueBgr(255, 0, 0), kRedBgr(0, 0, 255);

// A 12x9 frame: row y is index 0 (blue) where y % 3 == 0, else 1 (transparent).
GifFrame StripedFrame(bool interlaced) {
    GifFrame frame;
    frame.indices = cv::Mat(9, 12, CV_8U);
    for (int y = 0; y < frame.indices.rows; ++y)
        frame.indices.row(y).setTo(y % 3 == 0 ? 0 : 1);
    frame.at = {20, 10};
    frame.colours = kLocal;
    frame.transparent = 1;
    frame.interlaced = interlaced;
    return frame;
}

TEST(Gif, TheFirstFrameIsPlacedColouredAndDeinterlaced) {
    for (const bool interlaced : {false, true}) {
        GifFrame second;  // all red: must not show
        second.indices = cv::Mat(40, 80, CV_8U, cv::Scalar(2));
        const Bytes gif = EncodeGif({80, 40}, kGlobal, {StripedFrame(interlaced), second});
        EXPECT_EQ(ReadImageHeader(gif).kind, ImageKind::Gif);
        const DecodedImage decoded = DecodeImage(gif);
        ASSERT_TRUE(decoded) << decoded.error;
        const cv::Mat& image = decoded.image;
        ASSERT_EQ(image.size(), cv::Size(80, 40));
        for (int y = 0; y < 40; ++y)
            for (int x = 0; x < 80; ++x) {
                const bool inFrame = x >= 20 && x < 32 && y >= 10 && y < 19;
                const cv::Vec3b want = inFrame && (y - 10) % 3 == 0 ? kBlueBgr : kWhite;
                ASSERT_EQ(image.at<cv::Vec3b>(y, x), want)
                    << "interlaced " << interlaced << " at " << x << "," << y;
            }
    }
}

TEST(Gif, AFirstFrameLargerThanTheScreenGrowsIt) {
    GifFrame frame;
    frame.indices = cv::Mat(30, 50, CV_8U, cv::Scalar(2));
    frame.at = {5, 5};
    const DecodedImage decoded = DecodeImage(EncodeGif({20, 20}, kGlobal, {frame}));
    ASSERT_TRUE(decoded) << decoded.error;
    EXPECT_EQ(decoded.image.size(), cv::Size(55, 35));
    EXPECT_EQ(decoded.image.at<cv::Vec3b>(34, 54), kRedBgr);
    EXPECT_EQ(decoded.image.at<cv::Vec3b>(0, 0), kWhite);
}

TEST(Gif, ThePhotoReadsAndTheLimitsApply) {
    GeneratorOptions generator;
    generator.seed = 11;
    generator.grade = false;
    const Board puzzle = Generate(generator).puzzle;
    const Bytes gif = GrayGif(PhotoOf(puzzle));
    const Reading r = ReadSudoku(gif);
    ASSERT_EQ(r.status, ReadStatus::Solved) << r.message;
    EXPECT_EQ(r.givens, puzzle);
    ReaderOptions options;
    options.limits.maxPixels = 500'000;
    const Reading refused = ReadSudoku(gif, options);
    EXPECT_NE(refused.message.find("1280x720 = 0.92 megapixels, above the 0.5 megapixel limit"),
              std::string::npos)
        << refused.message;
}

// ---- WebP (OpenCV's decoder) -------------------------------------------------------------------

TEST(WebP, APhotoReadsAndItsDeclaredSizeIsCheckedFirst) {
    GeneratorOptions generator;
    generator.seed = 12;
    generator.grade = false;
    const Board puzzle = Generate(generator).puzzle;
    Bytes webp;
    ASSERT_TRUE(cv::imencode(".webp", PhotoOf(puzzle), webp, {cv::IMWRITE_WEBP_QUALITY, 90}));
    const Reading r = ReadSudoku(webp);
    ASSERT_EQ(r.status, ReadStatus::Solved) << r.message;
    EXPECT_EQ(r.givens, puzzle);
    // An extended (VP8X) header declaring a 60000x60000 canvas, and nothing after it.
    Bytes bomb = {'R', 'I', 'F', 'F', 22, 0, 0, 0, 'W', 'E', 'B', 'P',
                  'V', 'P', '8', 'X', 10, 0, 0, 0, 0,   0,   0,   0};
    for (int side = 0; side < 2; ++side)
        for (int shift = 0; shift < 24; shift += 8)
            bomb.push_back(static_cast<std::uint8_t>((60000 - 1) >> shift));
    const DecodedImage decoded = DecodeImage(bomb);
    EXPECT_NE(decoded.error.find("60000x60000 = 3600 megapixels"), std::string::npos)
        << decoded.error;
}

void PutLe(Bytes& out, std::uint32_t value, int bytes) {
    for (int k = 0; k < bytes; ++k)
        out.push_back(static_cast<std::uint8_t>(value >> (8 * k)));
}

// The simple (VP8) WebP made extended (VP8X) with an EXIF chunk holding only an orientation.
Bytes WithExifChunk(const Bytes& webp, cv::Size size, int orientation) {
    Bytes out = {'R', 'I', 'F', 'F', 0,  0, 0, 0, 'W',  'E', 'B', 'P',
                 'V', 'P', '8', 'X', 10, 0, 0, 0, 0x08, 0,   0,   0};  // flags: EXIF present
    PutLe(out, static_cast<std::uint32_t>(size.width - 1), 3);
    PutLe(out, static_cast<std::uint32_t>(size.height - 1), 3);
    out.insert(out.end(), webp.begin() + 12, webp.end());  // the VP8 chunk
    const Bytes exif = {'I',
                        'I',
                        42,
                        0,
                        8,
                        0,
                        0,
                        0,
                        1,
                        0,
                        0x12,
                        0x01,
                        3,
                        0,
                        1,
                        0,
                        0,
                        0,
                        static_cast<std::uint8_t>(orientation),
                        0,
                        0,
                        0,
                        0,
                        0,
                        0,
                        0};
    out.insert(out.end(), {'E', 'X', 'I', 'F'});
    PutLe(out, static_cast<std::uint32_t>(exif.size()), 4);
    out.insert(out.end(), exif.begin(), exif.end());
    const auto riff = static_cast<std::uint32_t>(out.size() - 8);
    for (int k = 0; k < 4; ++k)
        out[4 + k] = static_cast<std::uint8_t>(riff >> (8 * k));
    return out;
}

// WebP's EXIF chunk is metadata only: OpenCV does not apply its orientation, and neither does
// Chromium (reported: WebKit does), the browser whose preview the page outlines the grid on.
// Kept as stored, so that the outline falls on the grid there.
TEST(WebP, AnExifOrientationIsNotApplied) {
    const cv::Mat photo = DecodeImageFile(kJpeg).image;
    Bytes webp;
    ASSERT_TRUE(cv::imencode(".webp", photo, webp, {cv::IMWRITE_WEBP_QUALITY, 80}));
    ASSERT_TRUE(std::equal(webp.begin() + 12, webp.begin() + 16, "VP8 "));
    const Bytes tagged = WithExifChunk(webp, photo.size(), 6);
    EXPECT_EQ(ReadImageHeader(tagged).size, photo.size());
    const DecodedImage decoded = DecodeImage(tagged);
    ASSERT_TRUE(decoded) << decoded.error;
    EXPECT_EQ(decoded.image.size(), photo.size());
}

// ---- the batch -------------------------------------------------------------------------------

TEST(Batch, FindsHeicAndGifPhotosInAFolder) {
    const fs::path dir = FreshDir("formats-batch");
    fs::create_directories(dir / "in");
    fs::copy_file(kHeic, dir / "in" / "IMG_0001.HEIC");
    const Bytes gif = GrayGif(DecodeImageFile(kJpeg).image);
    WriteText(dir / "in" / "screenshot.gif", std::string(gif.begin(), gif.end()));
    WriteText(dir / "in" / "notes.txt", "not a photo\n");
    const ProgramRun run = RunProgram(
        Cat({"batch ", Quote((dir / "in").string()), " -o ", Quote((dir / "out").string())}));
    EXPECT_EQ(run.code, 0) << run.out << run.err;
    std::vector<std::string> solved;
    for (const std::string& line : Lines(ReadText(dir / "out" / "results.jsonl"))) {
        const nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
        if (j.value("status", "") == "solved") solved.push_back(j.value("file", ""));
    }
    std::sort(solved.begin(), solved.end());
    EXPECT_EQ(solved, (std::vector<std::string>{"IMG_0001.HEIC", "screenshot.gif"}));
    // The annotated copies are PNG: OpenCV writes neither HEIC nor GIF.
    EXPECT_TRUE(fs::exists(dir / "out" / "IMG_0001.HEIC.png"));
    EXPECT_TRUE(fs::exists(dir / "out" / "screenshot.gif.png"));
}

}  // namespace
}  // namespace sudoku::testing
