#pragma once
// `sudokucam batch` without its command line: every image under a folder (or every path of a
// list) read on worker threads, an annotated copy of each and one results.jsonl line each in the
// output folder, one writer (this thread) appending the lines, and a resume that skips the images
// already logged. A shard's run reads only its share of the inputs and logs them in a results
// file of its own, so the shards of one folder can run at once into one output folder.

#include <atomic>
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>

#include "app/BatchImage.h"
#include "app/DecodeBudget.h"
#include "app/Shard.h"
#include "vision/reading/ReadSudoku.h"

namespace sudokucam {

struct BatchOptions {
    // The folder of photos, or (when `filesFrom` is set) none.
    std::filesystem::path inputDir;
    // A list of the paths to read, one a line ("-": standard input); see ListedFiles.
    std::string filesFrom;
    // Only this shard of the inputs (default: all of them).
    std::optional<Shard> shard;
    std::filesystem::path outputDir;
    // Worker threads (default: 0, one per core).
    int jobs = 0;
    sudoku::ReaderOptions reader;
    // Draws onto each annotated copy (default: none, the photo is copied as it is displayed).
    Annotator annotate;
    // A progress bar redrawn in place rather than one line per image (default: false).
    bool progressBar = false;
    // Bound on the estimated memory of the photos read at once by all workers, checked before
    // each photo is read and decoded (default: kDefaultMaxQueueMb, 1024 MB; see DecodeBudget).
    std::size_t maxQueueBytes = kDefaultMaxQueueMb << 20;
};

struct BatchSummary {
    int images = 0;       // image files under the folder (by content) or paths listed, this shard's
    int alreadyDone = 0;  // of them, logged by an earlier run and skipped
    int read = 0;         // read in this run
    int solved = 0;
    int unsolved = 0;  // a grid was read but its digits allow no or several solutions
    int notFound = 0;
    int errors = 0;       // undecodable or unreadable, or the annotated copy could not be written
    int skipped = 0;      // files that are not images
    int otherShards = 0;  // inputs left to the other shards
    int repeated = 0;     // list lines naming a path listed before (read once)
    int workers = 0;
    bool interrupted = false;  // `stop` was set before every image was read
    // Why the run stopped early when the output disk failed (full, read-only...): the images
    // not logged are read again by the next run. Empty otherwise.
    std::string fault;
    std::size_t peakQueueBytes = 0;  // the most decode memory reserved at once
    double seconds = 0;
    double imagesPerSecond() const { return seconds > 0 ? read / seconds : 0; }
};

// Runs the batch; setting `stop` (e.g. from a SIGINT handler) lets the images in flight finish,
// logs them and returns. Throws std::runtime_error when the folders cannot be used; a disk that
// fails during the run (the log or an annotated copy cannot be written) stops it with `fault`
// set, the log left whole.
//
// What a killed run leaves, and the next run repairs: each annotated copy is written to a
// temporary file (kTempSuffix) renamed over its real name, and an image's log line is appended
// only after that rename. A kill before the rename leaves a temporary file, removed when the
// next run starts; a kill between the rename and the log line leaves a finished copy with no
// line, so the image is read again, its copy replaced, and it is logged once; a kill during the
// line's write() leaves a torn last line, cut off when the log is opened. Each image therefore
// ends up with exactly one line. (Kills of the process, not power cuts: nothing is fsync'ed.)
BatchSummary RunBatch(const BatchOptions& options, const std::atomic<bool>& stop);

}  // namespace sudokucam
