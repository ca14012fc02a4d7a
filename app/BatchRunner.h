#pragma once
// `sudokucam batch` without its command line: every image under a folder read on worker
// threads, an annotated copy of each and one results.jsonl line each in the output folder, one
// writer (this thread) appending the lines, and a resume that skips the images already logged.

#include <atomic>
#include <filesystem>

#include "app/BatchImage.h"
#include "vision/ReadSudoku.h"

namespace sudokucam {

struct BatchOptions {
    std::filesystem::path inputDir;
    std::filesystem::path outputDir;
    // Worker threads (default: 0, one per core).
    int jobs = 0;
    sudoku::ReaderOptions reader;
    // Draws onto each annotated copy (default: none, the photo is copied as it is displayed).
    Annotator annotate;
    // A progress bar redrawn in place rather than one line per image (default: false).
    bool progressBar = false;
};

struct BatchSummary {
    int images = 0;       // image files under the folder (by content)
    int alreadyDone = 0;  // of them, logged by an earlier run and skipped
    int read = 0;         // read in this run
    int solved = 0;
    int unsolved = 0;  // a grid was read but its digits allow no or several solutions
    int notFound = 0;
    int errors = 0;   // undecodable or unreadable, or the annotated copy could not be written
    int skipped = 0;  // files that are not images
    int workers = 0;
    bool interrupted = false;  // `stop` was set before every image was read
    double seconds = 0;
    double imagesPerSecond() const { return seconds > 0 ? read / seconds : 0; }
};

// Runs the batch; setting `stop` (e.g. from a SIGINT handler) lets the images in flight finish,
// logs them and returns. Throws std::runtime_error when the folders cannot be used or the log
// cannot be written.
BatchSummary RunBatch(const BatchOptions& options, const std::atomic<bool>& stop);

}  // namespace sudokucam
