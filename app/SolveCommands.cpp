// The solve, hint and grade commands: puzzles in (argument, file or standard input, any text
// form), checks, solution, next step or grade out, as text or one JSON object per puzzle.

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "app/Commands.h"
#include "app/PuzzleInput.h"
#include "solver/Grader.h"
#include "solver/LogicalSolver.h"
#include "solver/Validation.h"

namespace sudokucam {
namespace {

using json = nlohmann::ordered_json;
using sudoku::Board;
using sudoku::CandidateGrid;
using sudoku::Geometry;

struct CommonOptions {
    std::vector<std::string> inputs;
    std::string format = "auto";
    bool json = false;
    double maxInputMb = static_cast<double>(kDefaultMaxInputBytes) / 1e6;
};

void AddCommonOptions(CLI::App& command, CommonOptions& options) {
    command.add_option("puzzles", options.inputs,
                       "Files of puzzles, '-' for standard input (the default), or a puzzle "
                       "itself; a file holds one puzzle a line or one puzzle in any form");
    command
        .add_option("--format", options.format,
                    "Form of the input: auto, line, grid, bracket, sdk or pencil (default: auto)")
        ->check(CLI::IsMember({"auto", "line", "grid", "bracket", "sdk", "pencil"}));
    command.add_flag("--json", options.json, "Print one JSON object a line per puzzle");
    command
        .add_option("--max-input-mb", options.maxInputMb,
                    "Refuse a puzzle file (or standard input) larger than this many MB, before "
                    "reading it (default: 32)")
        ->check(CLI::Range(0.001, 1e6));
}

enum class Status { Solved, NoSolution, Multiple, Invalid };

std::string StatusName(Status status) {
    switch (status) {
        case Status::Solved:
            return "solved";
        case Status::NoSolution:
            return "no-solution";
        case Status::Multiple:
            return "multiple";
        case Status::Invalid:
            break;
    }
    return "invalid";
}

// Invalid: the clues break the rules; multiple: more than one solution; otherwise none.
Status StatusOf(const sudoku::Verdict& verdict) {
    if (verdict.problems.empty()) return Status::Solved;
    auto has = [&](sudoku::ProblemKind kind) {
        return std::any_of(verdict.problems.begin(), verdict.problems.end(),
                           [&](const sudoku::Problem& p) { return p.kind == kind; });
    };
    if (has(sudoku::ProblemKind::Duplicate)) return Status::Invalid;
    if (has(sudoku::ProblemKind::MultipleSolutions)) return Status::Multiple;
    return Status::NoSolution;
}

json CellJson(const Geometry& g, int cell) {
    return {{"name", g.cellName(cell)}, {"index", cell}};
}

json CellsJson(const Geometry& g, const std::vector<int>& cells) {
    json list = json::array();
    for (int cell : cells)
        list.push_back(CellJson(g, cell));
    return list;
}

json CellDigitsJson(const Geometry& g, const std::vector<sudoku::CellDigit>& cds) {
    json list = json::array();
    for (const auto& cd : cds)
        list.push_back({{"cell", g.cellName(cd.cell)}, {"index", cd.cell}, {"digit", cd.digit}});
    return list;
}

json ProblemsJson(const Geometry& g, const std::vector<sudoku::Problem>& problems) {
    json list = json::array();
    for (const sudoku::Problem& p : problems) {
        json item = {{"kind", sudoku::ProblemKindId(p.kind)},
                     {"message", p.message},
                     {"cells", CellsJson(g, p.cells)}};
        if (p.unit >= 0) item["unit"] = g.unitName(p.unit);
        if (p.digit > 0) item["digit"] = p.digit;
        list.push_back(std::move(item));
    }
    return list;
}

json StepJson(const Geometry& g, const sudoku::Step& step) {
    json units = json::array();
    for (int unit : step.units)
        units.push_back(g.unitName(unit));
    return {{"technique", sudoku::TechniqueId(step.technique)},
            {"name", sudoku::TechniqueName(step.technique)},
            {"explanation", step.explanation},
            {"placements", CellDigitsJson(g, step.placements)},
            {"eliminations", CellDigitsJson(g, step.eliminations)},
            {"cells", CellsJson(g, step.cells)},
            {"units", std::move(units)}};
}

// What every JSON answer starts with: where the puzzle came from and what it was.
json PuzzleJson(const InputPuzzle& input, Status status, const sudoku::Verdict& verdict) {
    const Board& board = input.parsed.board;
    return {{"input", input.origin()},
            {"format", sudoku::TextFormatName(input.parsed.format)},
            {"size", board.size()},
            {"puzzle", board.toLine()},
            {"status", StatusName(status)},
            {"problems", ProblemsJson(board.geometry(), verdict.problems)}};
}

// "no-solution: Row 3 has two 5s: r3c2 and r3c7." on one line, whatever the number of problems.
std::string ProblemLine(Status status, const sudoku::Verdict& verdict) {
    std::string line = StatusName(status) + ":";
    for (const sudoku::Problem& p : verdict.problems)
        line += " " + p.message;
    return line;
}

using PuzzleBody = std::function<int(const InputPuzzle& input, bool many)>;

// Reads every input and runs the body on each readable puzzle; the exit code is the worst of
// kExitOk, kExitFailure (from the body) and kExitUsage (an unreadable input).
int ForEachPuzzle(const CommonOptions& options, const PuzzleBody& body) {
    const sudoku::TextFormat format = *sudoku::TextFormatFromName(options.format);
    std::vector<std::string> inputs = options.inputs;
    if (inputs.empty()) inputs.push_back("-");
    int exitCode = kExitOk;
    std::vector<InputPuzzle> puzzles;
    for (const std::string& argument : inputs) {
        PuzzleInput input = ReadPuzzleInput(argument, format, std::cin,
                                            static_cast<std::uint64_t>(options.maxInputMb * 1e6));
        if (!input.error.empty()) {
            std::cerr << "sudokucam: " << input.error << "\n";
            exitCode = kExitUsage;
        }
        for (InputPuzzle& p : input.puzzles)
            puzzles.push_back(std::move(p));
    }
    const bool many = puzzles.size() > 1;
    for (const InputPuzzle& puzzle : puzzles) {
        if (!puzzle.parsed.ok()) {
            std::cerr << "sudokucam: " << puzzle.errorMessage() << "\n";
            exitCode = kExitUsage;
            continue;
        }
        exitCode = std::max(exitCode, body(puzzle, many));
    }
    return exitCode;
}

struct SolveOptions {
    CommonOptions common;
    bool line = false;
    bool steps = false;
};

void PrintSteps(const std::vector<sudoku::Step>& steps, bool solved) {
    for (std::size_t i = 0; i < steps.size(); ++i)
        std::cout << fmt::format("{:>3}. {}: {}\n", i + 1,
                                 sudoku::TechniqueName(steps[i].technique), steps[i].explanation);
    if (!solved) std::cout << "     Logic gets stuck here; the rest needs guessing.\n";
}

int SolveOne(const SolveOptions& options, const InputPuzzle& input, bool many) {
    const CandidateGrid grid = input.parsed.candidateGrid();
    const sudoku::Verdict verdict = sudoku::CheckAndSolve(grid);
    const Status status = StatusOf(verdict);
    std::optional<sudoku::LogicalResult> logic;
    if (options.steps && status == Status::Solved) logic = sudoku::LogicalSolver().solve(grid);
    const Geometry& g = grid.geometry();
    if (options.common.json) {
        json out = PuzzleJson(input, status, verdict);
        if (verdict.solution) out["solution"] = verdict.solution->toLine();
        if (logic) {
            json steps = json::array();
            for (const sudoku::Step& step : logic->steps)
                steps.push_back(StepJson(g, step));
            out["steps"] = std::move(steps);
            out["solvedByLogic"] = logic->solved;
        }
        std::cout << out.dump() << "\n";
    } else {
        if (many && !options.line) std::cout << "# " << input.origin() << "\n";
        if (logic) PrintSteps(logic->steps, logic->solved);
        if (!verdict.solution)
            std::cout << ProblemLine(status, verdict) << "\n";
        else if (options.line)
            std::cout << verdict.solution->toLine() << "\n";
        else
            std::cout << sudoku::FormatGrid(*verdict.solution);
        if (many && !options.line) std::cout << "\n";
    }
    return status == Status::Solved ? kExitOk : kExitFailure;
}

// The problems of a puzzle that cannot be hinted or graded, in the chosen output form.
int ReportUnsolvable(const CommonOptions& options, const InputPuzzle& input, Status status,
                     const sudoku::Verdict& verdict) {
    if (options.json)
        std::cout << PuzzleJson(input, status, verdict).dump() << "\n";
    else
        std::cout << ProblemLine(status, verdict) << "\n";
    return kExitFailure;
}

// When no technique applies, the cell with fewest candidates and its digit in the solution.
int GuessCell(const CandidateGrid& grid) {
    int best = -1;
    for (int cell = 0; cell < grid.board().cellCount(); ++cell) {
        if (grid.value(cell)) continue;
        if (best < 0 ||
            sudoku::CountDigits(grid.candidates(cell)) < sudoku::CountDigits(grid.candidates(best)))
            best = cell;
    }
    return best;
}

int HintOne(const CommonOptions& options, const InputPuzzle& input) {
    const CandidateGrid grid = input.parsed.candidateGrid();
    const sudoku::Verdict verdict = sudoku::CheckAndSolve(grid);
    const Status status = StatusOf(verdict);
    if (status != Status::Solved) return ReportUnsolvable(options, input, status, verdict);
    const Geometry& g = grid.geometry();
    json out = PuzzleJson(input, status, verdict);
    std::string text;
    if (grid.isSolved()) {
        out["hint"] = "complete";
        text = "The puzzle is already complete.";
    } else if (auto step = sudoku::LogicalSolver().nextStep(grid)) {
        out["hint"] = "step";
        out["step"] = StepJson(g, *step);
        text = fmt::format("{}: {}", sudoku::TechniqueName(step->technique), step->explanation);
    } else {
        const int cell = GuessCell(grid);
        const int digit = verdict.solution->value(cell);
        out["hint"] = "guess";
        out["cell"] = CellJson(g, cell);
        out["digit"] = digit;
        text = fmt::format(
            "No technique applies; guess {} in {} (one of its {} candidates, and the right one).",
            Geometry::DigitChar(digit), g.cellName(cell),
            sudoku::CountDigits(grid.candidates(cell)));
    }
    std::cout << (options.json ? out.dump() : text) << "\n";
    return kExitOk;
}

int GradeOne(const CommonOptions& options, const InputPuzzle& input, bool many) {
    const CandidateGrid grid = input.parsed.candidateGrid();
    const sudoku::Verdict verdict = sudoku::CheckAndSolve(grid);
    const Status status = StatusOf(verdict);
    if (status != Status::Solved) return ReportUnsolvable(options, input, status, verdict);
    const sudoku::Grade grade = sudoku::GradePuzzle(grid);
    const std::string hardest =
        grade.hardest ? std::string(sudoku::TechniqueName(*grade.hardest)) : "none";
    if (options.json) {
        json out = PuzzleJson(input, status, verdict);
        out["level"] = sudoku::DifficultyName(grade.level);
        out["score"] = grade.score;
        out["hardest"] = grade.hardest ? json(sudoku::TechniqueId(*grade.hardest)) : json(nullptr);
        out["steps"] = grade.steps;
        out["needsGuessing"] = grade.needsGuessing;
        std::cout << out.dump() << "\n";
        return kExitOk;
    }
    if (many) std::cout << input.origin() << ": ";
    std::cout << fmt::format("{} {} (hardest: {}; {} steps{})\n",
                             sudoku::DifficultyName(grade.level), grade.score, hardest, grade.steps,
                             grade.needsGuessing ? "; needs guessing" : "");
    return kExitOk;
}

void RegisterSolve(CLI::App& app, int& exitCode) {
    auto options = std::make_shared<SolveOptions>();
    CLI::App* command = app.add_subcommand(
        "solve", "Solve puzzles: print the solution, or what is wrong with the puzzle");
    AddCommonOptions(*command, options->common);
    command->add_flag("--line", options->line, "Print each solution on one line");
    command->add_flag("--steps", options->steps,
                      "Also print the human-style steps that solve it (with --json: \"steps\")");
    command->callback([options, &exitCode] {
        exitCode = ForEachPuzzle(options->common, [&](const InputPuzzle& input, bool many) {
            return SolveOne(*options, input, many);
        });
    });
}

void RegisterHint(CLI::App& app, int& exitCode) {
    auto options = std::make_shared<CommonOptions>();
    CLI::App* command =
        app.add_subcommand("hint",
                           "Explain the next step of human-style solving (the simplest "
                           "technique that makes progress)");
    AddCommonOptions(*command, *options);
    command->callback([options, &exitCode] {
        exitCode = ForEachPuzzle(
            *options, [&](const InputPuzzle& input, bool) { return HintOne(*options, input); });
    });
}

void RegisterGrade(CLI::App& app, int& exitCode) {
    auto options = std::make_shared<CommonOptions>();
    CLI::App* command = app.add_subcommand(
        "grade", "Grade puzzles: easy, medium, hard, expert or extreme, and a score");
    AddCommonOptions(*command, *options);
    command->callback([options, &exitCode] {
        exitCode = ForEachPuzzle(*options, [&](const InputPuzzle& input, bool many) {
            return GradeOne(*options, input, many);
        });
    });
}

}  // namespace

void RegisterSolveCommands(CLI::App& app, int& exitCode) {
    RegisterSolve(app, exitCode);
    RegisterHint(app, exitCode);
    RegisterGrade(app, exitCode);
}

}  // namespace sudokucam
