#include "solver/TextFormat.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace sudoku {
namespace {

// Marks an X Sudoku: after a one-line puzzle, or as a `# diagonals` comment line.
constexpr std::string_view kDiagonalsWord = "diagonals";

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

// One letter of a region map, with where it was written.
struct MapCell {
    int line = 0;
    int column = 0;
    char label = 0;
};

bool IsSpace(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

// A character that may name a region in a map: printable, not a space, '.' or '|' (which a
// puzzle's cells and box separators use).
bool IsRegionLabel(char c) {
    const auto u = static_cast<unsigned char>(c);
    return u >= 0x21 && u <= 0x7e && c != '.' && c != '|';
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
    bool diagonals = false;  // a `# diagonals` line: an X Sudoku
};

bool IsWord(std::string_view text, std::string_view word) {
    text = Trim(text);
    return text.size() == word.size() &&
           std::equal(text.begin(), text.end(), word.begin(), [](char a, char b) {
               return std::tolower(static_cast<unsigned char>(a)) == b;
           });
}

Content ContentLines(std::string_view text) {
    Content content;
    bool skipping = false;
    for (const TextLine& line : SplitLines(text)) {
        const std::string_view trimmed = Trim(line.text);
        if (trimmed.empty()) continue;
        if (trimmed.starts_with('#') && IsWord(trimmed.substr(1), kDiagonalsWord)) {
            content.diagonals = true;
            content.comments.emplace_back(trimmed.substr(1));
        } else if (trimmed.starts_with('#')) {
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

// The regions of a map's letters: by letter (A or a is region 0) when every label is one of the
// first n letters, else numbered in the order they first appear. Checked to be a partition; an
// error points at the faulty region's first cell (or its second part).
TextError ReadRegions(const std::vector<MapCell>& map, int size, std::vector<int>& regionOf) {
    std::vector<int> byLetter(map.size()), byAppearance(map.size());
    std::vector<char> seen;
    bool letters = true;
    for (std::size_t i = 0; i < map.size(); ++i) {
        const char c = map[i].label;
        if (!IsRegionLabel(c))
            return ErrorAt(map[i].line, map[i].column,
                           Quoted(std::string_view(&c, 1)) + " is not a region letter");
        const int upper = std::toupper(static_cast<unsigned char>(c));
        letters = letters && upper >= 'A' && upper < 'A' + size;
        byLetter[i] = upper - 'A';
        auto at = std::find(seen.begin(), seen.end(), c);
        if (at == seen.end()) at = seen.insert(seen.end(), c);
        byAppearance[i] = static_cast<int>(at - seen.begin());
    }
    regionOf = letters ? byLetter : byAppearance;
    if (auto problem = Geometry::CheckRegionMap(regionOf)) {
        const MapCell& where = map[problem->cell < 0 ? 0 : problem->cell];
        return ErrorAt(where.line, where.column, "region map: " + problem->message);
    }
    return {};
}

// A map written beside the rows: each row's cells followed by its n region letters, as one word
// (or, in the character forms, letters with spaces between). Moved out of the rows.
std::vector<MapCell> TakeRegionsBeside(std::vector<RawRow>& rows, TextFormat format) {
    const std::size_t n = rows.size();
    std::vector<MapCell> map;
    const bool beside = std::all_of(rows.begin(), rows.end(), [&](const RawRow& row) {
        if (format == TextFormat::PencilMarks)
            return row.cells.size() == n + 1 && row.cells.back().token.size() == n;
        return row.cells.size() == 2 * n;
    });
    if (!beside || n < 4) return map;
    for (RawRow& row : rows) {
        if (format == TextFormat::PencilMarks) {
            const RawCell word = row.cells.back();
            row.cells.pop_back();
            for (std::size_t i = 0; i < n; ++i)
                map.push_back({row.line, word.column + static_cast<int>(i), word.token[i]});
        } else {
            for (std::size_t i = n; i < 2 * n; ++i)
                map.push_back({row.line, row.cells[i].column, row.cells[i].token.front()});
            row.cells.resize(n);
        }
    }
    return map;
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

// Checks the shape of the rows (n rows of n cells, n a size with boxes, or any size with a region
// map) and fills the board; a map is given (the line form) or found beside the rows.
void Assemble(std::vector<RawRow> rows, ParsedPuzzle& out, std::vector<MapCell> map = {}) {
    if (rows.empty()) {
        out.error = ErrorAt(0, 0, "no puzzle found");
        return;
    }
    if (map.empty()) map = TakeRegionsBeside(rows, out.format);
    const int size = static_cast<int>(rows.front().cells.size());
    const bool sizeFits = map.empty() ? IsBoxShape(size) : size >= 4 && size <= kMaxSize;
    if (!sizeFits) {
        out.error =
            ErrorAt(rows.front().line, 0,
                    std::to_string(size) + " cells in a row; a grid has " + SupportedSizes() +
                        " cells a row (any number from 4 to 25 with its region map "
                        "beside)");
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
    if (map.empty()) {
        out.board = Board(*Geometry::ForSize(size));
    } else {
        std::vector<int> regionOf;
        out.error = ReadRegions(map, size, regionOf);
        if (out.error) return;
        out.board = Board(Geometry::WithRegions(regionOf));
    }
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
    if (content.rows.size() > 2 ||
        (content.rows.size() == 2 && TokenRow(content.rows[1]).cells.size() != 1)) {
        out.error = ErrorAt(content.rows[1].number, 0,
                            "a one-line puzzle has one line (and its region map on the next), "
                            "found more");
        return out;
    }
    const TextLine& line = content.rows.front();
    const std::vector<RawCell> words = TokenRow(line).cells;  // cells [map] [diagonals]
    if (words.empty()) {
        out.error = ErrorAt(line.number, 0, "no puzzle found");
        return out;
    }
    const std::string_view cells = words.front().token;
    const int first = words.front().column - 1;
    int size = 0;
    while (size * size < static_cast<int>(cells.size()))
        ++size;
    if (size * size != static_cast<int>(cells.size()) || size < 4 || size > kMaxSize) {
        out.error = ErrorAt(line.number, 0,
                            std::to_string(cells.size()) +
                                " characters found; a one-line puzzle has 16, 36, 64, 81, 144, "
                                "256 or 625 (or any square from 16 to 625 with a region map)");
        return out;
    }
    std::vector<MapCell> map;
    bool diagonals = false;
    for (std::size_t i = 1; i < words.size(); ++i) {
        const RawCell& word = words[i];
        if (IsWord(word.token, kDiagonalsWord) && !diagonals) {
            diagonals = true;
        } else if (map.empty() && word.token.size() == cells.size()) {
            for (std::size_t k = 0; k < word.token.size(); ++k)
                map.push_back({line.number, word.column + static_cast<int>(k), word.token[k]});
        } else {
            out.error = ErrorAt(
                line.number, word.column,
                "after the puzzle, only a region map of " + std::to_string(cells.size()) +
                    " letters and the word 'diagonals' may follow, not " + Quoted(word.token));
            return out;
        }
    }
    // The two-line form: the map on the line after the puzzle.
    if (content.rows.size() == 2) {
        const RawCell word = TokenRow(content.rows[1]).cells.front();
        if (!map.empty() || word.token.size() != cells.size()) {
            out.error =
                ErrorAt(content.rows[1].number, word.column,
                        "the line after a one-line puzzle is its region map, " +
                            std::to_string(cells.size()) + " letters, not " + Quoted(word.token));
            return out;
        }
        for (std::size_t k = 0; k < word.token.size(); ++k)
            map.push_back(
                {content.rows[1].number, word.column + static_cast<int>(k), word.token[k]});
    }
    if (map.empty() && !IsBoxShape(size)) {
        out.error = ErrorAt(
            line.number, 0,
            "a " + SizeName(size) + " grid has no rectangular boxes: give its region map after it");
        return out;
    }
    std::vector<RawRow> rows(size);
    for (int r = 0; r < size; ++r) {
        rows[r].line = line.number;
        for (int c = 0; c < size; ++c) {
            const int at = r * size + c;
            rows[r].cells.push_back({cells.substr(at, 1), first + at + 1, false});
        }
    }
    Assemble(std::move(rows), out, std::move(map));
    if (out.ok() && diagonals)
        out.board = out.board.withGeometry(out.board.geometry().withDiagonals(true));
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
    const std::size_t tokens = TokenRow(content.rows.front()).cells.size();
    if (tokens != rows && tokens != rows + 1) return false;  // + 1: a region map beside
    for (const TextLine& line : content.rows) {
        const std::vector<RawCell> cells = TokenRow(line).cells;
        for (std::size_t i = 0; i < std::min(cells.size(), rows); ++i)
            if (cells[i].token.size() > 1) return true;
    }
    return false;
}

// A one-line puzzle and, on the next line, its region map: two single words of one length.
bool LooksLineAndMap(const Content& content) {
    if (content.rows.size() != 2) return false;
    const RawRow puzzle = TokenRow(content.rows[0]), map = TokenRow(content.rows[1]);
    return puzzle.cells.size() == 1 && map.cells.size() == 1 &&
           puzzle.cells[0].token.size() == map.cells[0].token.size() &&
           puzzle.cells[0].token.size() >= 16;
}

TextFormat Detect(const Content& content) {
    if (content.rows.size() <= 1 || LooksLineAndMap(content)) return TextFormat::Line;
    if (LooksBracketed(content)) return TextFormat::Bracket;
    if (LooksPencilMarked(content)) return TextFormat::PencilMarks;
    return content.sdkMarks ? TextFormat::Sdk : TextFormat::Grid;
}

// Whether a box starts at column c (> 0): a jigsaw has no box bars.
bool IsBoxStart(const Geometry& g, int c) {
    return g.hasBoxes() && c % g.boxCols() == 0;
}

// Rows as written, then a jigsaw's map beside them (three spaces, then the row's letters) and an
// X's `# diagonals` line before them: the forms' variant marks, read back by ParsePuzzle.
std::string WithVariantMarks(const Geometry& g, const std::string& rows) {
    std::string text = g.hasDiagonals() ? "# diagonals\n" : "";
    if (g.hasBoxes()) return text + rows;
    const std::string map = g.regionMap();
    std::vector<std::string> lines;
    std::size_t width = 0;
    for (std::size_t begin = 0; begin < rows.size();) {
        const std::size_t end = rows.find('\n', begin);
        lines.push_back(rows.substr(begin, end - begin));
        width = std::max(width, lines.back().size());
        begin = end + 1;
    }
    const auto n = static_cast<std::size_t>(g.size());
    for (std::size_t r = 0; r < lines.size(); ++r) {
        lines[r].resize(width, ' ');
        text += lines[r] + "   " + map.substr(r * n, n) + "\n";
    }
    return text;
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
            if (c > 0) line += separators && IsBoxStart(g, c) ? " | " : " ";
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
            if (c > 0) widest += IsBoxStart(g, c) ? " | " : " ";
            widest += std::string(width[c], ' ');
        }
        rule.clear();
        for (char ch : widest)
            rule += ch == '|' ? '+' : '-';
    }
    std::string text;
    for (int r = 0; r < n; ++r) {
        if (separators && g.hasBoxes() && r > 0 && r % g.boxRows() == 0) text += rule + "\n";
        text += lines[r] + "\n";
    }
    return WithVariantMarks(g, text);
}

std::string PlainRows(const Board& board) {
    const int n = board.size();
    const std::string line = board.toLine();
    std::string text;
    for (int r = 0; r < n; ++r)
        text += line.substr(r * n, n) + "\n";
    return WithVariantMarks(board.geometry(), text);
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
    return WithVariantMarks(g, text);
}

// The one-line form, then a jigsaw's map and an X's `diagonals` on the same line.
std::string LineWithVariantMarks(const Board& board) {
    std::string text = board.toLine();
    if (!board.geometry().hasBoxes()) text += " " + board.geometry().regionMap();
    if (board.geometry().hasDiagonals()) text += " diagonals";
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
    if (out.ok() && content.diagonals)
        out.board = out.board.withGeometry(out.board.geometry().withDiagonals(true));
    if (!out.ok()) out.board = Board();
    return out;
}

bool IsVariantMark(std::string_view word, std::size_t cells) {
    if (IsWord(word, kDiagonalsWord)) return true;
    // Not a digit either: a solution written after the puzzle is digits.
    return word.size() == cells && std::all_of(word.begin(), word.end(), [](char c) {
               return IsRegionLabel(c) && !(c >= '0' && c <= '9');
           });
}

ParsedRegionMap ParseRegionMap(std::string_view map) {
    ParsedRegionMap out;
    int side = 0;
    while (side * side < static_cast<int>(map.size()))
        ++side;
    if (side * side != static_cast<int>(map.size()) || side < 4 || side > kMaxSize) {
        out.error = ErrorAt(0, 0,
                            "a region map has a square number of letters, 16 to 625, not " +
                                std::to_string(map.size()));
        return out;
    }
    std::vector<MapCell> cells;
    for (std::size_t i = 0; i < map.size(); ++i)
        cells.push_back({0, static_cast<int>(i) + 1, map[i]});
    out.error = ReadRegions(cells, side, out.regions);
    if (out.error) {
        out.regions.clear();
        // The text forms say where the map is; a map on its own needs no such word.
        std::string& message = out.error.message;
        if (message.starts_with("region map: ")) message.erase(0, 12);
    }
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
            return LineWithVariantMarks(board);
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
