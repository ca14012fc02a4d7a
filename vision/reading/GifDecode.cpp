#include "vision/reading/GifDecode.h"

#include <gif_lib.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace sudoku {
namespace {

// The encoded bytes giflib pulls from, as a file it reads.
struct Source {
    std::span<const std::uint8_t> bytes;
    std::size_t at = 0;
};

int ReadBytes(GifFileType* gif, GifByteType* out, int length) {
    auto* source = static_cast<Source*>(gif->UserData);
    const std::size_t n = std::min<std::size_t>(static_cast<std::size_t>(std::max(length, 0)),
                                                source->bytes.size() - source->at);
    if (n > 0) std::memcpy(out, source->bytes.data() + source->at, n);
    source->at += n;
    return static_cast<int>(n);
}

void Close(GifFileType* gif) {
    int ignored = 0;
    DGifCloseFile(gif, &ignored);
}
using Gif = std::unique_ptr<GifFileType, decltype(&Close)>;

std::string Damaged(int code) {
    const char* reason = GifErrorString(code);
    std::string text = "the GIF image is damaged or cut short and cannot be decoded";
    if (reason) text.append(" (giflib: ").append(reason).append(")");
    return text;
}

// Reads the records before the first image, keeping the transparent colour index a graphics
// control extension gives it (-1: none). False at an error or at the end of a GIF with no image.
bool SkipToFirstImage(GifFileType* gif, int& transparent, std::string& error) {
    for (;;) {
        GifRecordType type = UNDEFINED_RECORD_TYPE;
        if (DGifGetRecordType(gif, &type) == GIF_ERROR) {
            error = Damaged(gif->Error);
            return false;
        }
        if (type == IMAGE_DESC_RECORD_TYPE) return true;
        if (type == TERMINATE_RECORD_TYPE) {
            error = "the GIF image holds no picture, only its header";
            return false;
        }
        int code = 0;
        GifByteType* block = nullptr;
        if (type != EXTENSION_RECORD_TYPE || DGifGetExtension(gif, &code, &block) == GIF_ERROR) {
            error = Damaged(gif->Error);
            return false;
        }
        // Graphics control: size 4, then packed flags (bit 0: transparency), delay, index.
        if (code == GRAPHICS_EXT_FUNC_CODE && block && block[0] >= 4)
            transparent = (block[1] & 1) ? block[4] : -1;
        while (block) {
            if (DGifGetExtensionNext(gif, &block) == GIF_ERROR) {
                error = Damaged(gif->Error);
                return false;
            }
        }
    }
}

// The rows of a frame in the order they are stored: interlaced, every 8th from 0, every 8th
// from 4, every 4th from 2, then every 2nd from 1.
std::vector<int> RowOrder(int height, bool interlaced) {
    std::vector<int> rows;
    rows.reserve(static_cast<std::size_t>(height));
    if (!interlaced) {
        for (int y = 0; y < height; ++y)
            rows.push_back(y);
        return rows;
    }
    constexpr int kStart[] = {0, 4, 2, 1}, kStep[] = {8, 8, 4, 2};
    for (int pass = 0; pass < 4; ++pass)
        for (int y = kStart[pass]; y < height; y += kStep[pass])
            rows.push_back(y);
    return rows;
}

// One row of colour indices drawn at (left, y) on the canvas.
void DrawRow(cv::Mat& canvas, const std::vector<GifPixelType>& row, int left, int y,
             const ColorMapObject* colours, int transparent) {
    auto* out = canvas.ptr<cv::Vec3b>(y) + left;
    for (std::size_t x = 0; x < row.size(); ++x) {
        const int index = row[x];
        if (index == transparent) continue;
        if (!colours) {  // no colour table at all: the indices as gray levels
            out[x] = cv::Vec3b::all(static_cast<std::uint8_t>(index));
        } else if (index < colours->ColorCount) {
            const GifColorType c = colours->Colors[index];
            out[x] = cv::Vec3b(c.Blue, c.Green, c.Red);
        } else {
            out[x] = cv::Vec3b::all(0);
        }
    }
}

}  // namespace

DecodedImage DecodeGif(std::span<const std::uint8_t> bytes, const InputLimits& limits) {
    Source source{bytes};
    int code = 0;
    const Gif gif(DGifOpen(&source, ReadBytes, &code), Close);
    if (!gif) return {{}, Damaged(code)};
    int transparent = -1;
    std::string error;
    if (!SkipToFirstImage(gif.get(), transparent, error)) return {{}, error};
    if (DGifGetImageDesc(gif.get()) == GIF_ERROR) return {{}, Damaged(gif->Error)};
    const GifImageDesc frame = gif->Image;
    // Viewers grow the screen to hold a first frame larger than it.
    const cv::Size canvasSize(std::max(gif->SWidth, frame.Left + frame.Width),
                              std::max(gif->SHeight, frame.Top + frame.Height));
    if (std::string refused = PixelLimitMessage(canvasSize, limits); !refused.empty())
        return {{}, refused};
    if (canvasSize.area() == 0) return {{}, "the GIF image is 0 pixels wide or high"};
    cv::Mat canvas(canvasSize, CV_8UC3, cv::Scalar::all(255));
    const ColorMapObject* colours = frame.ColorMap ? frame.ColorMap : gif->SColorMap;
    std::vector<GifPixelType> row(static_cast<std::size_t>(frame.Width));
    for (const int y : RowOrder(frame.Height, frame.Interlace)) {
        if (DGifGetLine(gif.get(), row.data(), frame.Width) == GIF_ERROR)
            return {{}, Damaged(gif->Error)};
        DrawRow(canvas, row, frame.Left, frame.Top + y, colours, transparent);
    }
    return {canvas, {}};
}

}  // namespace sudoku
