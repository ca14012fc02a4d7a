#include "app/PuzzleInput.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <istream>
#include <sstream>

namespace sudokucam {
namespace {

using sudoku::TextFormat;

struct ListLine {
    int number = 0;
    std::string_view text;
};

std::string_view Trim(std::string_view s) {
    const auto first = s.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) return {};
    return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

// The lines that are not blank and not `#` comments.
std::vector<ListLine> PuzzleLines(std::string_view text) {
    std::vector<ListLine> lines;
    int number = 0;
    while (!text.empty()) {
        ++number;
        const auto end = text.find('\n');
        const std::string_view line = Trim(text.substr(0, end));
        if (!line.empty() && line.front() != '#') lines.push_back({number, line});
        if (end == std::string_view::npos) break;
        text.remove_prefix(end + 1);
    }
    return lines;
}

bool IsGridSize(std::size_t size) {
    return size >= 4 && sudoku::Geometry::ForSize(static_cast<int>(size));
}

std::vector<std::string_view> Words(std::string_view line) {
    std::vector<std::string_view> words;
    while (!(line = Trim(line)).empty()) {
        const auto end = std::min(line.find_first_of(" \t"), line.size());
        words.push_back(line.substr(0, end));
        line.remove_prefix(end);
    }
    return words;
}

// A one-line puzzle: n*n characters, n a grid size, no spaces; then, on the same line, optionally
// a region map of as many letters (any n from 4 to 25 then) and the word "diagonals"
// (sudoku::IsVariantMark).
bool IsOneLineLength(std::string_view line) {
    const std::vector<std::string_view> words = Words(line);
    if (words.empty() || words.size() > 3 || words[0].find('|') != std::string_view::npos)
        return false;
    std::size_t n = 0;
    while (n * n < words[0].size())
        ++n;
    bool map = false, diagonals = false;
    for (std::size_t i = 1; i < words.size(); ++i) {
        if (!sudoku::IsVariantMark(words[i], words[0].size())) return false;
        bool& seen = words[i].size() == words[0].size() ? map : diagonals;
        if (seen) return false;
        seen = true;
    }
    return n * n == words[0].size() && (IsGridSize(n) || (map && n >= 4 && n <= 25));
}

// A one-line puzzle with its region map on the next line: one puzzle, not a list of two.
bool IsLineAndMap(const std::vector<ListLine>& lines) {
    return lines.size() == 2 && Words(lines[0].text).size() == 1 &&
           Words(lines[1].text).size() == 1 &&
           sudoku::IsVariantMark(lines[1].text, lines[0].text.size()) &&
           lines[0].text.size() == lines[1].text.size();
}

// Several lines, the first one or most of them (so that a list whose first line is broken is
// still a list) each a whole puzzle, and not the rows of one square grid.
bool IsList(const std::vector<ListLine>& lines, TextFormat format) {
    if (format != TextFormat::Auto && format != TextFormat::Line) return false;
    if (lines.size() < 2 || IsLineAndMap(lines)) return false;
    const auto whole = std::count_if(lines.begin(), lines.end(), [](const ListLine& line) {
        return IsOneLineLength(line.text);
    });
    if (!IsOneLineLength(lines.front().text) && 2 * static_cast<std::size_t>(whole) <= lines.size())
        return false;
    const auto first = std::find_if(lines.begin(), lines.end(), [](const ListLine& line) {
        return IsOneLineLength(line.text);
    });
    const std::size_t width = Words(first->text).front().size();
    return !(lines.size() == width && IsGridSize(width));
}

// At most maxBytes + 1 bytes: one more than the limit tells that it was passed.
std::string ReadAll(std::istream& in, std::uint64_t maxBytes) {
    // A plain read loop: istreambuf_iterator trips GCC 12's -Wnull-dereference at -O3.
    std::string text;
    char buffer[1 << 14];
    while (text.size() <= maxBytes && (in.read(buffer, sizeof buffer) || in.gcount() > 0))
        text.append(buffer, static_cast<std::size_t>(in.gcount()));
    return text;
}

// 32, 0.5, 120: megabytes with two significant digits below 10.
std::string Megabytes(std::uint64_t bytes) {
    const double mb = static_cast<double>(bytes) / 1e6;
    char text[32];
    std::snprintf(text, sizeof text, mb >= 10 ? "%.0f" : "%.2g", mb);
    return text;
}

std::string LimitMessage(std::uint64_t maxBytes) {
    return "the " + Megabytes(maxBytes) + " MB limit (--max-input-mb)";
}

}  // namespace

std::string InputPuzzle::origin() const {
    return line > 0 ? source + ":" + std::to_string(line) : source;
}

std::string InputPuzzle::errorMessage() const {
    return source + ": " + parsed.error.describe();
}

std::vector<InputPuzzle> SplitPuzzles(std::string_view text, const std::string& source,
                                      TextFormat format) {
    const std::vector<ListLine> lines = PuzzleLines(text);
    if (!IsList(lines, format)) return {{source, 0, sudoku::ParsePuzzle(text, format)}};
    std::vector<InputPuzzle> puzzles;
    for (const ListLine& line : lines) {
        InputPuzzle puzzle{source, line.number, sudoku::ParsePuzzle(line.text, TextFormat::Line)};
        // The parser counted from the line it was given; name the line of the file instead.
        if (puzzle.parsed.error) puzzle.parsed.error.line = line.number;
        puzzles.push_back(std::move(puzzle));
    }
    return puzzles;
}

PuzzleInput ReadPuzzleInput(const std::string& argument, TextFormat format, std::istream& in,
                            std::uint64_t maxBytes) {
    if (argument.empty() || argument == "-") {
        const std::string text = ReadAll(in, maxBytes);
        if (text.size() > maxBytes)
            return {{}, "standard input: more than " + LimitMessage(maxBytes)};
        return {SplitPuzzles(text, "standard input", format), {}};
    }
    std::error_code ec;
    if (std::filesystem::is_regular_file(argument, ec)) {
        const std::uintmax_t size = std::filesystem::file_size(argument, ec);
        if (!ec && size > maxBytes)
            return {{}, argument + ": " + Megabytes(size) + " MB, above " + LimitMessage(maxBytes)};
        std::ifstream file(argument, std::ios::binary);
        if (!file) return {{}, argument + ": cannot be read"};
        std::string text = ReadAll(file, maxBytes);
        if (text.size() > maxBytes)  // grown since its size was taken
            return {{}, argument + ": more than " + LimitMessage(maxBytes)};
        return {SplitPuzzles(text, argument, format), {}};
    }
    if (std::filesystem::exists(argument, ec)) return {{}, argument + ": not a regular file"};
    return ReadPuzzleText(argument, format);
}

PuzzleInput ReadPuzzleText(const std::string& text, TextFormat format) {
    std::vector<InputPuzzle> puzzles = SplitPuzzles(text, "the argument", format);
    if (puzzles.size() == 1 && !puzzles.front().parsed.ok())
        return {{},
                "'" + text + "' is neither a file nor a puzzle (" +
                    puzzles.front().parsed.error.describe() + ")"};
    return {std::move(puzzles), {}};
}

}  // namespace sudokucam
