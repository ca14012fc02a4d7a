#include "tests/GifWriter.h"

#include <gif_lib.h>

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

#include <opencv2/imgproc.hpp>

namespace sudoku::testing {
namespace {

using Bytes = std::vector<std::uint8_t>;

int WriteBytes(GifFileType* gif, const GifByteType* data, int length) {
    auto* out = static_cast<Bytes*>(gif->UserData);
    out->insert(out->end(), data, data + length);
    return length;
}

void Require(int result, GifFileType* gif, const char* what) {
    if (result == GIF_ERROR)
        throw std::runtime_error(std::string("giflib cannot write the ") + what + ": " +
                                 GifErrorString(gif->Error));
}

using ColourMapPtr = std::unique_ptr<ColorMapObject, decltype(&GifFreeMapObject)>;

// giflib's tables hold a power of two colours: the rest is black. None for no colours.
ColourMapPtr ColourMap(const std::vector<cv::Vec3b>& colours) {
    if (colours.empty()) return {nullptr, GifFreeMapObject};
    int count = 2;
    while (count < static_cast<int>(colours.size()))
        count *= 2;
    std::vector<GifColorType> table(static_cast<std::size_t>(count), GifColorType{0, 0, 0});
    for (std::size_t i = 0; i < colours.size(); ++i)
        table[i] = {colours[i][0], colours[i][1], colours[i][2]};
    return {GifMakeMapObject(count, table.data()), GifFreeMapObject};
}

// Interlaced frames store every 8th row from 0, every 8th from 4, every 4th from 2, every 2nd
// from 1.
std::vector<int> StoredRows(int height, bool interlaced) {
    std::vector<int> rows;
    if (!interlaced) {
        for (int y = 0; y < height; ++y)
            rows.push_back(y);
        return rows;
    }
    for (const auto& [start, step] : {std::pair{0, 8}, {4, 8}, {2, 4}, {1, 2}})
        for (int y = start; y < height; y += step)
            rows.push_back(y);
    return rows;
}

void PutFrame(GifFileType* gif, const GifFrame& frame) {
    // Graphics control: transparency flag, a delay of 50 hundredths, the transparent index.
    const GifByteType control[4] = {static_cast<GifByteType>(frame.transparent >= 0 ? 1 : 0), 50, 0,
                                    static_cast<GifByteType>(std::max(frame.transparent, 0))};
    Require(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, control), gif, "graphics control");
    const ColourMapPtr local = ColourMap(frame.colours);
    // giflib 5.2.1 forgets (leaks) the previous frame's local table when this one has none.
    if (!local && gif->Image.ColorMap) {
        GifFreeMapObject(gif->Image.ColorMap);
        gif->Image.ColorMap = nullptr;
    }
    Require(EGifPutImageDesc(gif, frame.at.x, frame.at.y, frame.indices.cols, frame.indices.rows,
                             frame.interlaced, local.get()),
            gif, "image descriptor");
    for (const int y : StoredRows(frame.indices.rows, frame.interlaced)) {
        cv::Mat row = frame.indices.row(y).clone();
        Require(EGifPutLine(gif, row.ptr<GifPixelType>(), row.cols), gif, "pixels");
    }
}

}  // namespace

std::vector<std::uint8_t> EncodeGif(cv::Size screen, const std::vector<cv::Vec3b>& colours,
                                    const std::vector<GifFrame>& frames) {
    Bytes out;
    int error = 0;
    GifFileType* gif = EGifOpen(&out, WriteBytes, &error);
    if (!gif) throw std::runtime_error("giflib cannot start a GIF");
    try {
        EGifSetGifVersion(gif, true);
        const auto global = ColourMap(colours);
        Require(EGifPutScreenDesc(gif, screen.width, screen.height, 8, 0, global.get()), gif,
                "screen");
        for (const GifFrame& frame : frames)
            PutFrame(gif, frame);
    } catch (...) {
        EGifCloseFile(gif, &error);
        throw;
    }
    if (EGifCloseFile(gif, &error) == GIF_ERROR)
        throw std::runtime_error(std::string("giflib cannot end the GIF: ") +
                                 GifErrorString(error));
    return out;
}

std::vector<cv::Vec3b> GrayColours() {
    std::vector<cv::Vec3b> grays;
    for (int level = 0; level < 256; ++level)
        grays.push_back(cv::Vec3b::all(static_cast<std::uint8_t>(level)));
    return grays;
}

GifFrame GrayFrame(const cv::Mat& bgr) {
    GifFrame frame;
    cv::cvtColor(bgr, frame.indices, cv::COLOR_BGR2GRAY);
    return frame;
}

std::vector<std::uint8_t> GrayGif(const cv::Mat& bgr) {
    return EncodeGif(bgr.size(), GrayColours(), {GrayFrame(bgr)});
}

}  // namespace sudoku::testing
