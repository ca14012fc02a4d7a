#pragma once
// What a `sudokucam batch` run reads: the images under a folder, or the paths of a --files-from
// list, each with the name its results line gives it, cut down to one shard (app/Shard.h).
// `sudokucam merge` lists the same inputs to check that each was done exactly once.

#include <filesystem>
#include <string>
#include <vector>

#include "app/Shard.h"

namespace sudokucam {

struct BatchInput {
    std::filesystem::path path;  // where it is read from
    // Its name in the results ("file") and for the shard's hash: the path under the folder,
    // '/'-separated, or the list's line exactly as written.
    std::string file;
    // Where its annotated copy goes, relative to the output folder (AnnotatedPath may add .png).
    std::filesystem::path outputName;
};

// The inputs by name alone (a string each, most of them short enough to need no allocation: a
// folder of 100,000 entries costs a few MB); input() makes the rest when an input is read.
struct BatchInputs {
    std::vector<std::string> files;  // BatchInput::file of each
    std::filesystem::path dir;       // the folder they were found under; empty for a list
    int skipped = 0;                 // files of this shard under the folder that are not images
    int otherShards = 0;             // files (or list lines) left to the other shards
    int repeated = 0;                // list lines naming a path already listed (read once)

    // The input named `file`: read from dir/file and copied to OUTDIR/file, or for a list read
    // from `file` itself and copied to ListedOutputName(file).
    BatchInput input(const std::string& file) const;
};

// Every image under `dir` recognised by content, sorted by name, leaving out the folders in
// `exclude` (the output folder when it lies inside). A file of another shard is left out before
// it is opened. An unreadable file is kept: reading it reports the error. Throws
// std::runtime_error when the folder cannot be listed.
BatchInputs FindImages(const std::filesystem::path& dir,
                       const std::vector<std::filesystem::path>& exclude, const Shard& shard);

// The paths of a --files-from list (`list`, or standard input for "-"), in the list's order: one
// path a line, relative to the current directory, taken as written (no trimming, no
// normalisation) but for a final '\r'. Blank lines are ignored; a path listed twice is read once.
// Nothing is checked here: a missing file gets an error line when it is read. Throws
// std::runtime_error when the list cannot be read.
BatchInputs ListedFiles(const std::string& list, const Shard& shard);

// Where the annotated copy of a listed path goes under the output folder: the path made
// relative ("/data/a.jpg" -> "data/a.jpg", "./a.jpg" -> "a.jpg") with each ".." written "%2E%2E"
// so that no copy lands outside the output folder.
std::filesystem::path ListedOutputName(const std::string& listed);

}  // namespace sudokucam
