// Blackbox tests of `sudokucam solve`, `hint` and `grade`: the built program run on the shared
// puzzle lists and on files in every text form, checking outputs and exit codes.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "solver/Backtracking.h"
#include "solver/LogicalSolver.h"
#include "solver/TextFormat.h"
#include "solver/Validation.h"
#include "tests/ProgramRun.h"
#include "tests/TestFiles.h"

namespace sudoku {
namespace {

const std::string kPuzzles = std::string(SUDOKU_SHARED_DIR) + "/puzzles/";

using Outcome = ProgramRun;

std::string WriteTemp(const std::string& name, const std::string& text) {
    const std::string path = TempPath(name);
    WriteText(path, text);
    return path;
}

// Runs the program with arguments (already shell-quoted) and a standard input text.
Outcome Sudokucam(const std::string& args, const std::string& input = "") {
    return RunProgram(args, ErrorOutput::Apart, input);
}

std::vector<std::string> ListPuzzles(const std::string& name, std::size_t count) {
    std::vector<std::string> puzzles;
    for (const std::string& line : Lines(ReadText(kPuzzles + name)))
        if (!line.empty() && line[0] != '#' && puzzles.size() < count) puzzles.push_back(line);
    return puzzles;
}

// A complete grid that breaks no rule and keeps every clue of the puzzle.
void ExpectSolves(const std::string& puzzle, const std::string& solution) {
    ParsedPuzzle p = ParsePuzzle(puzzle), s = ParsePuzzle(solution, TextFormat::Line);
    ASSERT_TRUE(p.ok() && s.ok()) << solution;
    EXPECT_TRUE(s.board.isComplete()) << solution;
    EXPECT_TRUE(FindDuplicates(s.board).empty()) << solution;
    for (int cell = 0; cell < p.board.cellCount(); ++cell) {
        if (!p.board.isEmpty(cell)) {
            EXPECT_EQ(p.board.value(cell), s.board.value(cell)) << cell;
        }
    }
}

// The pattern grid of a size with its diagonal emptied: one solution, found by singles.
std::string DiagonalPuzzle(int size, std::string* solution) {
    const Geometry g = *Geometry::ForSize(size);
    std::string puzzle;
    solution->clear();
    for (int r = 0; r < size; ++r) {
        for (int c = 0; c < size; ++c) {
            const int digit = (g.boxCols() * (r % g.boxRows()) + r / g.boxRows() + c) % size + 1;
            solution->push_back(Geometry::DigitChar(digit));
            puzzle.push_back(r == c ? '.' : Geometry::DigitChar(digit));
        }
    }
    return puzzle;
}

// What a packaged program says it is (the project's version, as CMake's project() gives it).
TEST(Cli, VersionFlagNamesTheProgramAndItsVersion) {
    Outcome run = Sudokucam("--version");
    EXPECT_EQ(run.code, 0) << run.err;
    EXPECT_THAT(run.out, ::testing::MatchesRegex("sudokucam [0-9]+\\.[0-9]+\\.[0-9]+\n"));
}

TEST(Cli, SolvesTheNewspaperListOneLineEach) {
    const Outcome run = Sudokucam("solve --line " + Quote(kPuzzles + "newspaper_train.txt"));
    EXPECT_EQ(run.code, 0) << run.err;
    EXPECT_EQ(run.err, "");
    const auto puzzles = ListPuzzles("newspaper_train.txt", 1000);
    const auto solutions = Lines(run.out);
    ASSERT_EQ(solutions.size(), puzzles.size());
    for (std::size_t i = 0; i < puzzles.size(); ++i)
        ExpectSolves(puzzles[i], solutions[i]);
}

TEST(Cli, PrettyGridFromAnArgumentAndFromStandardInput) {
    const std::string puzzle = ListPuzzles("magictour_top1465.txt", 1).front();
    const Outcome fromArgument = Sudokucam("solve " + puzzle);
    EXPECT_EQ(fromArgument.code, 0) << fromArgument.err;
    ParsedPuzzle grid = ParsePuzzle(fromArgument.out);
    ASSERT_TRUE(grid.ok()) << fromArgument.out;
    EXPECT_EQ(grid.format, TextFormat::Grid);
    ExpectSolves(puzzle, grid.board.toLine());
    EXPECT_NE(fromArgument.out.find("------+-------+------"), std::string::npos);
    for (const std::string args : {"solve --line -", "solve --line"}) {
        const Outcome fromStdin = Sudokucam(args, "# a comment\n" + puzzle + "\n");
        EXPECT_EQ(fromStdin.code, 0) << args;
        EXPECT_EQ(fromStdin.out, grid.board.toLine() + "\n") << args;
    }
}

TEST(Cli, ReadsEveryMultiLineFormFromFiles) {
    const std::string puzzle = ListPuzzles("newspaper_train.txt", 5).back();
    const Board board = ParsePuzzle(puzzle).board;
    const std::string expected = CountSolutions(board).solution.toLine() + "\n";
    const std::pair<const char*, TextFormat> forms[] = {{"grid.txt", TextFormat::Grid},
                                                        {"bracket.txt", TextFormat::Bracket},
                                                        {"puzzle.sdk", TextFormat::Sdk},
                                                        {"pencil.txt", TextFormat::PencilMarks}};
    std::string files;
    for (auto [name, form] : forms) {
        files += ' ';  // appended apart: GCC 12 warns (-Wrestrict) on " " + std::string at -O3
        files += Quote(WriteTemp(name, FormatPuzzle(board, form)));
    }
    const Outcome run = Sudokucam("solve --line" + files);
    EXPECT_EQ(run.code, 0) << run.err;
    EXPECT_EQ(run.out, expected + expected + expected + expected);
    const Outcome chosen =
        Sudokucam("solve --line --format pencil " + Quote(TempPath("pencil.txt")));
    EXPECT_EQ(chosen.code, 0) << chosen.err;
    EXPECT_EQ(chosen.out, expected);
}

TEST(Cli, SolvesOtherSizes) {
    std::string puzzles, solutions;
    for (int size : {4, 6, 8, 12, 16, 25}) {
        std::string solution;
        puzzles += DiagonalPuzzle(size, &solution) + "\n";
        solutions += solution + "\n";
    }
    const Outcome run = Sudokucam("solve --line", puzzles);
    EXPECT_EQ(run.code, 0) << run.err;
    EXPECT_EQ(run.out, solutions);
}

TEST(Cli, JsonStatusesAndProblemsForEveryKindOfPuzzle) {
    const std::string good = ListPuzzles("newspaper_train.txt", 1).front();
    std::string duplicate = good;
    duplicate[0] = '7';  // r1c1 = 7 beside the 7 of r1c4
    std::string multiple = ListPuzzles("all_17_clue.txt", 1).front();
    multiple[multiple.find_first_not_of('.')] = '.';
    const std::string deadEnd = "12345678.........9" + std::string(63, '.');
    const std::string path = WriteTemp("mixed.txt", "# mixed\n" + good + "\n" + duplicate + "\n" +
                                                        multiple + "\n" + deadEnd + "\n");
    const Outcome run = Sudokucam("solve --json " + Quote(path));
    EXPECT_EQ(run.code, 1);
    const auto lines = Lines(run.out);
    ASSERT_EQ(lines.size(), 4u) << run.out;
    std::vector<nlohmann::json> out;
    for (const auto& line : lines)
        out.push_back(nlohmann::json::parse(line));

    EXPECT_EQ(out[0]["status"], "solved");
    EXPECT_EQ(out[0]["input"], path + ":2");
    ExpectSolves(good, out[0]["solution"]);
    EXPECT_TRUE(out[0]["problems"].empty());

    EXPECT_EQ(out[1]["status"], "invalid");
    EXPECT_FALSE(out[1].contains("solution"));
    const auto& problem = out[1]["problems"][0];
    EXPECT_EQ(problem["kind"], "duplicate");
    EXPECT_EQ(problem["message"], "Row 1 has two 7s: r1c1 and r1c4.");
    EXPECT_EQ(problem["cells"][1]["name"], "r1c4");
    EXPECT_EQ(problem["cells"][1]["index"], 3);

    EXPECT_EQ(out[2]["status"], "multiple");
    EXPECT_EQ(out[2]["problems"][0]["kind"], "multiple-solutions");
    EXPECT_GE(out[2]["problems"][0]["cells"].size(), 4u);

    EXPECT_EQ(out[3]["status"], "no-solution");
    EXPECT_EQ(out[3]["problems"][0]["message"], "r1c9 has no candidate left.");
    EXPECT_EQ(out[3]["problems"][1]["kind"], "no-place");

    // The text form says the same in one line a puzzle.
    const Outcome text = Sudokucam("solve --line " + Quote(path));
    const auto textLines = Lines(text.out);
    ASSERT_EQ(textLines.size(), 4u);
    EXPECT_EQ(textLines[1], "invalid: Row 1 has two 7s: r1c1 and r1c4.");
    EXPECT_EQ(textLines[2].rfind("multiple: The puzzle has more than one solution: ", 0), 0u);
}

TEST(Cli, StepsReplayToTheSolution) {
    const std::string puzzle = ListPuzzles("newspaper_train.txt", 1).front();
    const Outcome run = Sudokucam("solve --json --steps " + puzzle);
    ASSERT_EQ(run.code, 0) << run.err;
    const auto out = nlohmann::json::parse(run.out);
    ASSERT_TRUE(out["solvedByLogic"].get<bool>());
    std::string grid = puzzle;
    bool sawElimination = false;
    for (const auto& step : out["steps"]) {
        EXPECT_FALSE(step["technique"].get<std::string>().empty());
        EXPECT_FALSE(step["explanation"].get<std::string>().empty());
        for (const auto& p : step["placements"])
            grid[p["index"].get<int>()] = Geometry::DigitChar(p["digit"].get<int>());
        sawElimination |= !step["eliminations"].empty();
    }
    EXPECT_TRUE(sawElimination);  // this puzzle needs more than singles
    EXPECT_EQ(grid, out["solution"]);
    const Outcome text = Sudokucam("solve --steps " + puzzle);
    EXPECT_NE(text.out.find("  1. "), std::string::npos);
}

TEST(Cli, HintGivesTheNextStep) {
    const std::string puzzle = ListPuzzles("newspaper_train.txt", 1).front();
    const Outcome run = Sudokucam("hint --json " + puzzle);
    ASSERT_EQ(run.code, 0) << run.err;
    const auto out = nlohmann::json::parse(run.out);
    EXPECT_EQ(out["hint"], "step");
    const auto& step = out["step"];
    ASSERT_FALSE(step["placements"].empty() && step["eliminations"].empty());
    const Outcome text = Sudokucam("hint " + puzzle);
    EXPECT_EQ(text.out, step["name"].get<std::string>() + ": " +
                            step["explanation"].get<std::string>() + "\n");
    // A placement the hint makes is the solution's digit.
    const std::string solution = CountSolutions(ParsePuzzle(puzzle).board).solution.toLine();
    for (const auto& p : step["placements"])
        EXPECT_EQ(solution[p["index"].get<int>()], Geometry::DigitChar(p["digit"].get<int>()));
    const Outcome done = Sudokucam("hint " + solution);
    EXPECT_EQ(done.out, "The puzzle is already complete.\n");
    const Outcome broken = Sudokucam("hint 7" + puzzle.substr(1));
    EXPECT_EQ(broken.code, 1);
    EXPECT_EQ(broken.out, "invalid: Row 1 has two 7s: r1c1 and r1c4.\n");
}

TEST(Cli, HintWhereLogicIsStuckNamesAGuessFromTheSolution) {
    // The pencil marks where the techniques give up on one of the forum's hardest puzzles.
    const std::string puzzle = ListPuzzles("forum_hardest_1106.txt", 1).front();
    const LogicalResult logic = LogicalSolver().solve(ParsePuzzle(puzzle).board);
    ASSERT_FALSE(logic.solved);
    const std::string path = WriteTemp("stuck.txt", FormatPencilMarks(logic.final));
    const Outcome run = Sudokucam("hint --json " + Quote(path));
    ASSERT_EQ(run.code, 0) << run.err;
    const auto out = nlohmann::json::parse(run.out);
    EXPECT_EQ(out["format"], "pencil");
    ASSERT_EQ(out["hint"], "guess");
    const std::string solution = CountSolutions(ParsePuzzle(puzzle).board).solution.toLine();
    EXPECT_EQ(solution[out["cell"]["index"].get<int>()],
              Geometry::DigitChar(out["digit"].get<int>()));
}

TEST(Cli, GradesNewspaperPuzzlesBelowTheForumsHardest) {
    const auto newspaper = ListPuzzles("newspaper_train.txt", 8);
    const auto hardest = ListPuzzles("forum_hardest_1106.txt", 8);
    std::string list;
    for (const auto& p : newspaper)
        list += p + "\n";
    for (const auto& p : hardest)
        list += p + "\n";
    const Outcome run = Sudokucam("grade --json -", list);
    ASSERT_EQ(run.code, 0) << run.err;
    const auto lines = Lines(run.out);
    ASSERT_EQ(lines.size(), 16u);
    int newspaperMax = 0;
    int hardestMin = 1 << 30;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const auto out = nlohmann::json::parse(lines[i]);
        EXPECT_EQ(out["input"], "standard input:" + std::to_string(i + 1));
        const int score = out["score"];
        if (i < 8) {
            newspaperMax = std::max(newspaperMax, score);
            EXPECT_NE(out["level"], "extreme");
        } else {
            hardestMin = std::min(hardestMin, score);
            EXPECT_EQ(out["level"], "extreme");
        }
    }
    EXPECT_LT(newspaperMax, hardestMin);
    const Outcome text = Sudokucam("grade " + newspaper[2]);
    EXPECT_EQ(text.code, 0);
    EXPECT_NE(text.out.find(" steps"), std::string::npos) << text.out;
    const Outcome unsolvable = Sudokucam("grade 7" + newspaper[0].substr(1));
    EXPECT_EQ(unsolvable.code, 1);
}

TEST(Cli, UnreadableInputNamesTheFileAndLine) {
    std::vector<std::string> puzzles = ListPuzzles("newspaper_train.txt", 3);
    std::string bad = puzzles[1];
    bad[13] = 'Q';
    const std::string path =
        WriteTemp("bad-list.txt", "# list\n" + puzzles[0] + "\n" + bad + "\n" + puzzles[2] + "\n");
    const Outcome run = Sudokucam("solve --line " + Quote(path));
    EXPECT_EQ(run.code, 2);
    EXPECT_EQ(run.err,
              "sudokucam: " + path + ": line 3, column 14: 'Q' is not a digit of a 9x9 grid\n");
    EXPECT_EQ(Lines(run.out).size(), 2u);  // the readable puzzles are still solved

    std::string rows;
    for (int r = 0; r < 7; ++r)
        rows += puzzles[0].substr(9 * r, 9) + "\n";
    const std::string shortGrid = WriteTemp("short.txt", rows);
    const Outcome grid = Sudokucam("grade " + Quote(shortGrid));
    EXPECT_EQ(grid.code, 2);
    EXPECT_EQ(grid.err, "sudokucam: " + shortGrid + ": 7 rows found, 9 expected\n");

    const Outcome missing = Sudokucam("solve no-such-file.txt");
    EXPECT_EQ(missing.code, 2);
    EXPECT_NE(missing.err.find("'no-such-file.txt' is neither a file nor a puzzle"),
              std::string::npos)
        << missing.err;
    const Outcome wrongForm = Sudokucam("hint --format bracket " + puzzles[0]);
    EXPECT_EQ(wrongForm.code, 2);
    const Outcome badOption = Sudokucam("solve --format csv " + puzzles[0]);
    EXPECT_EQ(badOption.code, 2);
}

// Machine consumers: with --json a list gets one object per puzzle line, a broken line's
// included (status "invalid", its message and line), so the answers stay line for line with
// the puzzles; blank lines and comments get none. The exit code says some input was bad.
TEST(Cli, JsonListAnswersEveryPuzzleLineEvenABrokenOne) {
    const std::vector<std::string> puzzles = ListPuzzles("newspaper_train.txt", 3);
    std::string first = puzzles[0];
    first[13] = 'Q';  // the first line itself is broken: still read as a list
    const std::string text = "# a list\n" + first + "\n\n" + puzzles[1] + "\n12345\n" + puzzles[2] +
                             "\n" + puzzles[0].substr(1) + "\n";
    const std::vector<int> lines = {2, 4, 5, 6, 7};
    const std::vector<bool> broken = {true, false, true, false, true};
    const std::string path = WriteTemp("broken-list.txt", text);
    for (const std::string command : {"solve", "grade", "hint"}) {
        for (const bool fromStdin : {false, true}) {
            const Outcome run = fromStdin ? Sudokucam(command + " --json -", text)
                                          : Sudokucam(command + " --json " + Quote(path));
            const std::string source = fromStdin ? "standard input" : path;
            EXPECT_EQ(run.code, 2) << command << ": some input was bad";
            const std::vector<std::string> out = Lines(run.out);
            ASSERT_EQ(out.size(), lines.size()) << command << "\n" << run.out;
            for (std::size_t i = 0; i < out.size(); ++i) {
                const auto j = nlohmann::json::parse(out[i]);
                const std::string where = source + ":" + std::to_string(lines[i]);
                EXPECT_EQ(j["input"], where) << out[i];
                if (!broken[i]) {
                    EXPECT_EQ(j["status"], "solved") << out[i];
                    continue;
                }
                EXPECT_EQ(j["status"], "invalid") << out[i];
                EXPECT_EQ(j["line"], lines[i]) << out[i];
                EXPECT_EQ(j["problems"][0]["kind"], "malformed") << out[i];
                const std::string message = j["message"].get<std::string>();
                EXPECT_EQ(message.rfind(source + ": line " + std::to_string(lines[i]), 0), 0u)
                    << message;
                // The same message on standard error, for a person.
                EXPECT_NE(run.err.find("sudokucam: " + message + "\n"), std::string::npos)
                    << run.err;
            }
            EXPECT_EQ(nlohmann::json::parse(out[0])["column"], 14);
        }
    }
    // Text output is unchanged: the readable puzzles answered, the broken lines on stderr.
    const Outcome text1 = Sudokucam("solve --line " + Quote(path));
    EXPECT_EQ(text1.code, 2);
    EXPECT_EQ(Lines(text1.out).size(), 2u) << text1.out;
    EXPECT_EQ(Lines(text1.err).size(), 3u) << text1.err;
}

TEST(Cli, HelpForEveryCommand) {
    for (const std::string command : {"solve", "hint", "grade"}) {
        const Outcome run = Sudokucam(command + " --help");
        EXPECT_EQ(run.code, 0) << command;
        EXPECT_NE(run.out.find("--json"), std::string::npos) << command;
        EXPECT_NE(run.out.find("--format"), std::string::npos) << command;
        EXPECT_EQ(run.out.find("--steps") != std::string::npos, command == "solve") << command;
    }
}

// Jigsaw and X puzzles: what generate prints, solve, grade and hint read back; the JSON names the
// variant and a jigsaw's regions; --diagonals makes a plain line an X.
TEST(Cli, VariantsRoundTripFromGenerateToSolve) {
    const Outcome jigsaws = Sudokucam("generate --variant jigsaw --size 7 --seed 4 -n 3");
    ASSERT_EQ(jigsaws.code, 0) << jigsaws.err;
    const Outcome solved = Sudokucam("solve --json", jigsaws.out);
    EXPECT_EQ(solved.code, 0) << solved.err;
    const std::vector<std::string> lines = Lines(jigsaws.out), answers = Lines(solved.out);
    ASSERT_EQ(answers.size(), 3u) << solved.out;
    for (std::size_t i = 0; i < 3; ++i) {
        const auto j = nlohmann::json::parse(answers[i]);
        EXPECT_EQ(j["status"], "solved");
        EXPECT_EQ(j["variant"], "jigsaw");
        const std::string regions = j["regions"].get<std::string>();
        EXPECT_EQ(lines[i], j["puzzle"].get<std::string>() + " " + regions);
        // The solution keeps the rules of its own regions.
        const ParsedPuzzle solution = ParsePuzzle(j["solution"].get<std::string>() + " " + regions);
        ASSERT_TRUE(solution.ok()) << solution.error.describe();
        EXPECT_TRUE(FindDuplicates(solution.board).empty());
        EXPECT_TRUE(solution.board.isComplete());
    }
    const Outcome hint = Sudokucam("hint", lines[0]);
    EXPECT_EQ(hint.code, 0) << hint.err;
    const Outcome xs = Sudokucam("generate --variant x --seed 7 -n 2");
    const Outcome graded = Sudokucam("grade", xs.out);
    EXPECT_EQ(graded.code, 0) << graded.err;
    EXPECT_EQ(Lines(graded.out).size(), 2u) << graded.out;
    // Without its diagonals an X puzzle has several solutions; --diagonals restores them.
    const std::string cells = Lines(xs.out).front().substr(0, 81);
    EXPECT_EQ(nlohmann::json::parse(Sudokucam("solve --json", cells).out)["status"], "multiple");
    const auto x = nlohmann::json::parse(Sudokucam("solve --json --diagonals", cells).out);
    EXPECT_EQ(x["status"], "solved");
    EXPECT_EQ(x["variant"], "x");
}

// solve, grade and bench tell a variants list the same way (sudoku::IsVariantMark): 'diagonals'
// in any case and a map of any labels but digits, while a rating after a line stays a rating.
TEST(Cli, EveryCommandTellsAVariantsListAlike) {
    std::string list;
    for (std::string line : Lines(Sudokucam("generate --variant x -n 2 --seed 5").out))
        list += line.replace(line.find("diagonals"), 9, "Diagonals") + "\n";
    for (std::string line : Lines(Sudokucam("generate --variant jigsaw -n 2 --seed 5").out)) {
        std::replace(line.begin() + 82, line.end(), 'A', '#');  // labels need not be letters
        list += line + "\n";
    }
    const Outcome solved = Sudokucam("solve --json", list);
    ASSERT_EQ(solved.code, 0) << solved.err;
    const std::vector<std::string> answers = Lines(solved.out);
    ASSERT_EQ(answers.size(), 4u) << solved.out;
    for (std::size_t i = 0; i < 4; ++i) {
        const auto j = nlohmann::json::parse(answers[i]);
        EXPECT_EQ(j["status"], "solved") << answers[i];
        EXPECT_EQ(j["variant"], i < 2 ? "x" : "jigsaw");
    }
    const Outcome bench = Sudokucam("bench --json --warmup 0 --min-time 0 --solver generic " +
                                    Quote(WriteTemp("marks.txt", list)));
    ASSERT_EQ(bench.code, 0) << bench.err;
    EXPECT_EQ(nlohmann::json::parse(bench.out).at(0)["puzzles"], 4);
    // A word of letters after a classic line is a rating, not a map of the wrong length.
    const std::string rated = Lines(Sudokucam("generate -n 2 --seed 5").out)[0] + " hard\n";
    const Outcome classic =
        Sudokucam("bench --json --warmup 0 --min-time 0 " + Quote(WriteTemp("rated.txt", rated)));
    ASSERT_EQ(classic.code, 0) << classic.err;
    EXPECT_EQ(nlohmann::json::parse(classic.out).at(0)["puzzles"], 1);
}

TEST(Cli, ABadRegionMapIsRefusedWithItsProblem) {
    const Outcome run = Sudokucam("generate --variant jigsaw --regions AABBBAACBBDACCCDDDCEDEEEA");
    EXPECT_EQ(run.code, 2);
    EXPECT_NE(run.err.find("the region map, letter 1: region A has 6 cells, not 5"),
              std::string::npos)
        << run.err;
    const Outcome solve = Sudokucam("solve", std::string(49, '.') + " " + std::string(49, 'A'));
    EXPECT_EQ(solve.code, 2);
    EXPECT_NE(solve.err.find("region A has 49 cells, not 7"), std::string::npos) << solve.err;
}

// bench names the slowest puzzle's time beside the mean: one hardest-list puzzle among twenty
// newspaper ones takes most of the list's time.
TEST(Cli, BenchNamesTheSlowestPuzzle) {
    std::string list;
    int kept = 0;
    for (const std::string& line : Lines(ReadText(kPuzzles + "newspaper_train.txt")))
        if (!line.empty() && line[0] != '#' && kept++ < 20) list += line + "\n";
    list += "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3\n";
    // The thread's CPU clock: on the wall clock a busy machine (CI's other jobs, ctest -j2)
    // can stretch any puzzle's time, which made this flaky.
    const Outcome run =
        Sudokucam("bench --json --warmup 0 --min-time 0 --cpu-time --solver logical " +
                  Quote(WriteTemp("mixed-levels.txt", list)));
    ASSERT_EQ(run.code, 0) << run.err;
    const auto report = nlohmann::json::parse(run.out).at(0);
    EXPECT_EQ(report["puzzles"], 21);
    EXPECT_GT(report["slowest_us"].get<double>(), 3 * report["us_per_puzzle"].get<double>())
        << report.dump();
}

// bench times lists of jigsaw and X puzzles with the solvers that take any board; the fast
// (classic 9x9) solvers refuse them.
TEST(Cli, BenchTimesVariantLists) {
    const Outcome jigsaws = Sudokucam("generate --variant jigsaw -n 4 --seed 2");
    const Outcome xs = Sudokucam("generate --variant x -n 4 --seed 2");
    const std::string path = WriteTemp("variants.txt", jigsaws.out + xs.out);
    for (const std::string solver : {"generic", "logical"}) {
        const Outcome run = Sudokucam("bench --json --warmup 0 --min-time 0 --solver " + solver +
                                      " " + Quote(path));
        ASSERT_EQ(run.code, 0) << run.err;
        const auto report = nlohmann::json::parse(run.out).at(0);
        EXPECT_EQ(report["puzzles"], 8);
        EXPECT_EQ(report["invalid_solutions"], 0);
        EXPECT_EQ(report["not_unique"], 0);
        EXPECT_EQ(report["no_solution"], 0);
    }
    const Outcome fast = Sudokucam("bench --warmup 0 --min-time 0 " + Quote(path));
    EXPECT_EQ(fast.code, 2);
    EXPECT_NE(fast.err.find("only --solver generic or logical"), std::string::npos) << fast.err;
}

}  // namespace
}  // namespace sudoku
