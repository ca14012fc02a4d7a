#pragma once
// Reading and writing puzzles as text, for every grid size (4, 6, 8, 9, 12, 16, 25, ...).
//
// Digits are 1-9, then A, B, C ... for 10 and above (a 16x16 grid uses 1-9 and A-G); `.` or `0`
// is an empty cell. The size is inferred from the number of cells and the box shape from
// Geometry::ForSize. Lines starting with `#` are comments in every multi-line form.
//
// The forms:
//  - Line:    one line of n*n characters, `.` or `0` empty (the puzzle lists use it).
//  - Grid:    one row a line; spaces are ignored, `|` separates boxes, lines made of `-`, `+`,
//             `=`, `*` and `|` separate bands. `.` or `0` empty (a space is never a cell).
//  - Bracket: the form of older helpers, one row a line: `[1][8][9] x [7] x [6] x [4]`. A digit in
//             brackets is a clue, `x` (or `.`) an empty cell, and a bare digit one a person
//             entered (CellOrigin::Entered). Spaces between cells are optional.
//  - Sdk:     SadMan Software's .sdk: optional header lines starting with `#` (SudoCue's `#A`
//             author, `#D` description...), an optional `[Puzzle]` section line, then one row a
//             line with no separators. Another section (`[State]`) ends the puzzle.
//  - PencilMarks: a candidate grid as HoDoKu and SudokuWiki print it: one token per cell,
//             separated by spaces, `|` between boxes, `-`/`+`/`.`/`:` lines between bands.
//             Convention for the ambiguous single digit: a token of one digit is a filled cell (a
//             given), as those programs print solved cells. An empty cell whose only candidate is
//             d is written `.d` (a leading `.` marks "still empty, these candidates"), and an
//             empty cell with no candidate left is a lone `.`.
//
// Errors are values: a ParsedPuzzle that failed carries a TextError naming the line, the column
// and what is wrong ("line 3, column 14: 'Q' is not a digit of a 9x9 grid").

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "solver/Board.h"

namespace sudoku {

enum class TextFormat { Auto, Line, Grid, Bracket, Sdk, PencilMarks };

// "auto", "line", "grid", "bracket", "sdk", "pencil".
std::string_view TextFormatName(TextFormat format);
// The format named by TextFormatName; empty for an unknown name.
std::optional<TextFormat> TextFormatFromName(std::string_view name);

// Where and why a text is not a puzzle. Line and column are 1-based; 0 when they do not apply.
struct TextError {
    int line = 0;
    int column = 0;
    std::string message;  // "'Q' is not a digit of a 9x9 grid"

    explicit operator bool() const { return !message.empty(); }
    // "line 3, column 14: 'Q' is not a digit of a 9x9 grid" (the parts that apply).
    std::string describe() const;
};

struct ParsedPuzzle {
    Board board;
    TextFormat format = TextFormat::Line;  // the form the text was in (never Auto)
    // PencilMarks only: the candidates of every cell (0 for filled cells); empty otherwise.
    std::vector<Mask> candidates;
    std::vector<std::string> comments;  // the `#` header lines, without the `#`
    TextError error;                    // set when the text could not be read

    bool ok() const { return !error; }
    // The candidates to solve from: the pencil marks when the text had them, else computed.
    CandidateGrid candidateGrid() const;
};

// Reads one puzzle. With TextFormat::Auto the form is detected: one line -> Line; cells in
// brackets -> Bracket; several multi-digit tokens per row -> PencilMarks; `#` headers or a
// `[Puzzle]` section over plain rows -> Sdk; anything else -> Grid.
ParsedPuzzle ParsePuzzle(std::string_view text, TextFormat format = TextFormat::Auto);

// A region map on its own, one letter a cell row-major (as after a one-line puzzle): the region
// of each cell, or the error, its column counted in the map ("column 12: region C has 8 cells,
// not 9").
struct ParsedRegionMap {
    std::vector<int> regions;
    TextError error;
};
ParsedRegionMap ParseRegionMap(std::string_view map);

// Whether a word written after a one-line puzzle of `cells` characters marks the puzzle as a
// variant, as list readers tell it from a rating or a solution written there: the word
// `diagonals` (any case), or a region map of as many labels, none a digit, '.' or '|' (a
// solution is digits). ParsePuzzle accepts any labels once it knows a map is there.
bool IsVariantMark(std::string_view word, std::size_t cells);

// Writes a board in a form (Auto writes the Grid form with separators; PencilMarks the candidates
// its row, column and box leave). Every form
// but Line ends with a newline. Bracket keeps the difference between givens and other digits.
std::string FormatPuzzle(const Board& board, TextFormat format);
// The multi-line grid; with separators `|` between boxes and `-+` lines between bands.
std::string FormatGrid(const Board& board, bool separators = true);
// The pencil-mark grid of a candidate grid (see the convention above).
std::string FormatPencilMarks(const CandidateGrid& grid);

}  // namespace sudoku
