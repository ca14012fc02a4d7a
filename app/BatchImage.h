#pragma once
// One image of `sudokucam batch`: read it, write the annotated copy (atomically: a temporary
// file renamed), and return its results.jsonl line. Safe to call from several threads at once.

#include <filesystem>
#include <functional>
#include <string>

#include <opencv2/core.hpp>

#include "vision/reading/ReadSudoku.h"

namespace sudokucam {

// Draws a reading onto its photo (8-bit BGR, as displayed).
using Annotator = std::function<void(cv::Mat& photo, const sudoku::Reading& reading)>;

// The suffix of the temporary files the annotated images are written to before their rename;
// files ending so under the output folder are leftovers of a killed run.
inline constexpr std::string_view kTempSuffix = ".sudokucam-tmp";

struct ImageResult {
    std::string file;  // the path under the input folder, '/'-separated
    sudoku::ReadStatus status = sudoku::ReadStatus::Error;
    bool outputFailed = false;  // read, but the annotated image could not be written
    // The output disk failed (full, over quota, read-only, I/O error): not this image's fault,
    // and the next images would fail alike. The image is not logged; `diskError` says why.
    bool diskFailed = false;
    std::string diskError;
    std::string line;  // the results.jsonl line, without its newline
};

// Where the annotated copy of `file` (relative to the input folder) goes: the same relative
// path under `outputDir`, with ".png" appended when OpenCV cannot write the original extension.
std::filesystem::path AnnotatedPath(const std::filesystem::path& outputDir,
                                    const std::filesystem::path& file);

// Reads `path` (known by `file`, relative) and writes its annotated copy under `outputDir`. The
// photo is decoded once, for reading and for drawing. Never throws: any failure is an error
// status, outputFailed with a message in the line, or diskFailed.
ImageResult ProcessImage(const std::filesystem::path& path, const std::filesystem::path& file,
                         const std::filesystem::path& outputDir,
                         const sudoku::ReaderOptions& reader, const Annotator& annotate);

}  // namespace sudokucam
