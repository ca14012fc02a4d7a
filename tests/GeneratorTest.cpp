// The generator's promises, checked with the other parts of the solver: CountSolutions for
// uniqueness and minimality, the grader for the difficulty.

#include <gtest/gtest.h>

#ifdef SUDOKUCAM_EXE
#include <nlohmann/json.hpp>
#endif
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "solver/Backtracking.h"
#include "solver/Generator.h"
#include "solver/Grader.h"
#ifdef SUDOKUCAM_EXE
#include "tests/ProgramRun.h"
#endif

namespace sudoku {
namespace {

std::vector<GeneratedPuzzle> Make(GeneratorOptions options, int count) {
    Generator generator(options);
    std::vector<GeneratedPuzzle> puzzles;
    for (int i = 0; i < count; ++i)
        puzzles.push_back(generator.next());
    return puzzles;
}

std::vector<std::string> Lines(const std::vector<GeneratedPuzzle>& puzzles) {
    std::vector<std::string> lines;
    for (const auto& p : puzzles)
        lines.push_back(p.puzzle.toLine());
    return lines;
}

// The solution is a full grid, every unit holds every digit, and the clues agree with it.
void ExpectConsistent(const GeneratedPuzzle& p) {
    const Geometry& g = p.puzzle.geometry();
    ASSERT_TRUE(p.solution.isComplete());
    for (int unit = 0; unit < g.unitCount(); ++unit)
        EXPECT_EQ(p.solution.missingIn(unit), 0u) << g.unitName(unit);
    for (int cell = 0; cell < g.cellCount(); ++cell) {
        if (p.puzzle.isEmpty(cell)) continue;
        EXPECT_EQ(p.puzzle.value(cell), p.solution.value(cell)) << g.cellName(cell);
        EXPECT_EQ(p.puzzle.origin(cell), CellOrigin::Given);
    }
}

void ExpectUnique(const GeneratedPuzzle& p) {
    const SolveResult result = CountSolutions(p.puzzle, 2);
    ASSERT_EQ(result.count, 1) << p.puzzle.toLine();
    EXPECT_EQ(result.solution, p.solution) << p.puzzle.toLine();
}

void ExpectMinimal(const GeneratedPuzzle& p) {
    for (int cell = 0; cell < p.puzzle.cellCount(); ++cell) {
        if (p.puzzle.isEmpty(cell)) continue;
        Board fewer = p.puzzle;
        fewer.clear(cell);
        EXPECT_EQ(CountSolutions(fewer, 2).count, 2)
            << p.puzzle.toLine() << ": the clue in " << fewer.geometry().cellName(cell)
            << " is not needed";
    }
}

// Where the symmetry sends a cell, written independently of the generator.
int Image(Symmetry s, int n, int row, int col) {
    switch (s) {
        case Symmetry::None:
            return row * n + col;
        case Symmetry::Rotate180:
            return (n - 1 - row) * n + (n - 1 - col);
        case Symmetry::Rotate90:
            return col * n + (n - 1 - row);
        case Symmetry::Mirror:
            return row * n + (n - 1 - col);
        case Symmetry::Diagonal:
            return col * n + row;
    }
    return -1;
}

TEST(Generator, EveryNineByNinePuzzleHasExactlyOneSolution) {
    GeneratorOptions options;
    options.seed = 11;
    for (const auto& p : Make(options, 150)) {
        ExpectConsistent(p);
        ExpectUnique(p);
    }
}

TEST(Generator, WithoutSymmetryEveryPuzzleIsMinimal) {
    GeneratorOptions options;
    options.seed = 12;
    for (const auto& p : Make(options, 40)) {
        EXPECT_TRUE(p.minimal);
        ExpectMinimal(p);
    }
}

TEST(Generator, MinimalWithSymmetryIsMinimalClueByClue) {
    GeneratorOptions options;
    options.seed = 13;
    options.symmetry = Symmetry::Rotate180;
    options.minimal = true;
    for (const auto& p : Make(options, 5)) {
        EXPECT_TRUE(p.minimal);
        ExpectUnique(p);
        ExpectMinimal(p);
    }
}

TEST(Generator, CluePatternHasTheRequestedSymmetry) {
    for (Symmetry s :
         {Symmetry::Rotate180, Symmetry::Rotate90, Symmetry::Mirror, Symmetry::Diagonal}) {
        for (int size : {6, 9}) {
            GeneratorOptions options;
            options.seed = 14;
            options.size = size;
            options.symmetry = s;
            for (const auto& p : Make(options, 20)) {
                ExpectUnique(p);
                for (int r = 0; r < size; ++r)
                    for (int c = 0; c < size; ++c)
                        EXPECT_EQ(p.puzzle.isEmpty(r * size + c),
                                  p.puzzle.isEmpty(Image(s, size, r, c)))
                            << SymmetryName(s) << " " << p.puzzle.toLine();
            }
        }
    }
}

TEST(Generator, SameSeedSameOutputOtherSeedOtherOutput) {
    GeneratorOptions options;
    options.seed = 7;
    options.symmetry = Symmetry::Rotate180;
    const auto first = Lines(Make(options, 20));
    EXPECT_EQ(first, Lines(Make(options, 20)));
    // The puzzles of a run differ from each other.
    EXPECT_EQ(std::set<std::string>(first.begin(), first.end()).size(), first.size());
    options.seed = 8;
    const auto other = Lines(Make(options, 20));
    EXPECT_NE(first, other);
    std::set<std::string> both(first.begin(), first.end());
    both.insert(other.begin(), other.end());
    EXPECT_EQ(both.size(), first.size() + other.size());
}

TEST(Generator, AnyPuzzleOfTheSequenceIsMadeWithoutTheOnesBeforeIt) {
    GeneratorOptions options;
    options.seed = 9;
    options.difficulty = Difficulty::Hard;  // several tries a puzzle: their streams must not leak
    const auto inOrder = Lines(Make(options, 6));
    Generator generator(options);
    for (int index : {4, 1, 5, 0, 3, 2, 4})
        EXPECT_EQ(generator.puzzle(static_cast<std::uint64_t>(index)).puzzle.toLine(),
                  inOrder[static_cast<std::size_t>(index)])
            << index;
    // next() goes on with the sequence whatever puzzle() made in between.
    Generator interleaved(options);
    EXPECT_EQ(interleaved.next().puzzle.toLine(), inOrder[0]);
    interleaved.puzzle(4);
    EXPECT_EQ(interleaved.next().puzzle.toLine(), inOrder[1]);
}

TEST(Generator, RequestedDifficultyIsTheGradersVerdict) {
    for (Difficulty level : {Difficulty::Easy, Difficulty::Medium, Difficulty::Hard,
                             Difficulty::Expert, Difficulty::Extreme}) {
        for (bool minimal : {false, true}) {
            GeneratorOptions options;
            options.seed = 21;
            options.difficulty = level;
            options.minimal = minimal;
            for (const auto& p : Make(options, 4)) {
                ExpectUnique(p);
                ASSERT_TRUE(p.grade.has_value());
                const Grade verdict = GradePuzzle(p.puzzle);
                EXPECT_EQ(verdict.level, level) << p.puzzle.toLine();
                EXPECT_EQ(p.grade->level, verdict.level);
                EXPECT_EQ(p.grade->score, verdict.score);
                if (minimal) ExpectMinimal(p);
            }
        }
    }
}

// A failed try's grid is tried again in other removal orders, but a puzzle returned is the
// first from its grid: a run of hard puzzles (about 13 tries each) never shares a solution.
TEST(Generator, EveryPuzzleOfARunHasASolutionOfItsOwn) {
    GeneratorOptions options;
    options.seed = 5;
    options.difficulty = Difficulty::Hard;
    std::set<std::string> solutions;
    for (const auto& p : Make(options, 30)) {
        ExpectUnique(p);
        solutions.insert(p.solution.toLine());
    }
    EXPECT_EQ(solutions.size(), 30u);
}

TEST(Generator, SmallAndLargeSizes) {
    for (int size : {4, 6, 8, 9, 12}) {
        GeneratorOptions options;
        options.seed = 31;
        options.size = size;
        options.grade = false;
        for (const auto& p : Make(options, size <= 9 ? 20 : 3)) {
            EXPECT_EQ(p.puzzle.size(), size);
            EXPECT_FALSE(p.grade.has_value());
            ExpectConsistent(p);
            ExpectUnique(p);
            if (p.minimal) ExpectMinimal(p);
        }
    }
}

TEST(Generator, SixteenBySixteen) {
    GeneratorOptions options;
    options.seed = 41;
    options.size = 16;
    options.grade = false;
    const GeneratedPuzzle p = Generate(options);
    ASSERT_EQ(p.puzzle.size(), 16);
    ExpectConsistent(p);
    ExpectUnique(p);
    // Far fewer clues than cells: the removal pass did its work.
    EXPECT_LT(p.puzzle.filledCount(), 256 / 2);
}

// Every 4x4 puzzle falls to singles, so a hard one is out of reach: the generator must give up
// with an error, after its attempts or its time limit, whichever comes first.
TEST(Generator, GivesUpOnALevelOutOfReach) {
    GeneratorOptions options;
    options.size = 4;
    options.difficulty = Difficulty::Hard;
    options.maxAttempts = 300;
    EXPECT_THROW(Generate(options), std::runtime_error);
    options.maxAttempts = 1 << 30;
    options.timeLimit = std::chrono::milliseconds(100);
    EXPECT_THROW(Generate(options), std::runtime_error);
}

TEST(Generator, RejectsSizesWithoutRectangularBoxes) {
    for (int size : {0, 3, 5, 7, 11, 13, 26}) {
        GeneratorOptions options;
        options.size = size;
        EXPECT_THROW(Generator{options}, std::invalid_argument) << size;
    }
}

TEST(Generator, NamesRoundTrip) {
    for (Symmetry s : {Symmetry::None, Symmetry::Rotate180, Symmetry::Rotate90, Symmetry::Mirror,
                       Symmetry::Diagonal})
        EXPECT_EQ(SymmetryFromName(SymmetryName(s)), s);
    EXPECT_FALSE(SymmetryFromName("spiral").has_value());
    EXPECT_EQ(DifficultyFromName("hard"), Difficulty::Hard);
    EXPECT_FALSE(DifficultyFromName("any").has_value());
}

#ifdef SUDOKUCAM_EXE
// The generate command, run as a user would.

struct CommandRun {
    int code = -1;
    std::vector<std::string> lines;  // standard output
};

CommandRun Sudokucam(const std::string& args) {
    const ProgramRun run = RunProgram(args, ErrorOutput::Dropped);
    return {run.code, sudoku::Lines(run.out)};
}

Board FromLine(const std::string& line) {
    const int size = line.size() == 81 ? 9 : line.size() == 16 ? 4 : 0;
    Board board(*Geometry::ForSize(size));
    for (int cell = 0; cell < board.cellCount(); ++cell)
        board.set(cell, Geometry::DigitFromChar(line[cell]));
    return board;
}

TEST(GenerateCommand, PrintsReproducibleSymmetricUniquePuzzlesOfTheLevel) {
    const std::string args = "generate --count 12 --difficulty hard --symmetry rotate180 --seed 7";
    const CommandRun run = Sudokucam(args);
    ASSERT_EQ(run.code, 0);
    ASSERT_EQ(run.lines.size(), 12u);
    for (const std::string& line : run.lines) {
        ASSERT_EQ(line.size(), 81u) << line;
        const Board puzzle = FromLine(line);
        EXPECT_EQ(CountSolutions(puzzle, 2).count, 1) << line;
        EXPECT_EQ(GradePuzzle(puzzle).level, Difficulty::Hard) << line;
        for (int cell = 0; cell < 81; ++cell)
            EXPECT_EQ(puzzle.isEmpty(cell), puzzle.isEmpty(80 - cell)) << line;
    }
    EXPECT_EQ(Sudokucam(args).lines, run.lines);
    EXPECT_NE(
        Sudokucam("generate --count 12 --difficulty hard --symmetry rotate180 --seed 8").lines,
        run.lines);
}

TEST(GenerateCommand, JsonCarriesTheSolutionAndTheGrade) {
    const CommandRun run = Sudokucam("generate --count 5 --minimal --seed 3 --json");
    ASSERT_EQ(run.code, 0);
    ASSERT_EQ(run.lines.size(), 5u);
    for (const std::string& line : run.lines) {
        const auto object = nlohmann::json::parse(line);
        const Board puzzle = FromLine(object.at("puzzle").get<std::string>());
        const SolveResult solved = CountSolutions(puzzle, 2);
        ASSERT_EQ(solved.count, 1) << line;
        EXPECT_EQ(object.at("solution").get<std::string>(), solved.solution.toLine());
        EXPECT_EQ(object.at("clues").get<int>(), puzzle.filledCount());
        EXPECT_TRUE(object.at("minimal").get<bool>());
        const Grade grade = GradePuzzle(puzzle);
        EXPECT_EQ(object.at("level").get<std::string>(), DifficultyName(grade.level));
        EXPECT_EQ(object.at("score").get<int>(), grade.score);
    }
}

TEST(GenerateCommand, AnyNumberOfThreadsPrintsTheSamePuzzlesInTheSameOrder) {
    // More puzzles than a batch of one thread (32), so the threads take turns across batches.
    const CommandRun one = Sudokucam("generate --count 70 --minimal --seed 4 --json --jobs 1");
    ASSERT_EQ(one.code, 0);
    ASSERT_EQ(one.lines.size(), 70u);
    for (const char* jobs : {"2", "3"}) {
        const CommandRun run =
            Sudokucam(std::string("generate --count 70 --minimal --seed 4 --json --jobs ") + jobs);
        EXPECT_EQ(run.code, 0) << jobs;
        EXPECT_EQ(run.lines, one.lines) << jobs;
    }
    // The first puzzles of a longer run are those of a shorter one.
    EXPECT_EQ(Sudokucam("generate --count 5 --minimal --seed 4 --json --jobs 2").lines,
              std::vector<std::string>(one.lines.begin(), one.lines.begin() + 5));
}

TEST(GenerateCommand, BadOptionsExitTwoAndAnUnreachableLevelExitsOne) {
    for (const char* args :
         {"generate --size 7", "generate --size 30", "generate --difficulty x",
          "generate --symmetry spiral", "generate --count 0", "generate --seed -3",
          "generate --time-limit -1", "generate --jobs -1"})
        EXPECT_EQ(Sudokucam(args).code, 2) << args;
    const CommandRun run = Sudokucam("generate --size 4 --difficulty hard --max-attempts 50");
    EXPECT_EQ(run.code, 1);
    EXPECT_TRUE(run.lines.empty());
    EXPECT_EQ(Sudokucam("generate --help").code, 0);
}
#endif

}  // namespace
}  // namespace sudoku
