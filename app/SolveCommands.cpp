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
#include "app/PuzzleJson.h"
#include "solver/TextFormat.h"

namespace sudokucam {
namespace {

using json = nlohmann::ordered_json;

struct CommonOptions {
    std::vector<std::string> inputs;
    std::string format = "auto";
    bool diagonals = false;
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
    command.add_flag("--diagonals,--x", options.diagonals,
                     "X Sudoku: the two diagonals hold every digit once too (a text can say so "
                     "itself: 'diagonals' after a one-line puzzle, or a '# diagonals' line)");
    command.add_flag("--json", options.json, "Print one JSON object a line per puzzle");
    command
        .add_option("--max-input-mb", options.maxInputMb,
                    "Refuse a puzzle file (or standard input) larger than this many MB, before "
                    "reading it (default: 32)")
        ->check(CLI::Range(0.001, 1e6));
}

bool IsSolvable(const json& answer) {
    return answer["status"] == "solved";
}

// "X-Wing" for "x-wing": the text output names techniques as people write them.
std::string HardestName(const json& hardestId) {
    if (hardestId.is_null()) return "none";
    for (int t = 0; t < sudoku::kTechniqueCount; ++t)
        if (sudoku::TechniqueId(static_cast<sudoku::Technique>(t)) == hardestId.get<std::string>())
            return std::string(sudoku::TechniqueName(static_cast<sudoku::Technique>(t)));
    return hardestId.get<std::string>();
}

using PuzzleBody = std::function<int(const InputPuzzle& input, bool many)>;

// Reads every input and runs the body on each readable puzzle; the exit code is the worst of
// kExitOk, kExitFailure (from the body) and kExitUsage (an unreadable input or line). With
// --json a broken line of a list gets its object in its place (MalformedJson), so that the
// objects stay one per puzzle line; its message goes to standard error as well.
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
        for (InputPuzzle& p : input.puzzles) {
            if (options.diagonals && p.parsed.ok())
                p.parsed.board =
                    p.parsed.board.withGeometry(p.parsed.board.geometry().withDiagonals(true));
            puzzles.push_back(std::move(p));
        }
    }
    const bool many = puzzles.size() > 1;
    for (const InputPuzzle& puzzle : puzzles) {
        if (!puzzle.parsed.ok()) {
            std::cerr << "sudokucam: " << puzzle.errorMessage() << "\n";
            if (options.json && puzzle.line > 0)
                std::cout << MalformedJson(puzzle).dump(-1, ' ', false,
                                                        json::error_handler_t::replace)
                          << "\n";
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

void PrintSteps(const json& steps, bool solved) {
    for (std::size_t i = 0; i < steps.size(); ++i)
        std::cout << fmt::format("{:>3}. {}: {}\n", i + 1, steps[i]["name"].get<std::string>(),
                                 steps[i]["explanation"].get<std::string>());
    if (!solved) std::cout << "     Logic gets stuck here; the rest needs guessing.\n";
}

// The solution line of the answer on the puzzle's own geometry (its regions, its diagonals).
sudoku::Board SolutionBoard(const sudoku::Board& puzzle, const std::string& line) {
    sudoku::Board solution(puzzle.geometry());
    for (int cell = 0; cell < solution.cellCount(); ++cell)
        solution.set(cell, sudoku::Geometry::DigitFromChar(line[cell]), sudoku::CellOrigin::Filled);
    return solution;
}

// The text output is written from the same JSON answer as --json, so the two never disagree.
int SolveOne(const SolveOptions& options, const InputPuzzle& input, bool many) {
    const json out = SolveJson(input, options.steps);
    if (options.common.json) {
        std::cout << out.dump() << "\n";
        return IsSolvable(out) ? kExitOk : kExitFailure;
    }
    if (many && !options.line) std::cout << "# " << input.origin() << "\n";
    if (out.contains("steps")) PrintSteps(out["steps"], out["solvedByLogic"].get<bool>());
    if (!out.contains("solution")) {
        std::cout << ProblemLine(out) << "\n";
    } else {
        const std::string solution = out["solution"].get<std::string>();
        if (options.line)
            std::cout << solution << "\n";
        else
            std::cout << sudoku::FormatGrid(SolutionBoard(input.parsed.board, solution));
    }
    if (many && !options.line) std::cout << "\n";
    return IsSolvable(out) ? kExitOk : kExitFailure;
}

std::string HintText(const json& out) {
    if (out["hint"] == "complete") return "The puzzle is already complete.";
    if (out["hint"] == "guess") return out["explanation"].get<std::string>();
    const json& step = out["step"];
    return step["name"].get<std::string>() + ": " + step["explanation"].get<std::string>();
}

int HintOne(const CommonOptions& options, const InputPuzzle& input) {
    const json out = HintJson(input);
    if (options.json)
        std::cout << out.dump() << "\n";
    else
        std::cout << (IsSolvable(out) ? HintText(out) : ProblemLine(out)) << "\n";
    return IsSolvable(out) ? kExitOk : kExitFailure;
}

int GradeOne(const CommonOptions& options, const InputPuzzle& input, bool many) {
    const json out = GradeJson(input);
    if (options.json) {
        std::cout << out.dump() << "\n";
        return IsSolvable(out) ? kExitOk : kExitFailure;
    }
    if (!IsSolvable(out)) {
        std::cout << ProblemLine(out) << "\n";
        return kExitFailure;
    }
    if (many) std::cout << input.origin() << ": ";
    std::cout << fmt::format("{} {} (hardest: {}; {} steps{})\n", out["level"].get<std::string>(),
                             out["score"].get<int>(), HardestName(out["hardest"]),
                             out["steps"].get<int>(),
                             out["needsGuessing"].get<bool>() ? "; needs guessing" : "");
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
