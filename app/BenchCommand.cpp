// `sudokucam bench FILE...`: solver speed on puzzle lists, measured as tdoku's run_benchmark does
// (warm-up, then every puzzle solved with its solution count limited, every solution validated).
// Only file handling, timing and output live here; the solvers are solver/Solvers.h.
// `--vs LIB` times a second solver with tdoku's C signature, loaded from a shared library the
// user built (scripts/build-tdoku.sh), on the same lists in the same process, file by file, so
// the ratio comes from one run.

#include <dlfcn.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "app/Commands.h"
#include "solver/Backtracking.h"
#include "solver/Solvers.h"
#include "solver/TextFormat.h"

namespace sudokucam {
namespace {

using Clock = std::chrono::steady_clock;

struct BenchArgs {
    std::vector<std::string> files;
    std::string solver = "fast";
    bool json = false;
    int limit = 2;
    double warmup = 1.0;
    double minTime = 1.0;
    bool cpuTime = false;
    std::string vs;  // shared library exporting TdokuSolverDpllTriadSimd; empty: none
};

// tdoku's entry point (include/tdoku.h): empty cells must be '.', and puzzle[81] below '.'
// tells it the puzzle is a plain 81-cell one; it writes a solution only when limit is 1.
using TdokuSolve = std::size_t (*)(const char* puzzle, std::size_t limit, std::uint32_t config,
                                   char* solution, std::size_t* guesses);
constexpr const char* kTdokuSymbol = "TdokuSolverDpllTriadSimd";

struct VsSolver {
    void* library = nullptr;
    TdokuSolve solve = nullptr;
    std::string error;

    VsSolver() = default;
    VsSolver(const VsSolver&) = delete;
    VsSolver& operator=(const VsSolver&) = delete;
    ~VsSolver() {
        if (library) dlclose(library);
    }
};

// Loads `path` (a path with a '/' is taken as written, not searched for).
void LoadVsSolver(const std::string& path, VsSolver& vs) {
    const std::string name = path.find('/') == std::string::npos ? "./" + path : path;
    vs.library = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!vs.library) {
        vs.error = fmt::format("--vs {}: {}", path, dlerror());
        return;
    }
    vs.solve = reinterpret_cast<TdokuSolve>(dlsym(vs.library, kTdokuSymbol));
    if (!vs.solve) vs.error = fmt::format("--vs {}: no function {}", path, kTdokuSymbol);
}

struct PuzzleList {
    std::vector<std::string> puzzles;  // 81 characters each, '.' for an empty cell
    // A list of variants (some line has a region map or 'diagonals' after its cells): every
    // puzzle as a board instead, any size.
    std::vector<sudoku::Board> boards;
    std::string error;  // "file:line: ..." when the file cannot be used
};

// A jigsaw's region map or the word 'diagonals' after the cells (not a rating or a solution).
bool HasVariantMark(std::string_view line) {
    const auto end = line.find_first_of(" \t");
    if (end == std::string_view::npos) return false;
    std::string_view rest = line.substr(end);
    rest.remove_prefix(std::min(rest.find_first_not_of(" \t"), rest.size()));
    return sudoku::IsVariantMark(rest.substr(0, rest.find_first_of(" \t")), end);
}

// Every line of a variants list as a board, parsed as the one-line text form.
PuzzleList ReadBoards(const std::string& path, const std::vector<std::string>& lines,
                      const std::vector<int>& numbers) {
    PuzzleList list;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        sudoku::ParsedPuzzle parsed = sudoku::ParsePuzzle(lines[i], sudoku::TextFormat::Line);
        if (!parsed.ok()) {
            list.error = fmt::format("{}:{}: {}", path, numbers[i], parsed.error.message);
            return list;
        }
        list.boards.push_back(std::move(parsed.board));
    }
    return list;
}

bool IsCellChar(char c) {
    return c == '.' || (c >= '0' && c <= '9');
}

