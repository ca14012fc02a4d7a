#pragma once
// Where the solve, hint and grade commands get their puzzles: a puzzle given as the argument
// itself, a file, or standard input ("-" or no argument). A text whose lines are each a one-line
// puzzle (the shared lists: one puzzle a line, `#` comments) gives one puzzle per line, a broken
// line among them included (its InputPuzzle carries the error), as long as the first line or
// most lines are whole puzzles; blank lines and comments give none. Any other text is one puzzle
// in whichever form (grid, bracket, .sdk, pencil marks) it is written.
//
// Sixteen lines of sixteen characters are read as one 16x16 grid, not as sixteen 4x4 puzzles:
// pass --format line for the latter.

#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "solver/TextFormat.h"

namespace sudokucam {

struct InputPuzzle {
    std::string source;           // "puzzles.txt", "standard input" or "the argument"
    int line = 0;                 // the line a list entry is on; 0 for a whole-text puzzle
    sudoku::ParsedPuzzle parsed;  // parsed.error is set, with file line numbers, when unreadable

    // "puzzles.txt:12", "standard input".
    std::string origin() const;
    // "puzzles.txt: line 12, column 14: 'Q' is not a digit of a 9x9 grid".
    std::string errorMessage() const;
};

struct PuzzleInput {
    std::vector<InputPuzzle> puzzles;
    std::string error;  // set when the input itself could not be read (a missing file)
};

// The puzzles of a text; `source` names it in messages.
std::vector<InputPuzzle> SplitPuzzles(std::string_view text, const std::string& source,
                                      sudoku::TextFormat format);
// The most bytes of puzzle text read from one file or standard input (default: 32 MB, about
// 400,000 one-line puzzles; the commands' --max-input-mb). A larger file is refused before it is
// read; standard input is refused once it passes the limit, so an endless stream cannot exhaust
// memory.
inline constexpr std::uint64_t kDefaultMaxInputBytes = 32'000'000;

// Reads an argument: "-" or "" reads `in`, an existing path reads the file, anything else is taken
// as the puzzle text itself.
PuzzleInput ReadPuzzleInput(const std::string& argument, sudoku::TextFormat format,
                            std::istream& in, std::uint64_t maxBytes = kDefaultMaxInputBytes);
// The text itself as ReadPuzzleInput takes an argument that names no file ("the argument" in
// messages): one puzzle in any form, or a list of one-line puzzles. The error is set when it is
// one puzzle and does not parse ("'...' is neither a file nor a puzzle (line 1, column 14: ...)").
// The Python module's solve, hint and grade read their text here, never as a file name.
PuzzleInput ReadPuzzleText(const std::string& text, sudoku::TextFormat format);

}  // namespace sudokucam
