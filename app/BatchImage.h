#pragma once
// One image of `sudokucam batch`: read it, write the annotated copy (atomically: a temporary
// file renamed), and return its results.jsonl line. Safe to call from several threads at once.

#include <filesystem>
#include <functional>
#include <string>

#include <opencv2/core.hpp>

#include "app/BatchInputs.h"
#include "vision/reading/ReadSudoku.h"

namespace sudokucam {

// Draws a reading onto its photo (8-bit BGR, as displayed).
using Annotator = std::function<void(cv::Mat& photo, const sudoku::Reading& reading)>;

// The suffix of the temporary files the annotated images are written to before their rename;
// files ending so under the output folder are leftovers of a killed run. A shard's run puts its
// tag before it ("x.jpg.shard-2-of-8.sudokucam-tmp") so that it only clears its own leftovers
// while the other shards write into the same folder.
inline constexpr std::string_view kTempSuffix = ".sudokucam-tmp";

struct ImageResult {
    std::string file;  // BatchInput::file
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

// Where and how the annotated copies are written.
struct ImageOutput {
    std::filesystem::path dir;
    std::string tempSuffix = std::string(kTempSuffix);  // ends with kTempSuffix
    Annotator annotate;
};

// Reads the input and writes its annotated copy under `output.dir`. The photo is decoded once,
// for reading and for drawing. Never throws: any failure (a missing file among them) is an
// error status, outputFailed with a message in the line, or diskFailed.
ImageResult ProcessImage(const BatchInput& input, const ImageOutput& output,
                         const sudoku::ReaderOptions& reader);

}  // namespace sudokucam
