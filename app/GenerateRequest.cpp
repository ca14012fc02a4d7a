#include "app/GenerateRequest.h"

#include <chrono>
#include <cmath>
#include <random>
#include <stdexcept>

#include "solver/TextFormat.h"

namespace sudokucam {
namespace {

// A region map's letters as region numbers: read as a one-line jigsaw of empty cells, so that
// the map is checked, and its errors worded, as the text forms do.
std::vector<int> RegionsOfMap(const std::string& map) {
    const auto parsed =
        sudoku::ParsePuzzle(std::string(map.size(), '.') + " " + map, sudoku::TextFormat::Line);
    if (!parsed.ok()) {
        // Point into the map itself, not into the line it was read as.
        const int letter = parsed.error.column - static_cast<int>(map.size()) - 1;
        throw std::invalid_argument(
            (letter > 0 ? "the region map, letter " + std::to_string(letter) + ": "
                        : std::string("the region map: ")) +
            parsed.error.message.substr(parsed.error.message.starts_with("region map: ") ? 12 : 0));
    }
    std::vector<int> regions(map.size());
    for (std::size_t cell = 0; cell < map.size(); ++cell)
        regions[cell] = parsed.board.geometry().box(static_cast<int>(cell));
    return regions;
}

}  // namespace

sudoku::GeneratorOptions ToGeneratorOptions(const GenerateRequest& request) {
    sudoku::GeneratorOptions g;
    g.size = request.size;
    const auto variant = sudoku::VariantFromName(request.variant);
    if (!variant)
        throw std::invalid_argument(std::string("variant '")
                                        .append(request.variant)
                                        .append("' is not classic, jigsaw or x"));
    g.variant = *variant;
    if (!request.regions.empty()) {
        if (g.variant != sudoku::Variant::Jigsaw)
            throw std::invalid_argument("a region map (--regions) is for --variant jigsaw");
        g.regions = RegionsOfMap(request.regions);
        g.size = static_cast<int>(std::lround(std::sqrt(static_cast<double>(g.regions.size()))));
    }
    if (request.difficulty != "any") {
        g.difficulty = sudoku::DifficultyFromName(request.difficulty);
        if (!g.difficulty)
            throw std::invalid_argument(
                std::string("difficulty '")
                    .append(request.difficulty)
                    .append("' is not any, easy, medium, hard, expert or extreme"));
    }
    const auto symmetry = sudoku::SymmetryFromName(request.symmetry);
    if (!symmetry)
        throw std::invalid_argument(
            std::string("symmetry '")
                .append(request.symmetry)
                .append("' is not none, rotate180, rotate90, mirror or diagonal"));
    g.symmetry = *symmetry;
    g.minimal = request.minimal;
    // Without a seed every call differs; the generate command's --stats prints the seed so a run
    // can be repeated.
    g.seed = request.seed ? *request.seed
                          : (std::uint64_t{std::random_device{}()} << 32) ^ std::random_device{}();
    g.maxAttempts = request.maxAttempts;
    if (!(request.timeLimitSeconds >= 0 && request.timeLimitSeconds <= 1e6))
        throw std::invalid_argument("the time limit must be 0 to 1000000 seconds");
    g.timeLimit =
        std::chrono::milliseconds(static_cast<long long>(request.timeLimitSeconds * 1000));
    g.grade = request.grade;
    return g;
}

}  // namespace sudokucam