// One puzzle a line (81 cells, '.' or '0' empty) optionally followed by a space, tab, ':' or ','
// and anything (a rating, a count, a solution); '#' starts a comment line; blank lines are
// skipped. A list where some line has a region map or 'diagonals' after its cells is a list of
// variants, read in the one-line text form (any size).
PuzzleList ReadPuzzles(const std::string& path) {
    PuzzleList list;
    std::ifstream in(path);
    if (!in) {
        list.error = fmt::format("{}: cannot read the file", path);
        return list;
    }
    std::string line;
    std::vector<std::string> lines;
    std::vector<int> numbers;
    bool variants = false;
    for (int number = 1; std::getline(in, line); ++number) {
        while (!line.empty() && (line.back() == '\r' || line.back() == ' '))
            line.pop_back();
        if (line.empty() || line[0] == '#') continue;
        variants = variants || HasVariantMark(line);
        lines.push_back(line);
        numbers.push_back(number);
    }
    if (in.bad()) {
        list.error = fmt::format("{}: read error", path);
        return list;
    }
    if (variants) return ReadBoards(path, lines, numbers);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string& text = lines[i];
        const int number = numbers[i];
        const std::size_t end = text.find_first_of(" \t:,");
        const std::string cells = text.substr(0, end);
        bool valid = cells.size() == 81;
        for (char c : cells)
            valid = valid && IsCellChar(c);
        if (!valid) {
            list.error =
                fmt::format("{}:{}: expected 81 cells (1-9, '.' or '0' for empty), got \"{}\"",
                            path, number, cells.size() > 90 ? cells.substr(0, 90) + "..." : cells);
            return list;
        }
        list.puzzles.push_back(cells);
    }
    return list;
}

// Complete, every row, column and box a permutation of 1-9, every clue kept.
bool ValidSolution(const std::string& puzzle, const char* solution) {
    int rows[9] = {}, cols[9] = {}, boxes[9] = {};
    for (int cell = 0; cell < 81; ++cell) {
        const char c = solution[cell];
        if (c < '1' || c > '9') return false;
        if (puzzle[cell] >= '1' && puzzle[cell] <= '9' && puzzle[cell] != c) return false;
        const int bit = 1 << (c - '1'), r = cell / 9, col = cell % 9;
        rows[r] |= bit;
        cols[col] |= bit;
        boxes[r / 3 * 3 + col / 3] |= bit;
    }
    for (int i = 0; i < 9; ++i)
        if (rows[i] != 0x1FF || cols[i] != 0x1FF || boxes[i] != 0x1FF) return false;
    return true;
}

struct FileReport {
    std::string file;
    std::size_t puzzles = 0;
    double seconds = 0;         // of the timed passes
    double slowestSeconds = 0;  // the slowest puzzle's time in the kept pass
    std::size_t solves = 0;     // puzzles solved in the timed passes (every pass solves them all)
    std::size_t noGuess = 0;    // puzzles solved by propagation alone
    std::uint64_t guesses = 0;
    std::size_t notUnique = 0;
    std::size_t noSolution = 0;
    std::size_t invalid = 0;  // a solution that breaks the rules or drops a clue: a solver bug
    std::vector<int> counts;  // each puzzle's solution count, to compare with the --vs solver

    double perSecond() const { return seconds > 0 ? solves / seconds : 0; }
    double usPerPuzzle() const { return solves ? seconds * 1e6 / solves : 0; }
    double noGuessShare() const { return puzzles ? double(noGuess) / puzzles : 0; }
    double guessesPerPuzzle() const { return puzzles ? double(guesses) / puzzles : 0; }
    double slowestUs() const { return slowestSeconds * 1e6; }
};

double Seconds(Clock::duration d) {
    return std::chrono::duration<double>(d).count();
}

// The seconds this thread has run: unlike the wall clock, it does not count time the scheduler
// gave to other processes, so figures stay comparable on a busy machine.
double ThreadSeconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// The clock --cpu-time chooses, in seconds.
double Now(const BenchArgs& args) {
    return args.cpuTime ? ThreadSeconds() : Seconds(Clock::now().time_since_epoch());
}

