#pragma once
// The command-line options of the reader (ReaderChoice): the engine, the model, the grid's size
// and kind, and the input limits, shared by the commands that read photo files (read, eval,
// batch; serve takes the limits) so they are spelt, described and defaulted alike. The limits'
// messages name these options.

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

// --size and --variant: the kind of grid looked for; `choice` must outlive the parse.
inline void AddGridKindFlags(CLI::App& command, ReaderChoice& choice) {
    command
        .add_option("--size", choice.size,
                    "Cells per side of the grid: 4, 6, 8, 9, 12 or 16, and 13 for a jigsaw "
                    "(default: 9; 16x16 grids use the letters A-G)")
        ->check(CLI::IsMember(kVariantPhotoGridSizes));
    command
        .add_option("--variant", choice.variant,
                    "classic, jigsaw (its regions read from the thick lines inside the grid) or x "
                    "(the diagonals are units too) (default: classic)")
        ->check(CLI::IsMember(kVariantChoices));
}

// --engine, --model, --size, --variant and the limits; `choice` must outlive the parse.
inline void AddReaderFlags(CLI::App& command, ReaderChoice& choice) {
    command.add_option("--engine", choice.engine, "Digit classifier (default: cnn)")
        ->check(CLI::IsMember(kEngineChoices));
    command.add_option("--model", choice.model, "CNN model file (default: models/digits.onnx)");
    AddGridKindFlags(command, choice);
    AddInputLimitOptions(command, choice.limits);
}

}  // namespace sudokucam
