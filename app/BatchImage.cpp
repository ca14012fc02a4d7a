#include "app/BatchImage.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <exception>
#include <stdexcept>
#include <system_error>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>

#include "app/ReadingJson.h"
#include "vision/reading/ImageDecode.h"
#include "vision/reading/InputLimits.h"

namespace sudokucam {
namespace {

namespace fs = std::filesystem;
using sudoku::Reading;
using sudoku::ReadStatus;

Reading ErrorReading(std::string message) {
    Reading r;
    r.status = ReadStatus::Error;
    r.message = std::move(message);
    return r;
}

// A failure to write the annotated copy, with the errno behind it (0 when there is none).
class OutputError : public std::runtime_error {
public:
    OutputError(const std::string& what, int code) : std::runtime_error(what), code_(code) {}
    int code() const { return code_; }

private:
    int code_;
};

[[noreturn]] void ThrowOutputError(const std::string& what, int code) {
    throw OutputError(what + ": " + std::strerror(code), code);
}

// Failures of the disk rather than of the image: every image after this one would fail alike.
bool IsDiskError(int code) {
    return code == ENOSPC || code == EDQUOT || code == EROFS || code == EIO;
}

// 0, or the errno of the failed write().
int WriteAll(int fd, const std::vector<std::uint8_t>& bytes) {
    std::size_t written = 0;
    while (written < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + written, bytes.size() - written);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return n < 0 ? errno : ENOSPC;
        written += static_cast<std::size_t>(n);
    }
    return 0;
}

// Writes to a temporary file beside `path`, then renames it: a reader of the output folder (or a
// killed run) never sees half an image under the real name. On failure the temporary file is
// removed and the error names the file and the system's reason.
void WriteAtomically(const fs::path& path, const std::vector<std::uint8_t>& bytes,
                     const std::string& tempSuffix) {
    std::error_code ec;
    fs::create_directories(path.parent_path(), ec);
    if (ec) ThrowOutputError("cannot create " + path.parent_path().string(), ec.value());
    fs::path temp = path;
    temp += tempSuffix;
    const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) ThrowOutputError("cannot create " + temp.string(), errno);
    int code = WriteAll(fd, bytes);
    // Some file systems (NFS) only report a full disk when the file is closed.
    if (::close(fd) != 0 && code == 0) code = errno;
    std::string what = "cannot write " + temp.string();
    if (code == 0 && ::rename(temp.c_str(), path.c_str()) != 0) {
        code = errno;
        what = "cannot rename " + temp.string() + " to " + path.filename().string();
    }
    if (code == 0) return;
    ::unlink(temp.c_str());
    ThrowOutputError(what, code);
}

// Decodes the photo once, for reading and for the annotated copy kept in `photo`; the reader's
// limits are checked on the file's size before it is read and on its header before decoding.
Reading ReadPhoto(const fs::path& path, const sudoku::ReaderOptions& reader, cv::Mat& photo) {
    std::string error = sudoku::CheckImageFile(path, reader.limits);
    if (!error.empty()) return ErrorReading(error);
    sudoku::DecodedImage decoded;
    {
        // The encoded bytes are dropped as soon as they are decoded.
        const std::vector<std::uint8_t> bytes = sudoku::ReadFileBytes(path, error);
        if (!error.empty()) return ErrorReading(error);
        decoded = sudoku::DecodeImage(bytes, reader.limits);
    }
    if (!decoded) return ErrorReading(decoded.error);
    photo = decoded.image;
    try {
        return sudoku::ReadSudoku(photo, reader);
    } catch (const std::exception& e) {
        return ErrorReading(e.what());
    }
}

void WriteAnnotated(cv::Mat& photo, const Reading& r, const fs::path& path,
                    const ImageOutput& output) {
    if (output.annotate) output.annotate(photo, r);
    std::vector<std::uint8_t> encoded;
    if (!cv::imencode(path.extension().string(), photo, encoded))
        throw std::runtime_error("cannot encode " + path.string());
    WriteAtomically(path, encoded, output.tempSuffix);
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

ImageResult ProcessImage(const BatchInput& input, const ImageOutput& output,
                         const sudoku::ReaderOptions& reader) {
    ImageResult result;
    result.file = input.file;
    cv::Mat photo;
    const Reading r = ReadPhoto(input.path, reader, photo);
    nlohmann::json j = ReadingJson(result.file, r);
    if (r.status != ReadStatus::Error) {
        const fs::path path = AnnotatedPath(output.dir, input.outputName);
        try {
            WriteAnnotated(photo, r, path, output);
            j["output"] = path.lexically_relative(output.dir).generic_string();
        } catch (const OutputError& e) {
            if (IsDiskError(e.code())) {
                result.diskFailed = true;
                result.diskError = e.what();
            }
            j["output_error"] = e.what();
            result.outputFailed = true;
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
