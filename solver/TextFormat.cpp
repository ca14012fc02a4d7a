#include "solver/TextFormat.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace sudoku {
namespace {

constexpr std::array<std::string_view, 6> kFormatNames = {"auto",    "line", "grid",
                                                          "bracket", "sdk",  "pencil"};

// One line of the input with its 1-based number, without its line end.
struct TextLine {
    int number = 0;
    std::string_view text;
};

// One cell as written: its token, where it starts, and whether it sat in brackets.
struct RawCell {
    std::string_view token;
    int column = 0;
    bool bracketed = false;
};

struct RawRow {
    int line = 0;
    std::vector<RawCell> cells;
};

bool IsSpace(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

std::string_view Trim(std::string_view s) {
    while (!s.empty() && IsSpace(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && IsSpace(s.back()))
        s.remove_suffix(1);
    return s;
}

std::vector<TextLine> SplitLines(std::string_view text) {
    std::vector<TextLine> lines;
    int number = 1;
    while (!text.empty()) {
        const auto end = text.find('\n');
        std::string_view line = text.substr(0, end);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        lines.push_back({number++, line});
        if (end == std::string_view::npos) break;
        text.remove_prefix(end + 1);
    }
    return lines;
}

// "[Puzzle]", "[State]": a word of two or more letters in brackets (a cell is one character).
bool IsSectionHeader(std::string_view line) {
    line = Trim(line);
    if (line.size() < 4 || line.front() != '[' || line.back() != ']') return false;
    return std::all_of(line.begin() + 1, line.end() - 1,
                       [](char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; });
}

bool IsPuzzleSection(std::string_view line) {
    std::string word(Trim(line));
    std::transform(word.begin(), word.end(), word.begin(),
                   [](char c) { return static_cast<char>(std::tolower(c)); });
    return word == "[puzzle]";
}

// A line drawn between bands: only rule characters, with at least one dash.
bool IsSeparatorLine(std::string_view line) {
    bool dash = false;
    for (char c : line) {
        if (c == '-' || c == '=') {
            dash = true;
        } else if (!IsSpace(c) && c != '+' && c != '|' && c != '*' && c != '.' && c != ':' &&
                   c != '\'') {
            return false;
        }
    }
    return dash;
}

// The lines that hold cells, with the `#` comments and whether an .sdk marker was seen. Content
// of sections other than [Puzzle] is skipped.
struct Content {
    std::vector<TextLine> rows;
    std::vector<std::string> comments;
    bool sdkMarks = false;
};

Content ContentLines(std::string_view text) {
    Content content;
    bool skipping = false;
    for (const TextLine& line : SplitLines(text)) {
        const std::string_view trimmed = Trim(line.text);
        if (trimmed.empty()) continue;
        if (trimmed.starts_with('#')) {
            content.comments.emplace_back(trimmed.substr(1));
            content.sdkMarks = true;
        } else if (IsSectionHeader(trimmed)) {
            skipping = !IsPuzzleSection(trimmed);
            content.sdkMarks = true;
        } else if (!skipping && !IsSeparatorLine(trimmed)) {
            content.rows.push_back(line);
        }
    }
    return content;
}

TextError ErrorAt(int line, int column, std::string message) {
    return TextError{line, column, std::move(message)};
}

std::string SizeName(int size) {
    return std::to_string(size) + "x" + std::to_string(size);
}

std::string Quoted(std::string_view s) {
    // Appended piece by piece: GCC 12 warns (-Wrestrict) on "'" + std::string(s) at -O3.
    std::string text(1, '\'');
    for (const char c : s) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte >= 0x20 && byte < 0x7f) {
            text.push_back(c);
            continue;
        }
        // A NUL, a control or a non-ASCII byte is named, not echoed raw to a terminal.
        constexpr char kHex[] = "0123456789ABCDEF";
        text.append("\\x");
        text.push_back(kHex[byte >> 4]);
        text.push_back(kHex[byte & 0xF]);
    }
    text.push_back('\'');
    return text;
}

TextError NotADigit(int line, int column, char c, int size) {
    return ErrorAt(
        line, column,
        Quoted(std::string_view(&c, 1)) + " is not a digit of a " + SizeName(size) + " grid");
}

// The digit a character stands for in a grid of this size, 0 for empty, -1 when it is neither.
int CellValue(char c, int size) {
    if (c == '.' || c == '0') return 0;
    const int digit = Geometry::DigitFromChar(c);
    return digit >= 1 && digit <= size ? digit : -1;
}

bool IsBoxShape(int size) {
    return size >= 4 && Geometry::ForSize(size).has_value();
}

std::string SupportedSizes() {
    return "4, 6, 8, 9, 12, 16 or 25";
}

// Turns the cells of a pencil-mark token into the board and candidates.
TextError ReadPencilCell(const RawRow& row, const RawCell& raw, int cell, ParsedPuzzle& out) {
    const int size = out.board.size();
    std::string_view token = raw.token;
    int column = raw.column;
    const bool markedEmpty = token.starts_with('.');
    if (markedEmpty) {
        token.remove_prefix(1);
        ++column;
    }
    Mask mask = 0;
    for (std::size_t i = 0; i < token.size(); ++i) {
        const int digit = Geometry::DigitFromChar(token[i]);
        if (digit < 1 || digit > size)
            return NotADigit(row.line, column + static_cast<int>(i), token[i], size);
        mask |= DigitBit(digit);
    }
    if (!markedEmpty && token.size() == 1)
        out.board.set(cell, OnlyDigit(mask), CellOrigin::Given);
    else
        out.candidates[cell] = mask;
    return {};
}

TextError ReadCell(const RawRow& row, const RawCell& raw, int cell, ParsedPuzzle& out) {
    if (out.format == TextFormat::PencilMarks) return ReadPencilCell(row, raw, cell, out);
    const int size = out.board.size();
    const char c = raw.token.front();
    if (out.format == TextFormat::Bracket && !raw.bracketed && (c == 'x' || c == 'X')) return {};
    const int value = CellValue(c, size);
    if (value < 0) return NotADigit(row.line, raw.column, c, size);
    if (out.format == TextFormat::Bracket && raw.bracketed && value == 0)
        return ErrorAt(row.line, raw.column, "an empty cell is written x, not in brackets");
    const bool entered = out.format == TextFormat::Bracket && !raw.bracketed;
    if (value) out.board.set(cell, value, entered ? CellOrigin::Entered : CellOrigin::Given);
    return {};
}

// Checks the shape of the rows (n rows of n cells, n a size with boxes) and fills the board.
void Assemble(const std::vector<RawRow>& rows, ParsedPuzzle& out) {
    if (rows.empty()) {
        out.error = ErrorAt(0, 0, "no puzzle found");
        return;
    }
    const int size = static_cast<int>(rows.front().cells.size());
    if (!IsBoxShape(size)) {
        out.error = ErrorAt(rows.front().line, 0,
                            std::to_string(size) + " cells in a row; a grid has " +
                                SupportedSizes() + " cells a row");
        return;
    }
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const int count = static_cast<int>(rows[r].cells.size());
        if (static_cast<int>(r) >= size) {
            out.error = ErrorAt(
                rows[r].line, 0,
                std::to_string(rows.size()) + " rows found, " + std::to_string(size) + " expected");
            return;
        }
        if (count != size) {
            out.error = ErrorAt(
                rows[r].line, 0,
                std::to_string(count) + " cells found, " + std::to_string(size) + " expected");
            return;
        }
    }
    if (static_cast<int>(rows.size()) < size) {
        out.error = ErrorAt(
            0, 0,
            std::to_string(rows.size()) + " rows found, " + std::to_string(size) + " expected");
        return;
    }
    out.board = Board(*Geometry::ForSize(size));
    if (out.format == TextFormat::PencilMarks) out.candidates.assign(size * size, 0);
    for (int r = 0; r < size; ++r) {
        for (int c = 0; c < size; ++c) {
            out.error = ReadCell(rows[r], rows[r].cells[c], r * size + c, out);
            if (out.error) return;
        }
    }
}