// Times `solveAt(i, keep)` over a list of `count` puzzles: a warm-up (caches, branch predictors
// and the CPU clock settle), one pass whose results are kept (keep = true), each puzzle timed
// alone for the slowest one, then timed passes, as many as cover --min-time (at least one).
// The kept pass is not in the throughput: its clock reads would weigh on a 2 us puzzle.
template <typename SolveAt>
void TimePasses(std::size_t count, SolveAt solveAt, const BenchArgs& args, FileReport& report) {
    for (auto start = Clock::now(); Seconds(Clock::now() - start) < args.warmup;)
        for (std::size_t i = 0; i < count; ++i)
            solveAt(i, false);
    for (std::size_t i = 0; i < count; ++i) {
        const double before = Now(args);
        solveAt(i, true);
        report.slowestSeconds = std::max(report.slowestSeconds, Now(args) - before);
    }
    const auto start = Clock::now();
    const double cpuStart = ThreadSeconds();
    do {
        for (std::size_t i = 0; i < count; ++i)
            solveAt(i, false);
        report.solves += count;
    } while (Seconds(Clock::now() - start) < args.minTime);
    report.seconds = args.cpuTime ? ThreadSeconds() - cpuStart : Seconds(Clock::now() - start);
}

// The kept pass's statistics: guesses, counts, and (where `valid` says) broken solutions.
template <typename Valid>
void Tally(const std::vector<int>& counts, const std::vector<std::uint64_t>& guessList, Valid valid,
           FileReport& report) {
    for (std::size_t i = 0; i < counts.size(); ++i) {
        report.guesses += guessList[i];
        report.noGuess += guessList[i] == 0;
        if (counts[i] == 0) ++report.noSolution;
        if (counts[i] > 1) ++report.notUnique;
        report.counts.push_back(counts[i]);
        if (counts[i] > 0 && !valid(i)) ++report.invalid;
    }
}

// `solve(puzzle, limit, solution, &guesses)` returns the solution count; `validate` says whether
// it writes the first solution (then every one is checked).
template <typename Solve>
FileReport Bench(const std::string& file, const std::vector<std::string>& puzzles, Solve solve,
                 bool validate, const BenchArgs& args) {
    FileReport report;
    report.file = file;
    report.puzzles = puzzles.size();
    if (puzzles.empty()) return report;
    char scratch[81];
    std::uint64_t guesses = 0;
    std::vector<int> counts(puzzles.size());
    std::vector<std::uint64_t> guessList(puzzles.size());
    std::vector<char> solutions(puzzles.size() * 81);
    TimePasses(
        puzzles.size(),
        [&](std::size_t i, bool keep) {
            if (keep)
                counts[i] =
                    solve(puzzles[i].c_str(), args.limit, &solutions[i * 81], &guessList[i]);
            else
                solve(puzzles[i].c_str(), args.limit, scratch, &guesses);
        },
        args, report);
    Tally(
        counts, guessList,
        [&](std::size_t i) { return !validate || ValidSolution(puzzles[i], &solutions[i * 81]); },
        report);
    return report;
}

// The same on boards of any variant (a list of jigsaw or X puzzles), with the board solvers.
FileReport BenchBoards(const std::string& file, const std::vector<sudoku::Board>& puzzles,
                       sudoku::BoardSolveFunction solve, const BenchArgs& args) {
    FileReport report;
    report.file = file;
    report.puzzles = puzzles.size();
    if (puzzles.empty()) return report;
    std::vector<int> counts(puzzles.size());
    std::vector<std::uint64_t> guessList(puzzles.size());
    std::vector<sudoku::Board> solutions(puzzles.size());
    sudoku::Board scratch;
    std::uint64_t guesses = 0;
    TimePasses(
        puzzles.size(),
        [&](std::size_t i, bool keep) {
            if (keep)
                counts[i] = solve(puzzles[i], args.limit, &solutions[i], &guessList[i]);
            else
                solve(puzzles[i], args.limit, &scratch, &guesses);
        },
        args, report);
    Tally(
        counts, guessList,
        [&](std::size_t i) { return sudoku::IsSolutionOf(puzzles[i], solutions[i]); }, report);
    return report;
}

// One file's figures, ours and (with --vs) the other solver's, timed one after the other.
struct FileResult {
    FileReport ours;
    std::optional<FileReport> vs;
    std::size_t countsDiffer = 0;  // puzzles whose solution counts disagree: one solver is wrong

    double ratio() const {
        return vs && vs->perSecond() > 0 ? ours.perSecond() / vs->perSecond() : 0;
    }
};

