#pragma once
// Puzzle generation: a random full grid from a randomised search, then clues removed (in
// symmetric orbits) while the solution stays unique, then graded; a new grid is tried until the
// puzzle has the requested difficulty.
//
// Contract:
// - Every generated puzzle has exactly one solution. A clue is only removed once a search (or,
//   on 9x9, propagation that fills the grid) has proved that no other solution exists without
//   it; when a search runs out of its node budget (only ever seen on 16x16 and 25x25) the clue
//   stays, so uniqueness never depends on a budget.
// - The output depends only on the options: the same options (seed included) give the same
//   puzzles on every run and machine (std::mt19937_64 with its own reductions, no unordered
//   containers; the clock only decides when to give up). Each puzzle comes from a stream of its
//   own, seeded by the options' seed and its index in the sequence, so any puzzle of the
//   sequence can be made without the ones before it: by several threads at once, in any order.
// - Sizes: classic and X puzzles, any grid whose boxes are rectangles, with the box shape of
//   Geometry::ForSize (4, 6, 8, 9, 12, 16, 25); jigsaws, any size from 4 to 25. 25x25 is best
//   effort: its searches are bounded by node budgets.
// - Jigsaw layouts: the one given, or a random one (RandomRegionLayout) drawn for each grid from
//   the same stream, so the seed decides them too.

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string_view>
#include <vector>

#include "solver/Board.h"
#include "solver/Grader.h"
#include "solver/Technique.h"

namespace sudoku {

// The pattern the clues keep: a clue's whole orbit under the symmetry is given or empty.
enum class Symmetry {
    None,
    Rotate180,  // r,c <-> n-1-r,n-1-c (the newspaper convention)
    Rotate90,   // quarter turns
    Mirror,     // left-right: r,c <-> r,n-1-c
    Diagonal,   // reflection in the main diagonal: r,c <-> c,r
};

std::string_view SymmetryName(Symmetry s);  // "none", "rotate180", "rotate90", "mirror", "diagonal"
std::optional<Symmetry> SymmetryFromName(std::string_view name);
std::optional<Difficulty> DifficultyFromName(std::string_view name);  // "easy" ... "extreme"

struct GeneratorOptions {
    // Grid size; the boxes are Geometry::ForSize(size) (default: 9).
    int size = 9;
    // Classic boxes, a jigsaw (irregular regions) or an X Sudoku (default: classic).
    Variant variant = Variant::Classic;
    // A jigsaw's layout, the region of each cell row-major (size*size entries, a valid partition);
    // empty for a random layout a grid (default: empty).
    std::vector<int> regions;
    // The level the grader must give the puzzle; empty accepts any level (default: any).
    std::optional<Difficulty> difficulty;
    // The clue pattern's symmetry (default: none).
    Symmetry symmetry = Symmetry::None;
    // Only return puzzles from which no single clue can be removed without losing uniqueness,
    // even when the symmetry would allow removing only whole orbits (default: false). Without it
    // every removable orbit is still removed, except that a requested level (short of extreme)
    // keeps the clues whose removal would make the puzzle harder than that level, and a
    // symmetric puzzle may keep a clue that could go alone. With a symmetry, minimal puzzles are
    // rare on 9x9: 1 grid in about 25 for diagonal, 55 for rotate180, 70 for mirror, and under 1
    // in 2000 for rotate90, which then fails.
    bool minimal = false;
    // Seeds the generator's random stream (default: 0).
    std::uint64_t seed = 0;
    // Grade every puzzle; a requested difficulty always grades (default: true). Grading takes
    // longer than generating a 9x9 puzzle, so leave it off when only the puzzles matter.
    bool grade = true;
    // How many tries (a full grid, its clues removed in one random order) for one puzzle before
    // giving up (default: 2000).
    int maxAttempts = 2000;
    // Give up on a puzzle after this long; zero for no limit (default: none). The clock only
    // decides when to give up: a puzzle that is returned is the same with or without it.
    std::chrono::milliseconds timeLimit{0};
};

struct GeneratedPuzzle {
    Board puzzle;                // the clues (CellOrigin::Given)
    Board solution;              // its only solution
    std::optional<Grade> grade;  // the grader's verdict (empty when grading was off)
    bool minimal = false;        // proved: removing any one clue gives more than one solution
    int attempts = 0;            // tries it took (see maxAttempts)
};

// Generates one puzzle after another; the n-th puzzle depends only on the options and n. Throws
// std::invalid_argument for a classic or X size without rectangular boxes, a size outside 4..25, an
// invalid jigsaw layout, a non-positive maxAttempts or a negative timeLimit.
class Generator {
public:
    explicit Generator(GeneratorOptions options);
    ~Generator();
    Generator(Generator&&) noexcept;
    Generator& operator=(Generator&&) noexcept;

    const GeneratorOptions& options() const { return options_; }

    // The next puzzle. Throws std::runtime_error when maxAttempts tries, or timeLimit, give no
    // puzzle that satisfies the options (a level that size rarely reaches, minimal with a
    // symmetry on a large grid).
    GeneratedPuzzle next();
    // Puzzle `index` of the sequence (0 the first): the one next() gives as its index-th, whatever
    // this generator made before. Throws as next() does.
    GeneratedPuzzle puzzle(std::uint64_t index);

private:
    class Impl;
    GeneratorOptions options_;
    std::unique_ptr<Impl> impl_;
    std::uint64_t nextIndex_ = 0;  // next()'s
};

// One puzzle: Generator(options).next().
GeneratedPuzzle Generate(const GeneratorOptions& options);

}  // namespace sudoku