// Grid and .sdk rows: every character but spaces and `|` is a cell.
RawRow CharacterRow(const TextLine& line) {
    RawRow row{line.number, {}};
    for (std::size_t i = 0; i < line.text.size(); ++i) {
        const char c = line.text[i];
        if (IsSpace(c) || c == '|') continue;
        row.cells.push_back({line.text.substr(i, 1), static_cast<int>(i) + 1, false});
    }
    return row;
}

// Pencil-mark rows: tokens between spaces and `|`.
RawRow TokenRow(const TextLine& line) {
    RawRow row{line.number, {}};
    const std::string_view text = line.text;
    std::size_t i = 0;
    while (i < text.size()) {
        if (IsSpace(text[i]) || text[i] == '|') {
            ++i;
            continue;
        }
        std::size_t end = i;
        while (end < text.size() && !IsSpace(text[end]) && text[end] != '|')
            ++end;
        row.cells.push_back({text.substr(i, end - i), static_cast<int>(i) + 1, false});
        i = end;
    }
    return row;
}

// Bracket rows: `[d]` is a clue, a bare character an empty (x) or entered cell.
TextError BracketRow(const TextLine& line, RawRow& row) {
    row = RawRow{line.number, {}};
    const std::string_view text = line.text;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const int column = static_cast<int>(i) + 1;
        if (IsSpace(text[i]) || text[i] == '|') continue;
        if (text[i] == ']') return ErrorAt(line.number, column, "']' without an opening '['");
        if (text[i] != '[') {
            row.cells.push_back({text.substr(i, 1), column, false});
            continue;
        }
        const auto close = text.find(']', i);
        if (close == std::string_view::npos)
            return ErrorAt(line.number, column, "'[' without a closing ']'");
        const std::string_view inside = text.substr(i + 1, close - i - 1);
        if (Trim(inside).size() != 1)
            return ErrorAt(line.number, column,
                           "brackets must hold one digit, found " + Quoted(inside));
        const std::size_t at = i + 1 + inside.find_first_not_of(" \t");
        row.cells.push_back({text.substr(at, 1), static_cast<int>(at) + 1, true});
        i = close;
    }
    return {};
}