nlohmann::json ToJson(const FileReport& r, std::string_view solver, const BenchArgs& args) {
    return {{"file", r.file},
            {"solver", solver},
            {"limit", args.limit},
            {"puzzles", r.puzzles},
            {"puzzles_per_second", r.perSecond()},
            {"us_per_puzzle", r.usPerPuzzle()},
            {"slowest_us", r.slowestUs()},
            {"no_guess_share", r.noGuessShare()},
            {"guesses_per_puzzle", r.guessesPerPuzzle()},
            {"not_unique", r.notUnique},
            {"no_solution", r.noSolution},
            {"invalid_solutions", r.invalid},
            {"seconds", r.seconds},
            {"clock", args.cpuTime ? "thread_cpu" : "wall"}};
}

nlohmann::json ToJson(const FileResult& r, const BenchArgs& args) {
    nlohmann::json out = ToJson(r.ours, args.solver, args);
    if (r.vs) {
        out["vs"] = ToJson(*r.vs, args.vs, args);
        out["vs"].erase("invalid_solutions");  // not checked: tdoku writes none at limit 2
        out["ratio"] = r.ratio();
        out["counts_differ"] = r.countsDiffer;
    }
    return out;
}

void PrintRow(const FileReport& r, std::string name) {
    if (name.size() > 40) name = "..." + name.substr(name.size() - 37);
    fmt::print("{:<40} {:>8} {:>12.0f} {:>10.2f} {:>10.1f} {:>8.1f}% {:>10.2f} {:>10} {:>11}\n",
               name, r.puzzles, r.perSecond(), r.usPerPuzzle(), r.slowestUs(),
               100 * r.noGuessShare(), r.guessesPerPuzzle(), r.notUnique, r.noSolution);
}

void PrintTable(const std::vector<FileResult>& results, const BenchArgs& args) {
    fmt::print("solver {}, solutions counted up to {}, warm-up {} s, {} clock\n", args.solver,
               args.limit, args.warmup, args.cpuTime ? "thread CPU" : "wall");
    if (!args.vs.empty()) fmt::print("vs {} ({})\n", args.vs, kTdokuSymbol);
    fmt::print("{:<40} {:>8} {:>12} {:>10} {:>10} {:>9} {:>10} {:>10} {:>11}\n", "file", "puzzles",
               "puzzles/s", "us/puzzle", "slowest us", "no guess", "guesses", "not unique",
               "no solution");
    for (const FileResult& r : results) {
        PrintRow(r.ours, r.ours.file);
        if (r.vs) {
            PrintRow(*r.vs, "  vs");
            fmt::print("  {} / vs: {:.2f}x\n", args.solver, r.ratio());
        }
    }
}

// Warnings for what no timing should hide: invalid solutions, counts the two solvers disagree on.
bool ReportProblems(const std::vector<FileResult>& results) {
    bool any = false;
    for (const FileResult& r : results) {
        if (r.ours.invalid)
            fmt::print(stderr, "sudokucam bench: {}: {} invalid solutions (solver bug)\n",
                       r.ours.file, r.ours.invalid);
        if (r.countsDiffer)
            fmt::print(stderr, "sudokucam bench: {}: {} puzzles with other solution counts --vs\n",
                       r.ours.file, r.countsDiffer);
        any = any || r.ours.invalid || r.countsDiffer;
    }
    return any;
}

// The --vs solver's run: its empty cells written '.', as tdoku requires.
FileResult BenchFile(const std::string& file, const std::vector<std::string>& puzzles,
                     const sudoku::SolverInfo& solver, const VsSolver* vs, const BenchArgs& args) {
    FileResult result;
    result.ours = Bench(file, puzzles, solver.solve, true, args);
    if (!vs) return result;
    std::vector<std::string> dotted = puzzles;
    for (std::string& p : dotted)
        std::replace(p.begin(), p.end(), '0', '.');
    const TdokuSolve tdoku = vs->solve;
    auto solve = [tdoku](const char* p, int limit, char* out, std::uint64_t* guesses) {
        std::size_t g = 0;
        const auto n = tdoku(p, static_cast<std::size_t>(limit), 0, out, &g);
        *guesses = g;
        return static_cast<int>(n);
    };
    result.vs = Bench(file, dotted, solve, false, args);
    for (std::size_t i = 0; i < puzzles.size(); ++i)
        result.countsDiffer += result.ours.counts[i] != result.vs->counts[i];
    return result;
}

