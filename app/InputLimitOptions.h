#pragma once
// The options that set sudoku::InputLimits, shared by every command that reads photo files
// (read, eval, batch) so they are spelt, described and defaulted alike. The limits' messages
// name these options.

#include <CLI/CLI.hpp>

#include "app/ReaderChoice.h"
#include "vision/reading/InputLimits.h"

namespace sudokucam {

// `limits` must outlive the parse (a member of the command's shared arguments).
inline void AddInputLimitOptions(CLI::App& command, sudoku::InputLimits& limits) {
    command
        .add_option_function<double>(
            "--max-megapixels",
            [&limits](const double& megapixels) { SetMaxMegapixels(limits, megapixels); },
            "Refuse a photo whose header declares more pixels, before decoding it (default: 250)")
        ->check(CLI::Range(kMinMegapixels, kMaxMegapixels));
    command
        .add_option_function<double>(
            "--max-file-mb",
            [&limits](const double& megabytes) { SetMaxFileMegabytes(limits, megabytes); },
            "Refuse a photo file larger than this many MB, before reading it (default: 100)")
        ->check(CLI::Range(kMinFileMegabytes, kMaxFileMegabytes));
}

}  // namespace sudokucam
