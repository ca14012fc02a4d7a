#pragma once
// The module's photo functions: `read` (the reading, as `sudokucam read --json` prints it) and
// `decode_image` (the pixels the reader sees). The GIL is released while they decode and read, so
// Python threads read photos in parallel.

#include <filesystem>
#include <optional>
#include <string>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

namespace sudokucam::python {

// The keywords of `read`, named as `sudokucam read`'s options.
struct ReadKeywords {
    std::string engine = "cnn";
    std::optional<std::filesystem::path> model;
    int size = 9;
    std::string variant = "classic";  // "classic", "jigsaw" or "x"
    double maxMegapixels = 0;         // the caller passes the reader's defaults
    double maxFileMb = 0;
    bool all = false;
    std::optional<std::string> name;  // the "file" field; none: the path, "bytes" or "array"
};

// One reading as a dict, or with `all` a list of them (every grid, best found first). Raises as
// RaisePhotoError for a photo that cannot be read; ValueError for a bad keyword.
pybind11::object Read(const pybind11::object& photo, const ReadKeywords& keywords);

// The photo as displayed (EXIF orientation applied): an HxWx3 uint8 BGR array. Takes a path or
// encoded bytes, within the same limits as `read`.
pybind11::array DecodeImage(const pybind11::object& photo, double maxMegapixels, double maxFileMb);

}  // namespace sudokucam::python
