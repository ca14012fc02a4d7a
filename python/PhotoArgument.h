#pragma once
// The photo `read` and `decode_image` are given, told apart by its Python type: a file path (str
// or os.PathLike), an encoded photo (bytes, bytearray or memoryview: JPEG, PNG, ...), or pixels
// (a numpy array of uint8 or uint16, HxW gray, HxWx1, HxWx3 BGR or HxWx4 BGRA, as OpenCV's cv2
// gives them). numpy is imported only when an array is given.

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>

#include <pybind11/pybind11.h>
#include <opencv2/core.hpp>

namespace sudokucam::python {

struct PhotoArgument {
    enum class Kind { File, Encoded, Pixels };
    Kind kind = Kind::File;
    std::filesystem::path path;           // Kind::File
    std::span<const std::uint8_t> bytes;  // Kind::Encoded: the buffer `owner` keeps alive
    cv::Mat pixels;                       // Kind::Pixels: a view of the array `owner` keeps alive
    pybind11::object owner;               // the Python object the bytes or pixels belong to
    std::string name;                     // the path as given, "bytes" or "array": the "file" field
};

// Throws TypeError for another type, ValueError for an array of another dtype or shape, or a
// buffer that is not a contiguous run of bytes. Needs the GIL; the result may then be read
// without it while the caller holds the PhotoArgument.
PhotoArgument ToPhotoArgument(const pybind11::object& photo);

// Raises the Python exception for a photo that could not be read, with the message the command
// line prints: FileNotFoundError for a missing file, IsADirectoryError, PermissionError or
// OSError when the file cannot be opened as one, otherwise `otherwise` (ValueError: a damaged or
// unsupported image, one above the limits or too small; RuntimeError: the engine does not load).
[[noreturn]] void RaisePhotoError(const PhotoArgument& photo, const std::string& message,
                                  PyObject* otherwise = PyExc_ValueError);

}  // namespace sudokucam::python
