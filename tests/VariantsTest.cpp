// Jigsaw (irregular regions) and X (diagonals) puzzles: their units, their text forms and the
// errors of a bad region map, the techniques on positions that need them, and the generator.

#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "solver/Backtracking.h"
#include "solver/Generator.h"
#include "solver/LogicalSolver.h"
#include "solver/TextFormat.h"
#include "solver/Validation.h"
#include "tests/TestFiles.h"

namespace sudoku {
namespace {

// A 5x5 jigsaw (no rectangular boxes exist for 5).
constexpr std::string_view kMap5 = "AABBBAACBBDACCCDDDCEDEEEE";

std::vector<int> RegionsOf(std::string_view map) {
    std::vector<int> regions;
    for (char c : map)
        regions.push_back(c - 'A');
    return regions;
}

GeneratedPuzzle MakeOne(Variant variant, int size, std::uint64_t seed) {
    GeneratorOptions options;
    options.variant = variant;
    options.size = size;
    options.seed = seed;
    options.grade = false;
    return Generate(options);
}

TEST(VariantGeometry, AJigsawHasItsRegionsAsUnits) {
    const Geometry g = Geometry::WithRegions(RegionsOf(kMap5));
    EXPECT_FALSE(g.hasBoxes());
    EXPECT_EQ(g.variant(), Variant::Jigsaw);
    EXPECT_EQ(g.regionMap(), kMap5);
    EXPECT_EQ(g.unitCount(), 15);
    // r1c3 is in region B with r1c4, r1c5, r2c4, r2c5.
    const std::vector<int> regionB(g.unitCells(g.boxUnit(1)).begin(),
                                   g.unitCells(g.boxUnit(1)).end());
    EXPECT_EQ(regionB, (std::vector<int>{2, 3, 4, 8, 9}));
    EXPECT_TRUE(g.sees(2, 9));
    EXPECT_FALSE(g.sees(2, 5));
    EXPECT_EQ(g.unitName(g.boxUnit(1)), "region B");
    for (int cell = 0; cell < g.cellCount(); ++cell)
        EXPECT_EQ(g.unitsOf(cell).size(), 3u);
}

TEST(VariantGeometry, XAddsTheTwoDiagonals) {
    const Geometry g(3, 3, true);
    EXPECT_EQ(g.variant(), Variant::X);
    EXPECT_EQ(g.unitCount(), 29);
    EXPECT_EQ(g.unitsOf(40).size(), 5u);  // the centre is on both diagonals
    EXPECT_EQ(g.unitsOf(0).size(), 4u);
    EXPECT_EQ(g.unitsOf(1).size(), 3u);
    EXPECT_TRUE(g.sees(0, 80));
    EXPECT_FALSE(Geometry(3, 3).sees(0, 80));
    EXPECT_EQ(g.unitName(g.diagonalUnit(1)), "the anti-diagonal");
    EXPECT_FALSE(g.isClassic9());
}

TEST(VariantGeometry, ABoxShapedMapIsTheClassicGeometry) {
    std::vector<int> boxes;
    for (int cell = 0; cell < 81; ++cell)
        boxes.push_back(8 - Geometry(3, 3).box(cell));  // other labels, same partition
    EXPECT_TRUE(Geometry::WithRegions(boxes).isClassic9());
}

TEST(VariantText, EveryFormReadsBackTheSameBoardAndRegions) {
    for (const auto& [variant, size] : {std::pair{Variant::Jigsaw, 9},
                                        {Variant::Jigsaw, 7},
                                        {Variant::Jigsaw, 13},
                                        {Variant::X, 9},
                                        {Variant::X, 6}}) {
        const Board board = MakeOne(variant, size, 5).puzzle;
        for (TextFormat format : {TextFormat::Line, TextFormat::Grid, TextFormat::Bracket,
                                  TextFormat::Sdk, TextFormat::PencilMarks}) {
            const std::string text = FormatPuzzle(board, format);
            const ParsedPuzzle parsed = ParsePuzzle(text);
            ASSERT_TRUE(parsed.ok()) << parsed.error.describe() << "\n" << text;
            EXPECT_EQ(parsed.format, format) << text;
            EXPECT_EQ(parsed.board.toLine(), board.toLine()) << text;
            EXPECT_TRUE(parsed.board.geometry() == board.geometry()) << text;
        }
    }
}

TEST(VariantText, TheMapMayFollowOnTheNextLine) {
    const Board board = MakeOne(Variant::Jigsaw, 9, 2).puzzle;
    const ParsedPuzzle parsed =
        ParsePuzzle(board.toLine() + "\n" + board.geometry().regionMap() + "\n");
    ASSERT_TRUE(parsed.ok()) << parsed.error.describe();
    EXPECT_TRUE(parsed.board.geometry() == board.geometry());
}

struct BadMap {
    std::string text;
    std::string error;
};

TEST(VariantText, EveryMalformedRegionMapNamesLineColumnAndProblem) {
    const std::string empty5(25, '.');
    const std::string empty9(81, '.');
    std::string unconnected9;  // rows as regions, but two cells of rows 1 and 2 swapped apart
    for (int cell = 0; cell < 81; ++cell)
        unconnected9 += static_cast<char>('A' + cell / 9);
    std::swap(unconnected9[4], unconnected9[13]);
    const std::vector<BadMap> cases = {
        {empty5 + " AABBBAACBBDACCCDDDCEDEEEA",
         "line 1, column 27: region map: region A has 6 cells, not 5"},
        {empty5 + " AABBBAACBBDACCCDDDCEDEEE.", "line 1, column 51: '.' is not a region letter"},
        {empty9 + " " + unconnected9,
         "line 1, column 88: region map: region A is in separate parts; a region's cells must "
         "touch side to side"},
        {empty5 + " AABB",
         "line 1, column 27: after the puzzle, only a region map of 25 letters "
         "and the word 'diagonals' may follow, not 'AABB'"},
        {empty5 + "\nAABB", "line 2: 4 cells found, 25 expected"},
        {std::string(49, '.'),
         "line 1: a 7x7 grid has no rectangular boxes: give its region map "
         "after it"},
        {".....\n.....\n.....\n.....\n.....\n",
         "line 1: 5 cells in a row; a grid has 4, 6, 8, 9, 12, 16 or 25 cells a row (any number "
         "from 4 to 25 with its region map beside)"},
        {"..... AABBB\n..... AACBB\n..... DACCC\n..... DDDCE\n..... DEEEA\n",
         "line 1, column 7: region map: region A has 6 cells, not 5"},
    };
    for (const BadMap& c : cases) {
        const ParsedPuzzle parsed = ParsePuzzle(c.text);
        EXPECT_FALSE(parsed.ok()) << c.text;
        EXPECT_EQ(parsed.error.describe(), c.error) << c.text;
    }
}

TEST(VariantText, DiagonalsAreReadFromTheLineOrACommentLine) {
    const std::string line = MakeOne(Variant::X, 9, 1).puzzle.toLine();
    EXPECT_TRUE(ParsePuzzle(line + " diagonals").board.geometry().hasDiagonals());
    EXPECT_TRUE(ParsePuzzle("# diagonals\n" + FormatGrid(ParsePuzzle(line).board))
                    .board.geometry()
                    .hasDiagonals());
    EXPECT_FALSE(ParsePuzzle(line).board.geometry().hasDiagonals());
}

// Every technique, on a jigsaw or X position whose logical solve uses it (tests/data): used
// there, and every step of the solve agrees with the one solution.
TEST(VariantTechniques, EachIsUsedAndSoundOnAPositionThatNeedsIt) {
    const std::string text =
        ReadText(std::string(SUDOKU_SOURCE_DIR) + "/tests/data/variant-techniques.txt");
    ASSERT_FALSE(text.empty());
    std::set<std::string> jigsaw, x;
    for (const std::string& entry : Lines(text)) {
        if (entry.empty() || entry.front() == '#') continue;
        const std::string id = entry.substr(0, entry.find(' '));
        const ParsedPuzzle parsed = ParsePuzzle(entry.substr(id.size() + 1));
        ASSERT_TRUE(parsed.ok()) << entry << ": " << parsed.error.describe();
        const Geometry& g = parsed.board.geometry();
        ASSERT_NE(g.variant(), Variant::Classic) << entry;
        const SolveResult solved = CountSolutions(parsed.board, 2);
        ASSERT_EQ(solved.count, 1) << entry;
        bool used = false;
        for (const Step& step : LogicalSolver().solve(parsed.board).steps) {
            used = used || TechniqueId(step.technique) == id;
            for (const CellDigit& e : step.eliminations)
                ASSERT_NE(solved.solution.value(e.cell), e.digit)
                    << entry << ": " << step.explanation;
            for (const CellDigit& p : step.placements)
                ASSERT_EQ(solved.solution.value(p.cell), p.digit)
                    << entry << ": " << step.explanation;
        }
        EXPECT_TRUE(used) << id << " not used on " << entry;
        (g.hasDiagonals() ? x : jigsaw).insert(id);
    }
    // Every technique but the hidden quad (rare on any grid) on a jigsaw.
    EXPECT_EQ(jigsaw.size(), static_cast<std::size_t>(kTechniqueCount - 1));
    EXPECT_GE(x.size(), 20u);
}

TEST(VariantGenerator, PuzzlesAreUniqueValidAndRepeatable) {
    for (const auto& [variant, size] : {std::pair{Variant::Jigsaw, 9},
                                        {Variant::Jigsaw, 5},
                                        {Variant::Jigsaw, 7},
                                        {Variant::Jigsaw, 10},
                                        {Variant::X, 9},
                                        {Variant::X, 8}}) {
        for (std::uint64_t seed = 0; seed < 3; ++seed) {
            const GeneratedPuzzle p = MakeOne(variant, size, seed);
            const Geometry& g = p.puzzle.geometry();
            EXPECT_EQ(g.variant(), variant);
            EXPECT_EQ(g.size(), size);
            EXPECT_TRUE(IsSolutionOf(p.puzzle, p.solution));
            EXPECT_EQ(CountSolutions(p.puzzle, 2).count, 1)
                << FormatPuzzle(p.puzzle, TextFormat::Line);
            const GeneratedPuzzle again = MakeOne(variant, size, seed);
            EXPECT_EQ(FormatPuzzle(again.puzzle, TextFormat::Line),
                      FormatPuzzle(p.puzzle, TextFormat::Line));
        }
    }
}

TEST(VariantGenerator, AGivenLayoutIsKept) {
    GeneratorOptions options;
    options.variant = Variant::Jigsaw;
    options.size = 5;
    options.regions = RegionsOf(kMap5);
    const GeneratedPuzzle p = Generate(options);
    EXPECT_EQ(p.puzzle.geometry().regionMap(), kMap5);
    EXPECT_EQ(CountSolutions(p.puzzle, 2).count, 1);
    options.regions[0] = 4;  // region E gets a sixth cell, far from the others
    EXPECT_THROW(Generate(options), std::invalid_argument);
}

TEST(VariantGenerator, ClassicAndXNeedRectangularBoxes) {
    GeneratorOptions options;
    options.variant = Variant::X;
    options.size = 7;
    EXPECT_THROW(Generate(options), std::invalid_argument);
    options.variant = Variant::Classic;
    options.size = 9;
    options.regions = RegionsOf(kMap5);
    EXPECT_THROW(Generate(options), std::invalid_argument);
}

}  // namespace
}  // namespace sudoku
