// Writes the tests' sample files in the formats sudokucam reads without OpenCV
// (tests/data/make-samples.sh runs it):
//  - heic: a HEIC the way a phone writes one: the photo's pixels encoded with x265 through
//    libheif, turned for display by HEIF's own 'irot' property when asked, with an Exif block
//    whose orientation tag says the same turn (an iPhone writes both; a reader that applied both
//    would turn the photo twice). heif-enc cannot write an 'irot' (libheif 1.15), hence this.
//  - gif: the photo in 256 grays (tests/GifWriter.h), optionally followed by a second frame,
//    the photo mirrored, so that only a reader of the first frame finds the grid.
//
// Usage: MakeSamples heic IN.jpg OUT.heic QUALITY SCALE ORIENTATION
//        MakeSamples gif IN.jpg OUT.gif SCALE FRAMES
//   SCALE: the photo is resized by this factor first;
//   ORIENTATION: 1 (upright) or an Exif orientation (6: shown turned a quarter clockwise);
//   FRAMES: 1 or 2.

#include <libheif/heif.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "tests/GifWriter.h"

namespace {

void Check(const heif_error& error, const char* what) {
    if (error.code == heif_error_Ok) return;
    std::fprintf(stderr, "MakeSamples: %s: %s\n", what, error.message);
    std::exit(1);
}

// A little-endian TIFF header and one directory holding only the orientation tag (0x0112).
std::vector<std::uint8_t> ExifOrientation(int orientation) {
    const auto o = static_cast<std::uint8_t>(orientation);
    return {'I', 'I', 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3,
            0,   1,   0,  0, 0, o, 0, 0, 0, 0, 0,    0,    0};
}

heif_image* ToHeifImage(const cv::Mat& bgr) {
    heif_image* image = nullptr;
    Check(heif_image_create(bgr.cols, bgr.rows, heif_colorspace_RGB, heif_chroma_interleaved_RGB,
                            &image),
          "heif_image_create");
    Check(heif_image_add_plane(image, heif_channel_interleaved, bgr.cols, bgr.rows, 8),
          "heif_image_add_plane");
    int stride = 0;
    std::uint8_t* plane = heif_image_get_plane(image, heif_channel_interleaved, &stride);
    cv::Mat rgb(bgr.rows, bgr.cols, CV_8UC3, plane, static_cast<std::size_t>(stride));
    cv::cvtColor(bgr, rgb, cv::COLOR_BGR2RGB);
    return image;
}

cv::Mat ReadScaled(const char* path, double scale) {
    cv::Mat photo = cv::imread(path, cv::IMREAD_COLOR);
    if (photo.empty()) {
        std::fprintf(stderr, "MakeSamples: cannot read %s\n", path);
        std::exit(1);
    }
    if (scale != 1.0) cv::resize(photo, photo, {}, scale, scale, cv::INTER_AREA);
    return photo;
}

void WriteHeic(const cv::Mat& photo, const char* out, int quality, int orientation) {
    heif_context* context = heif_context_alloc();
    heif_encoder* encoder = nullptr;
    Check(heif_context_get_encoder_for_format(context, heif_compression_HEVC, &encoder),
          "no HEVC encoder");
    Check(heif_encoder_set_lossy_quality(encoder, quality), "quality");
    heif_encoding_options* options = heif_encoding_options_alloc();
    options->image_orientation = static_cast<heif_orientation>(orientation);
    heif_image* image = ToHeifImage(photo);
    heif_image_handle* handle = nullptr;
    Check(heif_context_encode_image(context, image, encoder, options, &handle), "encoding");
    if (orientation != 1) {
        const std::vector<std::uint8_t> exif = ExifOrientation(orientation);
        Check(heif_context_add_exif_metadata(context, handle, exif.data(),
                                             static_cast<int>(exif.size())),
              "Exif");
    }
    Check(heif_context_write_to_file(context, out), "writing");
    heif_image_handle_release(handle);
    heif_image_release(image);
    heif_encoding_options_free(options);
    heif_encoder_release(encoder);
    heif_context_free(context);
}

void WriteGif(const cv::Mat& photo, const char* out, int frames) {
    std::vector<sudoku::testing::GifFrame> all = {sudoku::testing::GrayFrame(photo)};
    if (frames == 2) {
        cv::Mat mirrored;
        cv::flip(photo, mirrored, 1);
        all.push_back(sudoku::testing::GrayFrame(mirrored));
    }
    const std::vector<std::uint8_t> gif =
        sudoku::testing::EncodeGif(photo.size(), sudoku::testing::GrayColours(), all);
    std::FILE* file = std::fopen(out, "wb");
    if (!file || std::fwrite(gif.data(), 1, gif.size(), file) != gif.size()) {
        std::fprintf(stderr, "MakeSamples: cannot write %s\n", out);
        std::exit(1);
    }
    std::fclose(file);
}

}  // namespace

int main(int argc, char** argv) {
    const std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "heic" && argc == 7) {
        WriteHeic(ReadScaled(argv[2], std::stod(argv[5])), argv[3], std::atoi(argv[4]),
                  std::atoi(argv[6]));
        return 0;
    }
    if (mode == "gif" && argc == 6) {
        WriteGif(ReadScaled(argv[2], std::stod(argv[4])), argv[3], std::atoi(argv[5]));
        return 0;
    }
    std::fprintf(stderr,
                 "usage: MakeSamples heic IN.jpg OUT.heic QUALITY SCALE ORIENTATION\n"
                 "       MakeSamples gif IN.jpg OUT.gif SCALE FRAMES\n");
    return 2;
}
