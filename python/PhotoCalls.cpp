#include "python/PhotoCalls.h"

#include <algorithm>
#include <exception>
#include <vector>

#include "app/ReaderChoice.h"
#include "app/ReadingJson.h"
#include "python/JsonToPython.h"
#include "python/PhotoArgument.h"
#include "vision/classifying/ClassifierLoader.h"
#include "vision/reading/ImageDecode.h"
#include "vision/reading/ReadSudoku.h"

namespace sudokucam::python {
namespace {

namespace py = pybind11;
using sudoku::Reading;
using sudoku::ReadStatus;

sudoku::InputLimits Limits(double maxMegapixels, double maxFileMb) {
    sudoku::InputLimits limits;
    SetMaxMegapixels(limits, maxMegapixels);
    SetMaxFileMegabytes(limits, maxFileMb);
    return limits;
}

// What `sudokucam read` (with --all: `read --all`) reads from the photo. Needs no GIL.
std::vector<Reading> ReadPhoto(const PhotoArgument& photo, const sudoku::ReaderOptions& options,
                               bool all) {
    using Kind = PhotoArgument::Kind;
    if (all) {
        if (photo.kind == Kind::File) return sudoku::ReadSudokusFile(photo.path, options);
        if (photo.kind == Kind::Encoded) return sudoku::ReadSudokus(photo.bytes, options);
        return sudoku::ReadSudokus(photo.pixels, options);
    }
    if (photo.kind == Kind::File) return {sudoku::ReadSudokuFile(photo.path, options)};
    if (photo.kind == Kind::Encoded) return {sudoku::ReadSudoku(photo.bytes, options)};
    return {sudoku::ReadSudoku(photo.pixels, options)};
}

// The decoded image as a numpy array that owns it (no copy).
py::array ToArray(cv::Mat image) {
    auto* owned = new cv::Mat(std::move(image));
    const py::capsule free(owned, [](void* mat) { delete static_cast<cv::Mat*>(mat); });
    const auto channels = static_cast<py::ssize_t>(owned->channels());
    return py::array_t<std::uint8_t>(
        {static_cast<py::ssize_t>(owned->rows), static_cast<py::ssize_t>(owned->cols), channels},
        {static_cast<py::ssize_t>(owned->step[0]), channels, py::ssize_t{1}}, owned->data, free);
}

}  // namespace

py::object Read(const py::object& photo, const ReadKeywords& keywords) {
    ReaderChoice choice;
    choice.engine = keywords.engine;
    if (keywords.model) choice.model = keywords.model->string();
    choice.size = keywords.size;
    choice.variant = keywords.variant;
    choice.limits = Limits(keywords.maxMegapixels, keywords.maxFileMb);
    sudoku::ReaderOptions options = choice.options();
    const PhotoArgument argument = ToPhotoArgument(photo);
    std::vector<Reading> readings;
    bool engineLoads = true;
    {
        const py::gil_scoped_release release;
        // Loaded here only to tell an engine that does not load (RuntimeError) from a photo that
        // cannot be read; the reading then reports it with the command line's message.
        try {
            options.classifier = sudoku::LoadClassifier(options.engine, options.modelPath);
        } catch (const std::exception&) {
            engineLoads = false;
        }
        readings = ReadPhoto(argument, options, keywords.all);
    }
    const auto failed = std::find_if(readings.begin(), readings.end(), [](const Reading& r) {
        return r.status == ReadStatus::Error;
    });
    if (failed != readings.end())
        RaisePhotoError(argument, failed->message,
                        engineLoads ? PyExc_ValueError : PyExc_RuntimeError);
    const std::string name = keywords.name ? *keywords.name : argument.name;
    if (!keywords.all) return ToPython(ReadingJson(name, readings.front()));
    py::list list;
    for (const Reading& r : readings)
        list.append(ToPython(ReadingJson(name, r)));
    return list;
}

py::array DecodeImage(const py::object& photo, double maxMegapixels, double maxFileMb) {
    const sudoku::InputLimits limits = Limits(maxMegapixels, maxFileMb);
    const PhotoArgument argument = ToPhotoArgument(photo);
    if (argument.kind == PhotoArgument::Kind::Pixels)
        throw py::type_error("decode_image takes a path or encoded bytes, not an array");
    sudoku::DecodedImage decoded;
    {
        const py::gil_scoped_release release;
        decoded = argument.kind == PhotoArgument::Kind::File
                      ? sudoku::DecodeImageFile(argument.path, limits)
                      : sudoku::DecodeImage(argument.bytes, limits);
    }
    if (!decoded) RaisePhotoError(argument, decoded.error);
    return ToArray(std::move(decoded.image));
}

}  // namespace sudokucam::python
