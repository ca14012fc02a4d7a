#include "app/GenerateRequest.h"

#include <chrono>
#include <cmath>
#include <random>
#include <stdexcept>

#include "solver/TextFormat.h"

namespace sudokucam {
namespace {

// A region map's letters as region numbers, checked and its errors worded as the text forms do.
std::vector<int> RegionsOfMap(const std::string& map) {
    sudoku::ParsedRegionMap parsed = sudoku::ParseRegionMap(map);
    if (const sudoku::TextError& e = parsed.error)
        throw std::invalid_argument(
            (e.column > 0 ? "the region map, letter " + std::to_string(e.column) + ": "
                          : std::string("the region map: ")) +
            e.message);
    return std::move(parsed.regions);
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
