// The generate command: puzzles with exactly one solution, one a line in the one-line form, or one
// JSON object a line with the solution and the grade; --stats reports the speed on stderr.

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <ctime>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "app/Commands.h"
#include "app/GenerateRequest.h"
#include "app/PuzzleJson.h"
#include "solver/Generator.h"
#include "solver/TextFormat.h"

namespace sudokucam {
namespace {

struct GenerateOptions {
    GenerateRequest request;  // its 60 s time limit: a bound users can see on the large sizes
    int count = 1;
    int jobs = 0;  // 0: one per core
    bool json = false;
    bool stats = false;
};

// Puzzles a batch holds per thread: enough that the wait for a batch's slowest puzzle is small
// beside the batch, few enough that the first lines come out soon.
constexpr int kBatchPerThread = 32;

// One puzzle of the sequence, or why there is none (the generator gave up on it).
struct Made {
    std::optional<sudoku::GeneratedPuzzle> puzzle;
    std::string error;
};

// Puzzles first .. first+count-1 of the sequence, made by one thread per generator at once, each
// thread taking the next index left. Each puzzle has a stream of its own (Generator::puzzle), so
// the batch is the same whatever the number of threads.
std::vector<Made> MakeBatch(std::vector<sudoku::Generator>& generators, std::uint64_t first,
                            int count) {
    std::vector<Made> batch(static_cast<std::size_t>(count));
    std::atomic<int> nextIndex{0};
    const auto work = [&](sudoku::Generator& generator) {
        for (int i = nextIndex++; i < count; i = nextIndex++) {
            // Every exception is kept for the puzzle: one escaping a helper thread would end the
            // program.
            try {
                batch[i].puzzle = generator.puzzle(first + static_cast<std::uint64_t>(i));
            } catch (const std::exception& e) {
                batch[i].error = e.what();
            }
        }
    };
    std::vector<std::jthread> helpers;
    for (std::size_t t = 1; t < generators.size(); ++t)
        helpers.emplace_back(work, std::ref(generators[t]));
    work(generators.front());
    return batch;  // the helpers join as they go out of scope, before the batch is returned
}

int JobsFor(int requested, int count) {
    const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    return std::clamp(requested > 0 ? requested : cores, 1, count);
}

int Run(const GenerateOptions& options) {
    GenerateRequest request = options.request;
    request.grade = options.json;  // the one-line form has no room for the grade: skip its cost
    const sudoku::GeneratorOptions generatorOptions = ToGeneratorOptions(request);
    std::vector<sudoku::Generator> generators;  // one a thread
    generators.emplace_back(generatorOptions);  // throws std::invalid_argument on a bad size
    for (int t = 1; t < JobsFor(options.jobs, options.count); ++t)
        generators.emplace_back(generatorOptions);
    const int batchSize = kBatchPerThread * static_cast<int>(generators.size());
    const auto start = std::chrono::steady_clock::now();
    const std::clock_t cpuStart = std::clock();
    long long clues = 0, attempts = 0;
    int made = 0, exitCode = kExitOk;
    while (made < options.count && exitCode == kExitOk) {
        const std::vector<Made> batch = MakeBatch(generators, static_cast<std::uint64_t>(made),
                                                  std::min(batchSize, options.count - made));
        for (const Made& one : batch) {
            if (!one.puzzle) {  // the run stops at the first puzzle the generator gave up on
                std::cerr << "sudokucam generate: " << one.error << "\n";
                exitCode = kExitFailure;
                break;
            }
            const sudoku::GeneratedPuzzle& puzzle = *one.puzzle;
            clues += puzzle.puzzle.filledCount();
            attempts += puzzle.attempts;
            if (options.json)
                std::cout << GeneratedJson(puzzle).dump() << "\n";
            else
                std::cout << sudoku::FormatPuzzle(puzzle.puzzle, sudoku::TextFormat::Line) << "\n";
            ++made;
        }
    }
    std::cout.flush();
    if (options.stats && made > 0) {
        // Wall time and this process's CPU time: on a shared machine they differ, and the CPU
        // figure is the one that compares between runs.
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const double cpu = static_cast<double>(std::clock() - cpuStart) / CLOCKS_PER_SEC;
        std::cerr << fmt::format(
            "generated {} {}x{} {} puzzles (difficulty {}, symmetry {}{}, seed {}) in {:.3f} s, "
            "{:.3f} s CPU: {:.0f} puzzles/s ({:.0f} per CPU second), {:.1f} clues and {:.1f} "
            "tries per puzzle\n",
            made, generatorOptions.size, generatorOptions.size,
            sudoku::VariantName(generatorOptions.variant), request.difficulty, request.symmetry,
            request.minimal ? ", minimal" : "", generatorOptions.seed, seconds, cpu, made / seconds,
            cpu > 0 ? made / cpu : 0.0, static_cast<double>(clues) / made,
            static_cast<double>(attempts) / made);
    }
    return exitCode;
}

}  // namespace

void RegisterGenerateCommand(CLI::App& app, int& exitCode) {
    auto options = std::make_shared<GenerateOptions>();
    CLI::App* command = app.add_subcommand(
        "generate", "Generate puzzles with exactly one solution, one a line in the one-line form");
    command->add_option("-n,--count", options->count, "How many puzzles (default: 1)")
        ->check(CLI::Range(1, 1'000'000'000));
    command
        ->add_option("--size", options->request.size,
                     "Grid size: 4, 6, 8, 9, 12, 16 or 25 (any size with rectangular boxes; a "
                     "jigsaw any size from 4 to 25; default: 9)")
        ->check(CLI::Range(4, 25));
    command
        ->add_option("--variant", options->request.variant,
                     "classic; jigsaw (irregular regions, printed after the puzzle on its line) "
                     "or x (the diagonals are units too; 'diagonals' after the puzzle) "
                     "(default: classic)")
        ->check(CLI::IsMember({"classic", "jigsaw", "x"}));
    command->add_option("--regions", options->request.regions,
                        "A jigsaw's layout, one letter a cell row-major; it sets the size "
                        "(default: a random layout a puzzle)");
    command
        ->add_option("--difficulty", options->request.difficulty,
                     "Level the grader must give: easy, medium, hard, expert, extreme or any "
                     "(default: any)")
        ->check(CLI::IsMember({"any", "easy", "medium", "hard", "expert", "extreme"}));
    command
        ->add_option("--symmetry", options->request.symmetry,
                     "Clue pattern: none, rotate180, rotate90, mirror (left-right) or diagonal "
                     "(default: none)")
        ->check(CLI::IsMember({"none", "rotate180", "rotate90", "mirror", "diagonal"}));
    command->add_flag("--minimal", options->request.minimal,
                      "Only puzzles from which no clue can be removed without losing uniqueness");
    command
        ->add_option("--seed", options->request.seed,
                     "Seed of the random stream: the same seed gives the same puzzles "
                     "(default: a random seed, shown by --stats)")
        ->check(CLI::Validator(  // a negative number would wrap around silently
            [](std::string& text) {
                return text.starts_with('-') ? std::string("the seed must not be negative") : "";
            },
            "", "non-negative"));
    command
        ->add_option("--max-attempts", options->request.maxAttempts,
                     "Tries per puzzle (a full grid, its clues removed in one random order) before "
                     "giving up (default: 2000)")
        ->check(CLI::Range(1, 1'000'000'000));
    command
        ->add_option("--time-limit", options->request.timeLimitSeconds,
                     "Seconds to try for one puzzle before giving up, 0 for no limit (default: 60)")
        ->check(CLI::Range(0.0, 1e6));
    command
        ->add_option("-j,--jobs", options->jobs,
                     "Threads making puzzles at once; the puzzles are the same for any number "
                     "(default: one per core)")
        ->check(CLI::Range(0, 1024));
    command->add_flag("--json", options->json,
                      "Print one JSON object a line: puzzle, solution, size, clues, minimal, "
                      "level, score, hardest");
    command->add_flag("--stats", options->stats,
                      "Print the time taken and puzzles per second on standard error");
    command->callback([options, &exitCode] { exitCode = Run(*options); });
}

}  // namespace sudokucam