ParsedPuzzle ParseLine(const Content& content) {
    ParsedPuzzle out;
    out.format = TextFormat::Line;
    if (content.rows.empty()) {
        out.error = ErrorAt(0, 0, "no puzzle found");
        return out;
    }
    if (content.rows.size() > 1) {
        out.error = ErrorAt(content.rows[1].number, 0,
                            "a one-line puzzle has one line, found a second one");
        return out;
    }
    const TextLine& line = content.rows.front();
    const auto first = line.text.find_first_not_of(" \t");
    const std::string_view cells = Trim(line.text);
    int size = 0;
    while (size * size < static_cast<int>(cells.size()))
        ++size;
    if (size * size != static_cast<int>(cells.size()) || !IsBoxShape(size)) {
        out.error = ErrorAt(line.number, 0,
                            std::to_string(cells.size()) +
                                " characters found; a one-line puzzle has 16, 36, 64, 81, 144, "
                                "256 or 625");
        return out;
    }
    std::vector<RawRow> rows(size);
    for (int r = 0; r < size; ++r) {
        rows[r].line = line.number;
        for (int c = 0; c < size; ++c) {
            const int at = r * size + c;
            rows[r].cells.push_back({cells.substr(at, 1), static_cast<int>(first) + at + 1, false});
        }
    }
    Assemble(rows, out);
    return out;
}

ParsedPuzzle ParseRows(const Content& content, TextFormat format) {
    ParsedPuzzle out;
    out.format = format;
    std::vector<RawRow> rows;
    for (const TextLine& line : content.rows) {
        if (format == TextFormat::Bracket) {
            rows.emplace_back();
            out.error = BracketRow(line, rows.back());
            if (out.error) return out;
        } else if (format == TextFormat::PencilMarks) {
            rows.push_back(TokenRow(line));
        } else {
            rows.push_back(CharacterRow(line));
        }
    }
    Assemble(rows, out);
    return out;
}

bool LooksBracketed(const Content& content) {
    return std::any_of(content.rows.begin(), content.rows.end(), [](const TextLine& l) {
        return l.text.find('[') != std::string_view::npos;
    });
}

// As many tokens a row as rows, and some token longer than one character.
bool LooksPencilMarked(const Content& content) {
    const std::size_t rows = content.rows.size();
    if (TokenRow(content.rows.front()).cells.size() != rows) return false;
    for (const TextLine& line : content.rows)
        for (const RawCell& cell : TokenRow(line).cells)
            if (cell.token.size() > 1) return true;
    return false;
}

TextFormat Detect(const Content& content) {
    if (content.rows.size() <= 1) return TextFormat::Line;
    if (LooksBracketed(content)) return TextFormat::Bracket;
    if (LooksPencilMarked(content)) return TextFormat::PencilMarks;
    return content.sdkMarks ? TextFormat::Sdk : TextFormat::Grid;
}

