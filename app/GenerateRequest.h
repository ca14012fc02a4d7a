#pragma once
// A request for generated puzzles as people word it: the level and the symmetry by name, the seed
// optional, the time limit in seconds. The generate command, the page's API and the Python module
// all turn theirs into the generator's options here, so a name is checked, and refused, alike.

#include <cstdint>
#include <optional>
#include <string>

#include "solver/Generator.h"

namespace sudokucam {

struct GenerateRequest {
    int size = 9;
    std::string variant = "classic";  // "classic", "jigsaw" or "x"
    std::string regions;              // a jigsaw's layout, a letter a cell; empty: random
    std::string difficulty = "any";   // "any", "easy", "medium", "hard", "expert" or "extreme"
    std::string symmetry = "none";    // "none", "rotate180", "rotate90", "mirror" or "diagonal"
    bool minimal = false;
    std::optional<std::uint64_t> seed;  // none: a random seed, different on every call
    int maxAttempts = sudoku::GeneratorOptions{}.maxAttempts;
    double timeLimitSeconds = 60;  // 0: no limit
    bool grade = false;            // grade each puzzle (a requested difficulty always grades)
};

// The generator's options. Throws std::invalid_argument for a variant, a difficulty or a
// symmetry it does not know, a region map that is no valid layout (its problem named) ("difficulty
// 'hardest' is not any, easy, medium, hard, expert or extreme") or a time limit outside 0 to 10^6
// seconds; the generator itself checks the size and maxAttempts.
sudoku::GeneratorOptions ToGeneratorOptions(const GenerateRequest& request);

}  // namespace sudokucam
