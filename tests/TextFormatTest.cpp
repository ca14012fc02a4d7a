#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "solver/TextFormat.h"

namespace sudoku {
namespace {

constexpr int kSizes[] = {4, 6, 8, 9, 12, 16, 25};

// The first puzzles of a shared list (comments skipped).
std::vector<std::string> ReadList(const std::string& name, std::size_t count) {
    std::ifstream in(std::string(SUDOKU_SHARED_DIR) + "/puzzles/" + name);
    std::vector<std::string> lines;
    std::string line;
    while (lines.size() < count && std::getline(in, line))
        if (!line.empty() && line[0] != '#') lines.push_back(line);
    return lines;
}

// A valid full grid of any size (the shifted-rows pattern), with every third cell and a diagonal
// emptied and a few digits marked as entered by a person, so all origins are exercised.
Board SampleBoard(int size) {
    const Geometry g = *Geometry::ForSize(size);
    Board board(g);
    for (int r = 0; r < size; ++r) {
        for (int c = 0; c < size; ++c) {
            const int digit = (g.boxCols() * (r % g.boxRows()) + r / g.boxRows() + c) % size + 1;
            const int cell = g.cellAt(r, c);
            if (cell % 3 == 0 || r == c) continue;
            board.set(cell, digit, cell % 7 == 1 ? CellOrigin::Entered : CellOrigin::Given);
        }
    }
    return board;
}

void ExpectSameCells(const Board& a, const Board& b) {
    ASSERT_EQ(a.size(), b.size());
    EXPECT_EQ(a.toLine(), b.toLine());
}

TEST(TextFormat, NamesRoundTrip) {
    for (auto f : {TextFormat::Auto, TextFormat::Line, TextFormat::Grid, TextFormat::Bracket,
                   TextFormat::Sdk, TextFormat::PencilMarks})
        EXPECT_EQ(TextFormatFromName(TextFormatName(f)), f);
    EXPECT_FALSE(TextFormatFromName("csv"));
}

TEST(TextFormat, RealPuzzleListLinesParse) {
    for (const std::string& line : ReadList("newspaper_train.txt", 63)) {
        ParsedPuzzle p = ParsePuzzle(line);
        ASSERT_TRUE(p.ok()) << p.error.describe();
        EXPECT_EQ(p.format, TextFormat::Line);
        EXPECT_EQ(p.board.size(), 9);
        EXPECT_EQ(p.board.toLine(), line);
        EXPECT_EQ(p.board.origin(line.find_first_not_of('.')), CellOrigin::Given);
    }
}

TEST(TextFormat, ZeroIsEmptyInOneLineForm) {
    std::string line = ReadList("forum_hardest_1106.txt", 1).front();
    std::string zeros = line;
    for (char& c : zeros)
        if (c == '.') c = '0';
    EXPECT_EQ(ParsePuzzle(zeros).board.toLine(), line);
}

// Every writable form, for every size: written, detected as that form, read back the same.
TEST(TextFormat, EveryFormRoundTripsForEverySize) {
    const TextFormat forms[] = {TextFormat::Line, TextFormat::Grid, TextFormat::Bracket,
                                TextFormat::Sdk, TextFormat::PencilMarks};
    for (int size : kSizes) {
        const Board board = SampleBoard(size);
        for (TextFormat form : forms) {
            const std::string text = FormatPuzzle(board, form);
            for (TextFormat read : {TextFormat::Auto, form}) {
                ParsedPuzzle p = ParsePuzzle(text, read);
                ASSERT_TRUE(p.ok())
                    << size << " " << TextFormatName(form) << ": " << p.error.describe() << "\n"
                    << text;
                EXPECT_EQ(p.format, form) << size << "\n" << text;
                ExpectSameCells(p.board, board);
            }
        }
        ParsedPuzzle plain = ParsePuzzle(FormatGrid(board, false));
        ASSERT_TRUE(plain.ok()) << plain.error.describe();
        EXPECT_EQ(plain.format, TextFormat::Grid);
        ExpectSameCells(plain.board, board);
    }
}

TEST(TextFormat, BracketFormKeepsGivensApartFromEnteredDigits) {
    const Board board = SampleBoard(9);
    ParsedPuzzle p = ParsePuzzle(FormatPuzzle(board, TextFormat::Bracket));
    ASSERT_TRUE(p.ok());
    for (int cell = 0; cell < board.cellCount(); ++cell)
        EXPECT_EQ(p.board.origin(cell), board.origin(cell)) << cell;
    // Other forms make every digit a clue.
    ParsedPuzzle line = ParsePuzzle(board.toLine());
    EXPECT_EQ(line.board.origin(1), CellOrigin::Given);
    EXPECT_EQ(board.origin(1), CellOrigin::Entered);
}

TEST(TextFormat, ReadsTheOlderHelpersBracketRows) {
    const std::string text =
        "[1][8][9] x [7] x [6] x [4]\n"
        " x x x [9] x [6] x x x\n"
        "x x [7] x x x [8] x x\n"
        "x [1] x x [4] x x [2] x\n"
        "x x x [3] x [2] x x x\n"
        "x [9] x x [7] x x [8] x\n"
        "x x [8] x x x [4] x x\n"
        "x x x [8] x [5] x x x\n"
        "[2] x [3] x [9] x [7] 5 [6]\n";
    ParsedPuzzle p = ParsePuzzle(text);
    ASSERT_TRUE(p.ok()) << p.error.describe();
    EXPECT_EQ(p.format, TextFormat::Bracket);
    EXPECT_EQ(p.board.toLine().substr(0, 9), "189.7.6.4");
    EXPECT_EQ(p.board.toLine().substr(72), "2.3.9.756");
    EXPECT_EQ(p.board.origin(72), CellOrigin::Given);
    EXPECT_EQ(p.board.origin(79), CellOrigin::Entered);  // the bare 5
    EXPECT_EQ(p.board.filledCount(), 28);
    EXPECT_EQ(FormatPuzzle(p.board, TextFormat::Bracket).substr(0, 28),
              "[1][8][9] x [7] x [6] x [4]\n");
}

TEST(TextFormat, ReadsSudoCueSdkWithHeaders) {
    const std::string text =
        "#ARuud\n#DA random puzzle created by SudoCue\n#B03-08-2006\n#LEasy\n"
        "2..1.5..3\n.54...71.\n.1.2.3.8.\n6.28.73.4\n.........\n1.53.98.6\n.2.7.1.6.\n"
        ".81...24.\n7..4.2..1\n";
    ParsedPuzzle p = ParsePuzzle(text);
    ASSERT_TRUE(p.ok()) << p.error.describe();
    EXPECT_EQ(p.format, TextFormat::Sdk);
    EXPECT_EQ(p.board.toLine().substr(0, 18), "2..1.5..3.54...71.");
    ASSERT_EQ(p.comments.size(), 4u);
    EXPECT_EQ(p.comments[0], "ARuud");
}

TEST(TextFormat, SdkStateSectionIsNotPartOfThePuzzle) {
    std::string rows;
    for (int r = 0; r < 9; ++r)
        rows += "123456789\n";
    ParsedPuzzle p = ParsePuzzle("[Puzzle]\n" + rows + "[State]\n" + rows);
    ASSERT_TRUE(p.ok()) << p.error.describe();
    EXPECT_EQ(p.format, TextFormat::Sdk);
}

TEST(TextFormat, ReadsGridsWithAndWithoutSeparators) {
    const std::string expected = ReadList("newspaper_train.txt", 1).front();
    const std::string framed =
        "*-----------*\n"
        "|...|7..|.8.|\n|.9.|..3|1..|\n|..6|8.5|.7.|\n|---+---+---|\n"
        "|.2.|6..|.49|\n|...|2..|.5.|\n|..8|.4.|..7|\n|---+---+---|\n"
        "|...|9..|.3.|\n|37.|...|..6|\n|1.5|..4|...|\n*-----------*\n";
    ParsedPuzzle p = ParsePuzzle(framed);
    ASSERT_TRUE(p.ok()) << p.error.describe();
    EXPECT_EQ(p.format, TextFormat::Grid);
    EXPECT_EQ(p.board.toLine(), expected);
    const std::string spaced =
        "...7...8.\n.9...31..\n..68.5.7.\n.2.6...49\n...2...5.\n..8.4...7\n...9...3.\n"
        "37......6\n1.5..4...\n";
    EXPECT_EQ(ParsePuzzle(spaced).board.toLine(), expected);
    std::string groups =
        "... 7.. .8.\n.9. ..3 1..\n..6 8.5 .7.\n.2. 6.. .49\n... 2.. .5.\n"
        "..8 .4. ..7\n... 9.. .3.\n37. ... ..6\n1.5 ..4 ...\n";
    ParsedPuzzle g = ParsePuzzle(groups);
    EXPECT_EQ(g.format, TextFormat::Grid);
    EXPECT_EQ(g.board.toLine(), expected);
    EXPECT_EQ(ParsePuzzle(FormatGrid(p.board), TextFormat::Grid).board.toLine(), expected);
}

TEST(TextFormat, PencilMarksRoundTripWithEliminationsAndLoneCandidates) {
    for (int size : {4, 9, 16}) {
        CandidateGrid grid(SampleBoard(size));
        // Remove candidates so that some empty cells keep one and one keeps none.
        int emptied = -1;
        int changed = 0;
        for (int cell = 0; cell < grid.board().cellCount() && changed < 5; ++cell) {
            if (grid.value(cell) || CountDigits(grid.candidates(cell)) < 1) continue;
            for (int d : Digits(grid.candidates(cell)))
                if (CountDigits(grid.candidates(cell)) > 1) grid.eliminate(cell, d);
            if (changed++ == 0) {
                emptied = cell;
                grid.eliminate(cell, OnlyDigit(grid.candidates(cell)));
            }
        }
        const std::string text = FormatPencilMarks(grid);
        ParsedPuzzle p = ParsePuzzle(text);
        ASSERT_TRUE(p.ok()) << p.error.describe() << "\n" << text;
        EXPECT_EQ(p.format, TextFormat::PencilMarks) << text;
        EXPECT_TRUE(p.candidateGrid() == grid) << text;
        EXPECT_EQ(p.candidates[emptied], 0u);
        EXPECT_TRUE(p.board.isEmpty(emptied));
    }
}

TEST(TextFormat, ReadsHoDoKuStylePencilMarks) {
    const std::string text =
        ".----------------.----------------.------------------.\n"
        "| 4    8    59   | 1    2    6    | 7    359  35     |\n"
        "| 69   7    169  | 5    3    4    | 2    8    16     |\n"
        "| 3    1256 1256 | 7    8    9    | 4    56   1456   |\n"
        ":----------------+----------------+------------------:\n"
        "| 269  3    4    | 8    1    5    | 69   7    269    |\n"
        "| 8    1256 1256 | 9    6    7    | 13   4    1235   |\n"
        "| 7    9    1256 | 4    35   23   | 8    56   12356  |\n"
        ":----------------+----------------+------------------:\n"
        "| 5    4    3    | 2    7    8    | 16   9    16     |\n"
        "| 2    6    8    | 3    9    1    | 5    .7   4      |\n"
        "| 1    .    7    | 6    45   .5   | 3    2    8      |\n"
        "'----------------'----------------'------------------'\n";
    ParsedPuzzle p = ParsePuzzle(text);
    ASSERT_TRUE(p.ok()) << p.error.describe();
    EXPECT_EQ(p.format, TextFormat::PencilMarks);
    EXPECT_EQ(p.board.value(0), 4);
    EXPECT_EQ(p.board.origin(0), CellOrigin::Given);
    EXPECT_EQ(p.candidates[2], DigitBit(5) | DigitBit(9));
    EXPECT_TRUE(p.board.isEmpty(7 * 9 + 7));
    EXPECT_EQ(p.candidates[7 * 9 + 7], DigitBit(7));
    EXPECT_TRUE(p.board.isEmpty(8 * 9 + 1));
    EXPECT_EQ(p.candidates[8 * 9 + 1], 0u);
    EXPECT_EQ(p.candidateGrid().candidates(8 * 9 + 5), DigitBit(5));
}

TEST(TextFormat, ExplicitFormatOverridesDetection) {
    // Sixteen rows of sixteen characters are detected as one 16x16 grid...
    std::string text;
    for (int i = 0; i < 16; ++i)
        text += "1234............\n";
    EXPECT_EQ(ParsePuzzle(text).board.size(), 16);
    // ... and read as a one-line puzzle only on request, which then rejects the second line.
    ParsedPuzzle p = ParsePuzzle(text, TextFormat::Line);
    EXPECT_EQ(p.error.describe(),
              "line 2: a one-line puzzle has one line (and its region map on the next), found "
              "more");
}

struct BadInput {
    std::string text;
    TextFormat format;
    std::string error;
};

TEST(TextFormat, EveryMalformedInputNamesLineColumnAndProblem) {
    std::string grid9;
    for (int r = 0; r < 9; ++r)
        grid9 += "1........\n";
    const std::vector<BadInput> cases = {
        {"", TextFormat::Auto, "no puzzle found"},
        {"# only a comment\n\n", TextFormat::Auto, "no puzzle found"},
        {std::string(80, '.'), TextFormat::Auto,
         "line 1: 80 characters found; a one-line puzzle has 16, 36, 64, 81, 144, 256 or 625 (or "
         "any square from 16 to 625 with a region map)"},
        {std::string(13, '.') + "Q" + std::string(67, '.'), TextFormat::Auto,
         "line 1, column 14: 'Q' is not a digit of a 9x9 grid"},
        {"  " + std::string(12, '.') + "A" + std::string(68, '.'), TextFormat::Line,
         "line 1, column 15: 'A' is not a digit of a 9x9 grid"},
        {"5..." + std::string(12, '.'), TextFormat::Auto,
         "line 1, column 1: '5' is not a digit of a 4x4 grid"},
        {"1234\n3412\n2143\n", TextFormat::Auto, "3 rows found, 4 expected"},
        {grid9.substr(0, 7 * 10), TextFormat::Grid, "7 rows found, 9 expected"},
        {grid9 + "1........\n", TextFormat::Grid, "line 10: 10 rows found, 9 expected"},
        {"1........\n1.......\n" + grid9.substr(20), TextFormat::Grid,
         "line 2: 8 cells found, 9 expected"},
        {"1234567\n1234567\n", TextFormat::Grid,
         "line 1: 7 cells in a row; a grid has 4, 6, 8, 9, 12, 16 or 25 cells a row (any number "
         "from 4 to 25 with its region map beside)"},
        {"1.. | ...\n..3 | .Q.\n......\n......\n......\n......\n", TextFormat::Grid,
         "line 2, column 8: 'Q' is not a digit of a 6x6 grid"},
        {"[1][2] x x\nx [3 x x\nx x x x\nx x x x\n", TextFormat::Auto,
         "line 2, column 3: '[' without a closing ']'"},
        {"[1][2] x x\nx x x x\nx x [34] x\nx x x x\n", TextFormat::Auto,
         "line 3, column 5: brackets must hold one digit, found '34'"},
        {"[1][2] x x\nx x x x\nx x [] x\nx x x x\n", TextFormat::Auto,
         "line 3, column 5: brackets must hold one digit, found ''"},
        {"[1][2] x x\nx x 3] x\nx x x x\nx x x x\n", TextFormat::Auto,
         "line 2, column 6: ']' without an opening '['"},
        {"[1][2] x x\nx x x x\nx x [.] x\nx x x x\n", TextFormat::Auto,
         "line 3, column 6: an empty cell is written x, not in brackets"},
        {"[1][2] x x\nx x x x\nx x [9] x\nx x x x\n", TextFormat::Auto,
         "line 3, column 6: '9' is not a digit of a 4x4 grid"},
        {"[1][2] x x\nx x y x\nx x x x\nx x x x\n", TextFormat::Auto,
         "line 2, column 5: 'y' is not a digit of a 4x4 grid"},
        {"12 34 1 2\n3 4 12 34\n1 2 3 4\n13 2 15 2\n", TextFormat::Auto,
         "line 4, column 7: '5' is not a digit of a 4x4 grid"},
        {"12 34 1 2\n3 4 12 34\n1 2 3\n13 24 1 2\n", TextFormat::PencilMarks,
         "line 3: 3 cells found, 4 expected"},
        {"#A x\n[Puzzle]\n" + grid9.substr(0, 20) + "1.......\n" + grid9.substr(30),
         TextFormat::Auto, "line 5: 8 cells found, 9 expected"},
    };
    for (const BadInput& c : cases) {
        ParsedPuzzle p = ParsePuzzle(c.text, c.format);
        EXPECT_FALSE(p.ok()) << c.text;
        EXPECT_EQ(p.error.describe(), c.error) << c.text;
    }
}

TEST(TextFormat, TellsAVariantMarkFromARatingOrASolution) {
    EXPECT_TRUE(IsVariantMark("diagonals", 81));
    EXPECT_TRUE(IsVariantMark("Diagonals", 16));
    EXPECT_TRUE(IsVariantMark(std::string(81, 'a'), 81));
    EXPECT_TRUE(IsVariantMark(std::string(16, '#'), 16));
    EXPECT_FALSE(IsVariantMark(std::string(80, 'a'), 81));        // not one label a cell
    EXPECT_FALSE(IsVariantMark(std::string(81, '1'), 81));        // a solution
    EXPECT_FALSE(IsVariantMark(std::string(80, 'a') + ".", 81));  // a puzzle
    EXPECT_FALSE(IsVariantMark("hard", 81));
    EXPECT_FALSE(IsVariantMark("diagonal", 81));
}

}  // namespace
}  // namespace sudoku