int RunBench(const BenchArgs& args) {
    const sudoku::SolverInfo* solver = sudoku::FindSolver(args.solver);
    if (!solver) {
        std::string names;
        for (const auto& s : sudoku::AllSolvers())
            names += fmt::format(" {}", s.name);
        fmt::print(stderr, "sudokucam bench: unknown solver \"{}\" (known:{})\n", args.solver,
                   names);
        return kExitUsage;
    }
    VsSolver vs;
    if (!args.vs.empty()) {
        LoadVsSolver(args.vs, vs);
        if (!vs.error.empty()) {
            fmt::print(stderr, "sudokucam bench: {}\n", vs.error);
            return kExitUsage;
        }
    }
    // Read every file first, so a bad file fails fast instead of after minutes of timing.
    std::vector<PuzzleList> lists;
    for (const std::string& file : args.files) {
        lists.push_back(ReadPuzzles(file));
        if (!lists.back().error.empty()) {
            fmt::print(stderr, "sudokucam bench: {}\n", lists.back().error);
            return kExitUsage;
        }
        const bool variants = !lists.back().boards.empty();
        if (variants && (!sudoku::FindBoardSolver(args.solver) || vs.solve)) {
            fmt::print(stderr,
                       "sudokucam bench: {} holds jigsaw or X puzzles: only --solver generic or "
                       "logical times them, without --vs\n",
                       file);
            return kExitUsage;
        }
    }
    std::vector<FileResult> results;
    for (std::size_t i = 0; i < args.files.size(); ++i) {
        if (lists[i].boards.empty()) {
            results.push_back(BenchFile(args.files[i], lists[i].puzzles, *solver,
                                        vs.solve ? &vs : nullptr, args));
            continue;
        }
        results.push_back({BenchBoards(args.files[i], lists[i].boards,
                                       sudoku::FindBoardSolver(args.solver), args),
                           {},
                           0});
    }

    if (args.json) {
        nlohmann::json out = nlohmann::json::array();
        for (const FileResult& r : results)
            out.push_back(ToJson(r, args));
        std::cout << out.dump(2) << "\n";
    } else {
        PrintTable(results, args);
    }
    return ReportProblems(results) ? kExitFailure : kExitOk;
}

}  // namespace

void RegisterBenchCommand(CLI::App& app, int& exitCode) {
    auto args = std::make_shared<BenchArgs>();
    std::string solverNames;
    for (const auto& s : sudoku::AllSolvers())
        solverNames += fmt::format("\n  {}: {}", s.name, s.description);
    CLI::App* bench = app.add_subcommand(
        "bench", "Time a solver on puzzle lists (one 81-character puzzle a line, '#' comments)");
    bench->add_option("files", args->files, "Puzzle lists")->required();
    bench->add_option("--solver", args->solver, "Solver (default: fast):" + solverNames);
    bench->add_flag("--json", args->json, "Print one JSON object per file, in an array");
    bench->add_option("--limit", args->limit, "Count solutions up to N (default: 2, uniqueness)")
        ->check(CLI::Range(1, 1000000));
    bench->add_option("--warmup", args->warmup, "Seconds of untimed solving first (default: 1)")
        ->check(CLI::Range(0.0, 600.0));
    bench
        ->add_option("--min-time", args->minTime,
                     "Repeat short lists until the timing covers this many seconds (default: 1)")
        ->check(CLI::Range(0.0, 600.0));
    bench->add_flag("--cpu-time", args->cpuTime,
                    "Time with the thread's CPU clock instead of the wall clock (steadier when "
                    "other processes share the cores)");
    bench->add_option("--vs", args->vs,
                      "Also time tdoku, from a shared library built from a tdoku checkout "
                      "(scripts/build-tdoku.sh), on the same lists; prints the speed ratio");
    bench->callback([args, &exitCode] { exitCode = RunBench(*args); });
}

}  // namespace sudokucam
