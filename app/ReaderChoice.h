#pragma once
// The reader's options as people give them: the engine by name, the grid size, the model file,
// the input limits in megapixels and megabytes. The photo commands (their --engine, --model,
// --size, --max-megapixels and --max-file-mb) and the Python module's keywords are turned into
// sudoku::ReaderOptions here, so both offer the same choices and refuse the same ones.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "app/OptionChoices.h"
#include "vision/reading/InputLimits.h"
#include "vision/reading/ReadSudoku.h"

namespace sudokucam {

// The ranges the limits may be set in: from a thumbnail to beyond any camera.
inline constexpr double kMinMegapixels = 0.01, kMaxMegapixels = 1e6;
inline constexpr double kMinFileMegabytes = 0.001, kMaxFileMegabytes = 1e7;

// --max-megapixels: the most pixels a photo's header may declare, in millions. Throws
// std::invalid_argument outside kMinMegapixels to kMaxMegapixels.
inline void SetMaxMegapixels(sudoku::InputLimits& limits, double megapixels) {
    if (!(megapixels >= kMinMegapixels && megapixels <= kMaxMegapixels))
        throw std::invalid_argument("the megapixel limit must be 0.01 to 1000000");
    limits.maxPixels = std::llround(megapixels * 1e6);
}
// --max-file-mb: the largest photo file or buffer, in MB (10^6 bytes). Throws
// std::invalid_argument outside kMinFileMegabytes to kMaxFileMegabytes.
inline void SetMaxFileMegabytes(sudoku::InputLimits& limits, double megabytes) {
    if (!(megabytes >= kMinFileMegabytes && megabytes <= kMaxFileMegabytes))
        throw std::invalid_argument("the file size limit must be 0.001 to 10000000 MB");
    limits.maxFileBytes = static_cast<std::uint64_t>(std::llround(megabytes * 1e6));
}

// --variant: the kind of puzzle photographed or drawn (sudoku::VariantFromName's names).
inline const std::vector<std::string> kVariantChoices{"classic", "jigsaw", "x"};
// --size with a --variant: the classic sizes, and 13 (no rectangular boxes) for a jigsaw, whose
// digits 1-9 and A-D the classifier knows.
inline const std::vector<int> kVariantPhotoGridSizes{4, 6, 8, 9, 12, 13, 16};

// Why a size does not go with a variant (a 13x13 grid has no boxes: only a jigsaw can be one),
// or empty when it does.
inline std::string SizeProblem(int size, sudoku::Variant variant) {
    const bool jigsaw = variant == sudoku::Variant::Jigsaw;
    const std::vector<int>& sizes = jigsaw ? kVariantPhotoGridSizes : kPhotoGridSizes;
    if (std::find(sizes.begin(), sizes.end(), size) != sizes.end()) return {};
    if (!jigsaw && std::find(kVariantPhotoGridSizes.begin(), kVariantPhotoGridSizes.end(), size) !=
                       kVariantPhotoGridSizes.end())
        return "a " + std::to_string(size) + "x" + std::to_string(size) +
               " grid has no rectangular boxes: only --variant jigsaw reads or draws one";
    return "size " + std::to_string(size) + " is not one of " +
           (jigsaw ? "4, 6, 8, 9, 12, 13, 16" : "4, 6, 8, 9, 12, 16");
}

// The engine one of kEngineChoices names ("cnn", "tesseract"); the command line checked it.
inline sudoku::Engine EngineNamed(const std::string& name) {
    return name == "tesseract" ? sudoku::Engine::Tesseract : sudoku::Engine::Cnn;
}

struct ReaderChoice {
    std::string engine = "cnn";       // one of kEngineChoices
    std::string model;                // the CNN's model file; empty: models/digits.onnx
    int size = 9;                     // one of kVariantPhotoGridSizes (13 for a jigsaw only)
    std::string variant = "classic";  // one of kVariantChoices
    sudoku::InputLimits limits;

    // Throws std::invalid_argument for an engine, a variant or a size not offered ("size 25 is
    // not one of 4, 6, 8, 9, 12, 13, 16"); the command line's choices check them first.
    sudoku::ReaderOptions options() const {
        if (std::find(kEngineChoices.begin(), kEngineChoices.end(), engine) == kEngineChoices.end())
            throw std::invalid_argument(
                std::string("engine '").append(engine).append("' is not cnn or tesseract"));
        const auto kind = sudoku::VariantFromName(variant);
        if (!kind)
            throw std::invalid_argument("variant '" + variant + "' is not classic, jigsaw or x");
        if (const std::string problem = SizeProblem(size, *kind); !problem.empty())
            throw std::invalid_argument(problem);
        sudoku::ReaderOptions o;
        o.variant = *kind;
        o.engine = EngineNamed(engine);
        o.modelPath = model;
        o.size = size;
        o.limits = limits;
        return o;
    }
};

}  // namespace sudokucam
