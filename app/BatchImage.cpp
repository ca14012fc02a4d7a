#include "app/BatchImage.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <exception>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <system_error>
#include <vector>

#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>

#include "app/ReadingJson.h"
#include "vision/ImageDecode.h"

namespace sudokucam {
namespace {

namespace fs = std::filesystem;
using sudoku::Reading;
using sudoku::ReadStatus;

std::optional<std::vector<std::uint8_t>> ReadBytes(const fs::path& path) {
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    if (!in) return std::nullopt;
    const std::streamoff size = in.tellg();
    if (size < 0) return std::nullopt;
    std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size));
    in.seekg(0);
    if (!bytes.empty() && !in.read(reinterpret_cast<char*>(bytes.data()), size))
        return std::nullopt;
    return bytes;
}

Reading ErrorReading(std::string message) {
    Reading r;
    r.status = ReadStatus::Error;
    r.message = std::move(message);
    return r;
}

// Writes to a temporary file beside `path`, then renames it: a reader of the output folder (or a
// killed run) never sees half an image under the real name.
void WriteAtomically(const fs::path& path, const std::vector<std::uint8_t>& bytes) {
    fs::create_directories(path.parent_path());
    fs::path temp = path;
    temp += std::string(kTempSuffix);
    {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(bytes.data()),
                  static_cast<std::streamsize>(bytes.size()));
        out.close();
        if (!out) {
            std::error_code ignored;
            fs::remove(temp, ignored);
            throw std::runtime_error("cannot write " + temp.string());
        }
    }
    fs::rename(temp, path);
}

void WriteAnnotated(const std::vector<std::uint8_t>& bytes, const Reading& r,
                    const fs::path& output, const Annotator& annotate) {
    const sudoku::DecodedImage photo = sudoku::DecodeImage(bytes);
    if (!photo) throw std::runtime_error(photo.error);
    cv::Mat image = photo.image;
    if (annotate) annotate(image, r);
    std::vector<std::uint8_t> encoded;
    if (!cv::imencode(output.extension().string(), image, encoded))
        throw std::runtime_error("cannot encode " + output.string());
    WriteAtomically(output, encoded);
}

}  // namespace

fs::path AnnotatedPath(const fs::path& outputDir, const fs::path& file) {
    fs::path out = outputDir / file;
    std::string ext = file.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    // Netpbm would write the colour annotations as a bitmap or gray: PNG keeps them.
    const bool netpbm = ext == ".pbm" || ext == ".pgm" || ext == ".ppm" || ext == ".pnm";
    if (ext.empty() || netpbm || !cv::haveImageWriter("x" + ext)) out += ".png";
    return out;
}

ImageResult ProcessImage(const fs::path& path, const fs::path& file, const fs::path& outputDir,
                         const sudoku::ReaderOptions& reader, const Annotator& annotate) {
    ImageResult result;
    result.file = file.generic_string();
    const auto bytes = ReadBytes(path);
    Reading r;
    try {
        r = bytes ? sudoku::ReadSudoku(*bytes, reader) : ErrorReading("cannot read the file");
    } catch (const std::exception& e) {
        r = ErrorReading(e.what());
    }
    nlohmann::json j = ReadingJson(result.file, r);
    if (r.status != ReadStatus::Error) {
        const fs::path output = AnnotatedPath(outputDir, file);
        try {
            WriteAnnotated(*bytes, r, output, annotate);
            j["output"] = output.lexically_relative(outputDir).generic_string();
        } catch (const std::exception& e) {
            j["output_error"] = e.what();
            result.outputFailed = true;
        }
    }
    result.status = r.status;
    // File names need not be UTF-8: replace what is not rather than fail the line.
    result.line = j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return result;
}

}  // namespace sudokucam
