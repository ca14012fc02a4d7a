#pragma once
// `sudokucam merge` without its command line: the results files of a sharded batch (or of any
// batch runs) joined into one, in the format of one run's results.jsonl, and checked: every input
// done exactly once, nothing else.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace sudokucam {

struct MergeReport {
    std::vector<std::string> lines;  // the merged results, one line each, copied byte for byte
    int files = 0;                   // results files read
    int results = 0;                 // result lines found in them
    std::optional<int> inputs;       // inputs expected, when they were given

    // The problems, each one line naming the file (and where its results are).
    std::vector<std::string> missing;     // inputs with no result
    std::vector<std::string> duplicated;  // "b.jpg (out/results.shard-1-of-3.jsonl:4, ...:9)"
    std::vector<std::string> unexpected;  // results of files that are not inputs
    std::vector<std::string> invalid;     // "out/results.jsonl:7: not a result line"
    std::vector<std::string> shards;      // "no results file of shard 2 of 3"
    // Torn last lines ignored: a batch killed while writing one, not resumed since. Not a
    // problem in itself (the next run of that batch cuts it); its image is missing.
    std::vector<std::string> torn;

    bool ok() const {
        return missing.empty() && duplicated.empty() && unexpected.empty() && invalid.empty() &&
               shards.empty();
    }
};

// Joins `files` in the order of `expected` (the inputs' names as batch writes them in "file"),
// or sorted by file name without it. The first result of a file is kept. Throws
// std::runtime_error when a file cannot be read or is being written by a running batch.
MergeReport MergeResults(const std::vector<std::filesystem::path>& files,
                         const std::optional<std::vector<std::string>>& expected);

}  // namespace sudokucam
