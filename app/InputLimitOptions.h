#pragma once
// The options that set sudoku::InputLimits, shared by every command that reads photo files
// (read, eval, batch) so they are spelt, described and defaulted alike. The limits' messages
// name these options.

#include <cmath>
#include <cstdint>

#include <CLI/CLI.hpp>

#include "vision/reading/InputLimits.h"

namespace sudokucam {

// `limits` must outlive the parse (a member of the command's shared arguments).
inline void AddInputLimitOptions(CLI::App& command, sudoku::InputLimits& limits) {
    command
        .add_option_function<double>(
            "--max-megapixels",
            [&limits](const double& megapixels) {
                limits.maxPixels = std::llround(megapixels * 1e6);
            },
            "Refuse a photo whose header declares more pixels, before decoding it (default: 250)")
        ->check(CLI::Range(0.01, 1e6));
    command
        .add_option_function<double>(
            "--max-file-mb",
            [&limits](const double& megabytes) {
                limits.maxFileBytes = static_cast<std::uint64_t>(std::llround(megabytes * 1e6));
            },
            "Refuse a photo file larger than this many MB, before reading it (default: 100)")
        ->check(CLI::Range(0.001, 1e7));
}

}  // namespace sudokucam
