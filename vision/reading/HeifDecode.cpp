#include "vision/reading/HeifDecode.h"

#include <libheif/heif.h>

#include <algorithm>
#include <cctype>
#include <memory>
#include <string>

#include <opencv2/imgproc.hpp>

namespace sudoku {
namespace {

using Context = std::unique_ptr<heif_context, decltype(&heif_context_free)>;
using Handle = std::unique_ptr<const heif_image_handle, decltype(&heif_image_handle_release)>;
using Image = std::unique_ptr<const heif_image, decltype(&heif_image_release)>;
using Options = std::unique_ptr<heif_decoding_options, decltype(&heif_decoding_options_free)>;

// heif_init loads the codec plugins a libheif may have; it counts its calls, so one for the
// process is enough and safe from several threads at once (a static's initialisation is).
void InitLibheif() {
    static const bool initialised = heif_init(nullptr).code == heif_error_Ok;
    (void)initialised;  // without plugins the built-in decoders still work
}

// "the HEIF image is damaged or cut short (libheif: Invalid input: ...)".
std::string Failure(const heif_error& error) {
    std::string text;
    if (error.subcode == heif_suberror_Security_limit_exceeded)
        text = "the HEIF image is beyond libheif's security limits";
    else if (error.code == heif_error_Unsupported_feature ||
             error.code == heif_error_Unsupported_filetype)
        text = "unsupported HEIF image";
    else
        text = "the HEIF image is damaged or cut short and cannot be decoded";
    std::string detail = error.message ? error.message : "no message";
    // Some of libheif's messages end in a line break.
    while (!detail.empty() && std::isspace(static_cast<unsigned char>(detail.back())))
        detail.pop_back();
    text.append(" (libheif: ").append(detail).append(")");
    return text;
}

// libheif's own per-side guard, tightened to the sides a photo within our limit can have (at
// least kMinPhotoSide on the other side), never loosened past libheif's default of 32768.
int SideLimit(const InputLimits& limits) {
    constexpr std::int64_t kLibheifDefault = 32768;
    return static_cast<int>(
        std::clamp<std::int64_t>(limits.maxPixels / kMinPhotoSide, 1, kLibheifDefault));
}

// The primary image's handle after libheif has parsed the boxes (no pixel decoded yet).
Handle PrimaryImage(heif_context* context, std::span<const std::uint8_t> bytes,
                    std::string& error) {
    heif_error result =
        heif_context_read_from_memory_without_copy(context, bytes.data(), bytes.size(), nullptr);
    heif_image_handle* handle = nullptr;
    if (result.code == heif_error_Ok)
        result = heif_context_get_primary_image_handle(context, &handle);
    if (result.code != heif_error_Ok) error = Failure(result);
    return {handle, heif_image_handle_release};
}

// Both sizes are checked: the stored one ('ispe') is what decoding allocates, the shown one
// (cropped, turned) is what the reader gets.
std::string CheckSizes(const heif_image_handle* handle, const InputLimits& limits) {
    const cv::Size stored(heif_image_handle_get_ispe_width(handle),
                          heif_image_handle_get_ispe_height(handle));
    const cv::Size shown(heif_image_handle_get_width(handle), heif_image_handle_get_height(handle));
    std::string refused = PixelLimitMessage(stored, limits);
    if (refused.empty()) refused = PixelLimitMessage(shown, limits);
    return refused;
}

// Interleaved 8-bit RGB, or 8-bit YCbCr 4:2:0 for its luma plane, libheif's transformations
// applied (its default), 10- and 12-bit photos reduced to 8 bits.
Image Decode(const heif_image_handle* handle, bool gray, heif_error& result) {
    const Options options(heif_decoding_options_alloc(), heif_decoding_options_free);
    options->ignore_transformations = 0;
    options->convert_hdr_to_8bit = 1;
    heif_image* image = nullptr;
    result = gray ? heif_decode_image(handle, &image, heif_colorspace_YCbCr, heif_chroma_420,
                                      options.get())
                  : heif_decode_image(handle, &image, heif_colorspace_RGB,
                                      heif_chroma_interleaved_RGB, options.get());
    return {image, heif_image_release};
}

// Whether the luma spans 0-255 (libheif's assumption without a colour profile) or 16-235.
bool FullRange(const heif_image* image) {
    heif_color_profile_nclx* nclx = nullptr;
    if (heif_image_get_nclx_color_profile(image, &nclx).code != heif_error_Ok || !nclx) return true;
    const bool full = nclx->full_range_flag != 0;
    heif_nclx_color_profile_free(nclx);
    return full;
}

// The decoded plane copied out of libheif: BGR from interleaved RGB, or gray from the Y plane,
// stretched to 0-255 as the RGB conversion would when it is limited-range.
cv::Mat ToMat(const heif_image* image, bool gray) {
    const heif_channel channel = gray ? heif_channel_Y : heif_channel_interleaved;
    int stride = 0;
    const std::uint8_t* pixels = heif_image_get_plane_readonly(image, channel, &stride);
    const int width = heif_image_get_width(image, channel);
    const int height = heif_image_get_height(image, channel);
    if (!pixels || width <= 0 || height <= 0 ||
        heif_image_get_bits_per_pixel(image, channel) != (gray ? 8 : 24))
        return {};
    const cv::Mat plane(height, width, gray ? CV_8UC1 : CV_8UC3, const_cast<std::uint8_t*>(pixels),
                        static_cast<std::size_t>(stride));
    cv::Mat out;
    if (!gray)
        cv::cvtColor(plane, out, cv::COLOR_RGB2BGR);
    else if (FullRange(image))
        plane.copyTo(out);
    else
        plane.convertTo(out, CV_8U, 255.0 / 219.0, -16.0 * 255.0 / 219.0);
    return out;
}

// The image's pixels, or the reason there are none. Gray comes from the luma plane, without
// libheif's colour conversion (half the decoding time of a 12 MP photo); a photo whose coding
// has no such plane libheif can give goes through RGB.
DecodedImage DecodePixels(const heif_image_handle* handle, bool gray) {
    heif_error result{};
    Image image = Decode(handle, gray, result);
    if (gray && result.code == heif_error_Unsupported_feature) {
        DecodedImage colour = DecodePixels(handle, false);
        if (colour) cv::cvtColor(colour.image, colour.image, cv::COLOR_BGR2GRAY);
        return colour;
    }
    if (!image) return {{}, Failure(result)};
    cv::Mat pixels = ToMat(image.get(), gray);
    if (pixels.empty()) return {{}, "the HEIF image is damaged: libheif gave no 8-bit pixels"};
    return {pixels, {}};
}

}  // namespace

DecodedImage DecodeHeif(std::span<const std::uint8_t> bytes, const InputLimits& limits, bool gray) {
    InitLibheif();
    const Context context(heif_context_alloc(), heif_context_free);
    if (!context) return {{}, "cannot decode the HEIF image: libheif has no memory"};
    heif_context_set_maximum_image_size_limit(context.get(), SideLimit(limits));
    std::string error;
    const Handle handle = PrimaryImage(context.get(), bytes, error);
    if (!handle) return {{}, error};
    if (std::string refused = CheckSizes(handle.get(), limits); !refused.empty())
        return {{}, refused};
    return DecodePixels(handle.get(), gray);
}

}  // namespace sudoku
