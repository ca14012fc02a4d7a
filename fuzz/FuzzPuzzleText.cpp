// libFuzzer target: puzzle text in every form solver/TextFormat.h reads, then (as the solve and
// grade commands do) the puzzles that parse are checked, solved and graded. Bounded: only 9x9
// puzzles are searched, since an almost empty 25x25 grid is a legitimately long search, not a
// bug. Properties checked besides "no crash": an error is one printable line, what parses writes
// back to text that parses to the same board (its regions and diagonals too), and a solution
// found is a solution.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "app/PuzzleInput.h"
#include "solver/Backtracking.h"
#include "solver/Grader.h"
#include "solver/TextFormat.h"
#include "solver/Validation.h"

namespace {

using sudoku::TextFormat;

void Require(bool condition) {
    if (!condition) std::abort();  // a broken property is a finding, like a crash
}

// An error message is one non-empty line of printable ASCII: input bytes are never echoed raw.
bool IsPrintableLine(std::string_view message) {
    if (message.empty()) return false;
    for (const char c : message)
        if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f)
            return false;
    return true;
}

void CheckRoundTrip(const sudoku::ParsedPuzzle& parsed) {
    for (const TextFormat format : {TextFormat::Line, TextFormat::Grid, TextFormat::Bracket}) {
        const sudoku::ParsedPuzzle again =
            sudoku::ParsePuzzle(sudoku::FormatPuzzle(parsed.board, format), format);
        Require(again.ok());
        Require(again.board.toLine() == parsed.board.toLine());
        Require(again.board.geometry() == parsed.board.geometry());  // regions, diagonals
    }
}

void CheckAndSolve(const sudoku::ParsedPuzzle& parsed) {
    (void)sudoku::FindDuplicates(parsed.board);
    const sudoku::CandidateGrid grid = parsed.candidateGrid();
    (void)sudoku::FindDeadEnds(grid);
    if (parsed.board.size() != 9) return;
    const sudoku::Verdict verdict = sudoku::CheckAndSolve(grid);
    if (!verdict.problems.empty()) return;
    Require(verdict.solution.has_value());
    Require(sudoku::IsSolutionOf(parsed.board, *verdict.solution));
    (void)sudoku::GradePuzzle(grid);
}

void ParseAs(std::string_view text, TextFormat format) {
    const sudoku::ParsedPuzzle parsed = sudoku::ParsePuzzle(text, format);
    if (!parsed.ok()) {
        Require(IsPrintableLine(parsed.error.describe()));
        return;
    }
    Require(parsed.format != TextFormat::Auto);
    CheckRoundTrip(parsed);
    CheckAndSolve(parsed);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    for (const TextFormat format : {TextFormat::Auto, TextFormat::Line, TextFormat::Grid,
                                    TextFormat::Bracket, TextFormat::Sdk, TextFormat::PencilMarks})
        ParseAs(text, format);
    // The command line's reading of a text: a list of one-line puzzles or one puzzle.
    for (const sudokucam::InputPuzzle& puzzle :
         sudokucam::SplitPuzzles(text, "fuzz", TextFormat::Auto))
        if (!puzzle.parsed.ok()) Require(IsPrintableLine(puzzle.parsed.error.describe()));
    return 0;
}
