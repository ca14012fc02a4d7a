// Each basic technique on a position that needs it: every simpler strategy finds nothing there,
// the technique finds exactly the expected change, says so in one sentence naming the right cells,
// and no solution of the position contradicts the change. The positions come from the public
// puzzle lists (/work/shared/puzzles) part-way through a solve, plus random 6x6 and 16x16 ones.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "solver/Strategies.h"
#include "solver/TextFormat.h"
#include "solver/techniques/Techniques.h"
#include "tests/NothingSimpler.h"

namespace sudoku {
namespace {

CandidateGrid GridOf(const std::string& line) {
    ParsedPuzzle parsed = ParsePuzzle(line, TextFormat::Line);
    EXPECT_TRUE(parsed.ok()) << parsed.error.describe();
    return parsed.candidateGrid();
}

// "r12c3" -> cell index.
int CellNamed(const Geometry& g, const std::string& name) {
    const auto c = name.find('c');
    return g.cellAt(std::stoi(name.substr(1, c - 1)) - 1, std::stoi(name.substr(c + 1)) - 1);
}

// The oracle: enumerates solutions of a candidate grid by plain depth-first search (fewest
// candidates first), up to `limit`, independent of every technique under test.
void Enumerate(CandidateGrid& grid, int limit, std::vector<Board>& out) {
    if (static_cast<int>(out.size()) >= limit) return;
    const Geometry& g = grid.geometry();
    int best = -1;
    for (int cell = 0; cell < g.cellCount(); ++cell) {
        if (grid.value(cell)) continue;
        if (best < 0 || CountDigits(grid.candidates(cell)) < CountDigits(grid.candidates(best)))
            best = cell;
    }
    if (best < 0) {
        out.push_back(grid.board());
        return;
    }
    for (int d : Digits(grid.candidates(best))) {
        CandidateGrid next = grid;
        next.place(best, d);
        if (!next.isBroken()) Enumerate(next, limit, out);
    }
}

struct Case {
    const char* name;
    const char* puzzle;
    Technique technique;
    std::vector<std::pair<const char*, int>> eliminations;
    const char* explanation;
};

void PrintTo(const Case& c, std::ostream* os) {
    *os << c.name;
}

class BasicTechnique : public testing::TestWithParam<Case> {};

TEST_P(BasicTechnique, FindsExactlyTheExpectedStepAndNothingSimplerDoes) {
    const Case& c = GetParam();
    const CandidateGrid grid = GridOf(c.puzzle);
    const Geometry& g = grid.geometry();
    ExpectNothingSimplerFinds(grid, c.technique);

    const Strategy* strategy = StrategyFor(c.technique);
    ASSERT_NE(strategy, nullptr);
    auto step = strategy->find(grid);
    ASSERT_TRUE(step);
    EXPECT_EQ(step->technique, c.technique);
    EXPECT_TRUE(step->placements.empty());
    std::vector<CellDigit> expected;
    for (auto [cell, digit] : c.eliminations)
        expected.push_back({CellNamed(g, cell), digit});
    std::vector<CellDigit> found = step->eliminations;
    std::sort(expected.begin(), expected.end());
    std::sort(found.begin(), found.end());
    EXPECT_EQ(found, expected);
    EXPECT_EQ(step->explanation, c.explanation);

    // The overlay's proof is made of live candidates of the pattern's cells, in its units.
    EXPECT_FALSE(step->cells.empty());
    EXPECT_FALSE(step->units.empty());
    for (const CellDigit& p : step->proof) {
        EXPECT_TRUE(grid.has(p.cell, p.digit)) << g.cellName(p.cell) << " " << p.digit;
        EXPECT_NE(std::find(step->cells.begin(), step->cells.end(), p.cell), step->cells.end());
    }

    CandidateGrid search = grid;
    std::vector<Board> solutions;
    Enumerate(search, 20, solutions);
    ASSERT_FALSE(solutions.empty()) << "the position has no solution";
    for (const Board& solution : solutions)
        for (const CellDigit& e : step->eliminations)
            EXPECT_NE(solution.value(e.cell), e.digit)
                << "removed " << e.digit << " from " << g.cellName(e.cell);
}

const Case kCases[] = {
    // 9x9, from newspaper_train.txt, magictour_top1465.txt and all_17_clue.txt.
    {"Pointing",
     "...7...8.8974.31.5..68.5.7..2.6...49...2...5...8.4...7...9..53.379...4.61.53.479.",
     Technique::LockedCandidatesPointing,
     {{"r7c5", 2}, {"r7c6", 2}, {"r7c9", 2}},
     "In box 7, 2 is confined to row 7, so it is removed from r7c5, r7c6 and r7c9."},
    {"PointingColumn",
     "..2...7...1.....6.5......18....37.......49.....41.23....3.2.9..28.....5.6.......2",
     Technique::LockedCandidatesPointing,
     {{"r4c7", 2}, {"r5c7", 2}},
     "In box 3, 2 is confined to column 7, so it is removed from r4c7 and r5c7."},
    {"Claiming",
     "8..92....964..3728..568...918..75694....96....964...57....429...387.9.42..9......",
     Technique::LockedCandidatesClaiming,
     {{"r1c6", 1}, {"r3c6", 1}},
     "In row 2, 1 is confined to box 2, so it is removed from r1c6 and r3c6."},
    {"NakedPair",
     "5.6..4.7.42.7....3379.1.8.......7.2.9..1.3..8.4.5.......4.7.1..7......5..3.4..6.7",
     Technique::NakedPair,
     {{"r2c8", 6}, {"r6c8", 6}},
     "r3c8 and r5c8 hold only 4 and 6, so 4 and 6 are removed from the rest of column 8."},
    {"HiddenPair",
     "2..7..1......5..9...1..4..3......8......4..6...9..6..27..5..6...5.67..3...64.3..1",
     Technique::HiddenPair,
     {{"r9c7", 2}, {"r9c7", 9}, {"r9c8", 2}, {"r9c8", 8}},
     "In row 9, 5 and 7 can only go in r9c7 and r9c8, so every other candidate is removed from "
     "those cells."},
    {"NakedTriple",
     "....1..594...5.8...5.7........59..8..1.2.3....34........38...........6.7.729...18",
     Technique::NakedTriple,
     {{"r4c6", 6}, {"r4c6", 7}, {"r4c7", 2}, {"r4c7", 7}, {"r4c9", 2}, {"r4c9", 6}},
     "r4c1, r4c2 and r4c3 hold only 2, 6 and 7, so 2, 6 and 7 are removed from the rest of row "
     "4."},
    {"HiddenTriple",
     ".4.7...6...39............57.......3.2...8.....19...57.6...4...5.5.1......2...6.84",
     Technique::HiddenTriple,
     {{"r4c5", 2},
      {"r4c5", 5},
      {"r4c5", 6},
      {"r4c6", 2},
      {"r4c6", 4},
      {"r4c6", 5},
      {"r5c6", 3},
      {"r5c6", 4},
      {"r5c6", 5}},
     "In box 5, 1, 7 and 9 can only go in r4c5, r4c6 and r5c6, so every other candidate is "
     "removed from those cells."},
    {"NakedQuad",
     ".......31.......27.93..486594...6582326859174.85...396634218759.1....643579..3218",
     Technique::NakedQuad,
     {{"r1c4", 5}, {"r1c4", 7}, {"r1c5", 2}, {"r1c5", 7}, {"r2c4", 1}, {"r2c4", 5}},
     "r1c6, r2c6, r3c4 and r3c5 hold only 1, 2, 5 and 7, so 1, 2, 5 and 7 are removed from the "
     "rest of box 2."},
    {"XWingColumns",
     "3..5..1...7.....8...8..4..66..4..9...3..6..5...7..16.48..1..3....3.2..6...2..9...",
     Technique::XWing,
     {{"r2c4", 3}, {"r2c5", 3}, {"r4c5", 3}, {"r4c8", 3}},
     "In columns 6 and 9, 3 can only go in rows 2 and 4, so it is removed from r2c4, r2c5, r4c5 "
     "and r4c8."},
    {"SwordfishRows",
     "...3..5...5..1..3...7..4..12.....4...6..9......1..6..28..7..2..79..8..5...5..9..7",
     Technique::Swordfish,
     {{"r1c3", 2}, {"r3c4", 2}, {"r9c4", 2}, {"r1c6", 2}},
     "In rows 2, 5 and 8, 2 can only go in columns 3, 4 and 6, so it is removed from r1c3, r1c6, "
     "r3c4 and r9c4."},
    {"Jellyfish",
     "642..5.13.5.3.14621.3642.5..3.26.1.55214.36.78.615.3242..536.41.1.72.536365.1427.",
     Technique::Jellyfish,
     {{"r7c3", 8}, {"r1c5", 8}},
     "In rows 2, 4, 5 and 8, 8 can only go in columns 3, 5, 6 and 8, so it is removed from r1c5 "
     "and r7c3."},
    // 6x6 (boxes of 2 rows x 3 columns) and 16x16, random positions with at least one solution.
    {"Pointing6x6",
     "3.14.64.63...14.63.63...142635635...",
     Technique::LockedCandidatesPointing,
     {{"r4c5", 5}},
     "In box 2, 5 is confined to column 5, so it is removed from r4c5."},
    {"Claiming6x6",
     "............1.2.6.3....242.6.16.....",
     Technique::LockedCandidatesClaiming,
     {{"r1c2", 5}, {"r1c3", 5}, {"r2c2", 5}, {"r2c3", 5}},
     "In column 1, 5 is confined to box 1, so it is removed from r1c2, r1c3, r2c2 and r2c3."},
    {"NakedPair6x6",
     "..13543..621.1.54.5..21.1..4624..135",
     Technique::NakedPair,
     {{"r4c2", 6}},
     "r1c2 and r6c2 hold only 2 and 6, so 2 and 6 are removed from the rest of column 2."},
    {"XWing6x6",
     ".2....3....1......6....3....42.4...6",
     Technique::XWing,
     {{"r1c3", 4}, {"r3c3", 4}, {"r1c4", 4}, {"r3c4", 4}},
     "In rows 2 and 4, 4 can only go in columns 3 and 4, so it is removed from r1c3, r1c4, r3c3 "
     "and r3c4."},
    {"HiddenQuad16x16",
     "G.FA.E9....D...B...6......1BG.........1.G....E.68...........3...7.....63...8..BG..63......"
     "B......5.....G.......34.BG....................5......7.63.........F.C......B....C........7F"
     "........D8.A.........4..G..6.25........A.E...4...7..C.96.25BG.F.CE9.3......",
     Technique::HiddenQuad,
     {{"r16c5", 1},
      {"r16c5", 4},
      {"r16c5", 8},
      {"r16c5", 13},
      {"r16c9", 1},
      {"r16c9", 7},
      {"r16c9", 8},
      {"r16c9", 13},
      {"r16c11", 7},
      {"r16c11", 8},
      {"r16c11", 13},
      {"r16c12", 1},
      {"r16c12", 7}},
     "In row 16, 2, 5, 6 and A can only go in r16c5, r16c9, r16c11 and r16c12, so every other "
     "candidate is removed from those cells."},
    {"XWing16x16",
     "E.3..86CBG5...7.9.6CBG52DA74E.3FB.5..A74E13...6CD.74E13F986CB.5213F986CBG52DA74E86CBG52DA"
     "74E13F9G52DA.4.13F986CBA74E13F986CBG52D3F986CBG52.A7...6CBG52.A74.13F.852DA74E13F.86C.G74E"
     "13F.86C.G52.AF986CBG.2DA.4E1.CBG.2DA.4E13F9862DA.4.1.F986CBG54E1.F986CBG.2DA.",
     Technique::XWing,
     {{"r13c8", 7}, {"r16c4", 7}},
     "In columns 12 and 16, 7 can only go in rows 13 and 16, so it is removed from r13c8 and "
     "r16c4."},
};

INSTANTIATE_TEST_SUITE_P(Positions, BasicTechnique, testing::ValuesIn(kCases),
                         [](const auto& param) { return std::string(param.param.name); });

struct SingleCase {
    const char* name;
    const char* puzzle;
    Technique technique;
    const char* cell;
    int digit;
    const char* explanation;
};

class Single : public testing::TestWithParam<SingleCase> {};

TEST_P(Single, PlacesTheOnlyPossibleDigit) {
    const SingleCase& c = GetParam();
    const CandidateGrid grid = GridOf(c.puzzle);
    if (c.technique == Technique::HiddenSingle) {
        EXPECT_FALSE(StrategyFor(Technique::NakedSingle)->find(grid));
    }
    auto step = StrategyFor(c.technique)->find(grid);
    ASSERT_TRUE(step);
    const int cell = CellNamed(grid.geometry(), c.cell);
    EXPECT_EQ(step->placements, (std::vector<CellDigit>{{cell, c.digit}}));
    EXPECT_TRUE(step->eliminations.empty());
    EXPECT_EQ(step->explanation, c.explanation);
    EXPECT_EQ(step->cells, std::vector<int>{cell});

    CandidateGrid search = grid;
    std::vector<Board> solutions;
    Enumerate(search, 20, solutions);
    ASSERT_FALSE(solutions.empty());
    for (const Board& solution : solutions)
        EXPECT_EQ(solution.value(cell), c.digit);
}

const SingleCase kSingles[] = {
    {"Naked", "...7...8..9...31....68.5.7..2.6...49...2...5...8.4...7...9...3.37......61.5..4...",
     Technique::NakedSingle, "r2c4", 4, "r2c4 can only be 4."},
    {"Hidden", "...7...8..9.4.31....68.5.7..2.6...49...2...5...8.4...7...9...3.37......61.53.4...",
     Technique::HiddenSingle, "r2c1", 8, "In box 1, 8 can only go in r2c1."},
    {"Hidden6x6", "1...4...2.5.....21..1.3.364.1.215364", Technique::HiddenSingle, "r1c2", 5,
     "In box 1, 5 can only go in r1c2."},
};

INSTANTIATE_TEST_SUITE_P(Positions, Single, testing::ValuesIn(kSingles),
                         [](const auto& param) { return std::string(param.param.name); });

TEST(Subsets, RejectSizesOutsideTwoToFour) {
    EXPECT_THROW(MakeNakedSubset(1), std::invalid_argument);
    EXPECT_THROW(MakeHiddenSubset(5), std::invalid_argument);
    EXPECT_THROW(MakeFish(5), std::invalid_argument);
}

// A pattern whose eliminations are already gone is not a step: the strategy moves on.
TEST(BasicTechnique, SkipsPatternsThatRemoveNothing) {
    CandidateGrid grid = GridOf(kCases[3].puzzle);  // the naked pair in column 8
    auto first = StrategyFor(Technique::NakedPair)->find(grid);
    ASSERT_TRUE(first);
    ApplyStep(grid, *first);
    auto next = StrategyFor(Technique::NakedPair)->find(grid);
    if (next) {
        EXPECT_NE(next->explanation, first->explanation);
        for (const CellDigit& e : next->eliminations)
            EXPECT_TRUE(grid.has(e.cell, e.digit));
    }
}

}  // namespace
}  // namespace sudoku