// Pads every token of a column to the column's widest, with `|` between boxes.
std::string FormatTokens(const Geometry& g, const std::vector<std::string>& tokens,
                         bool separators) {
    const int n = g.size();
    std::vector<std::size_t> width(n, 1);
    for (int cell = 0; cell < g.cellCount(); ++cell)
        width[g.col(cell)] = std::max(width[g.col(cell)], tokens[cell].size());
    std::vector<std::string> lines;
    for (int r = 0; r < n; ++r) {
        std::string line;
        for (int c = 0; c < n; ++c) {
            if (c > 0) line += separators && c % g.boxCols() == 0 ? " | " : " ";
            std::string token = tokens[g.cellAt(r, c)];
            token.resize(width[c], ' ');
            line += token;
        }
        while (!line.empty() && line.back() == ' ')
            line.pop_back();
        lines.push_back(std::move(line));
    }
    std::string rule(lines.front().size(), '-');
    if (separators) {
        // The rule crosses the box bars: build it from the widest row's bar positions.
        std::string widest;
        for (int c = 0; c < n; ++c) {
            if (c > 0) widest += c % g.boxCols() == 0 ? " | " : " ";
            widest += std::string(width[c], ' ');
        }
        rule.clear();
        for (char ch : widest)
            rule += ch == '|' ? '+' : '-';
    }
    std::string text;
    for (int r = 0; r < n; ++r) {
        if (separators && r > 0 && r % g.boxRows() == 0) text += rule + "\n";
        text += lines[r] + "\n";
    }
    return text;
}

std::string PlainRows(const Board& board) {
    const int n = board.size();
    const std::string line = board.toLine();
    std::string text;
    for (int r = 0; r < n; ++r)
        text += line.substr(r * n, n) + "\n";
    return text;
}

std::string BracketRows(const Board& board) {
    const Geometry& g = board.geometry();
    std::string text;
    for (int r = 0; r < g.size(); ++r) {
        bool previousBracketed = false;
        for (int c = 0; c < g.size(); ++c) {
            const int cell = g.cellAt(r, c);
            const bool given = board.origin(cell) == CellOrigin::Given && !board.isEmpty(cell);
            if (c > 0 && !(given && previousBracketed)) text += ' ';
            const char digit = Geometry::DigitChar(board.value(cell));
            if (given)
                text += std::string("[") + digit + "]";
            else
                text += board.isEmpty(cell) ? 'x' : digit;
            previousBracketed = given;
        }
        text += '\n';
    }
    return text;
}

}  // namespace

std::string_view TextFormatName(TextFormat format) {
    return kFormatNames[static_cast<int>(format)];
}

std::optional<TextFormat> TextFormatFromName(std::string_view name) {
    for (std::size_t i = 0; i < kFormatNames.size(); ++i)
        if (kFormatNames[i] == name) return static_cast<TextFormat>(i);
    return std::nullopt;
}

std::string TextError::describe() const {
    std::string text;
    if (line > 0) text += "line " + std::to_string(line);
    if (line > 0 && column > 0) text += ", column " + std::to_string(column);
    if (!text.empty()) text += ": ";
    return text + message;
}

CandidateGrid ParsedPuzzle::candidateGrid() const {
    if (candidates.empty()) return CandidateGrid(board);
    return CandidateGrid(board, candidates);
}

ParsedPuzzle ParsePuzzle(std::string_view text, TextFormat format) {
    const Content content = ContentLines(text);
    if (format == TextFormat::Auto) format = Detect(content);
    ParsedPuzzle out = format == TextFormat::Line ? ParseLine(content) : ParseRows(content, format);
    out.comments = content.comments;
    if (!out.ok()) out.board = Board();
    return out;
}

std::string FormatGrid(const Board& board, bool separators) {
    if (!separators) return PlainRows(board);
    std::vector<std::string> tokens;
    for (int cell = 0; cell < board.cellCount(); ++cell)
        tokens.emplace_back(1, Geometry::DigitChar(board.value(cell)));
    return FormatTokens(board.geometry(), tokens, true);
}

std::string FormatPencilMarks(const CandidateGrid& grid) {
    std::vector<std::string> tokens;
    for (int cell = 0; cell < grid.board().cellCount(); ++cell) {
        if (grid.value(cell)) {
            tokens.emplace_back(1, Geometry::DigitChar(grid.value(cell)));
            continue;
        }
        std::string token = CountDigits(grid.candidates(cell)) <= 1 ? "." : "";
        for (int d : Digits(grid.candidates(cell)))
            token += Geometry::DigitChar(d);
        tokens.push_back(std::move(token));
    }
    return FormatTokens(grid.geometry(), tokens, true);
}

std::string FormatPuzzle(const Board& board, TextFormat format) {
    switch (format) {
        case TextFormat::Line:
            return board.toLine();
        case TextFormat::Bracket:
            return BracketRows(board);
        case TextFormat::Sdk:
            return "[Puzzle]\n" + PlainRows(board);
        case TextFormat::PencilMarks:
            return FormatPencilMarks(CandidateGrid(board));
        case TextFormat::Auto:
        case TextFormat::Grid:
            break;
    }
    return FormatGrid(board, true);
}

}  // namespace sudoku
