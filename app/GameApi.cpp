#include "app/GameApi.h"

#include <fmt/format.h>

#include <optional>
#include <set>
#include <string_view>

#include "solver/TextFormat.h"

namespace sudokucam {
namespace {

using nlohmann::json;
using sudoku::Board;
using sudoku::CandidateGrid;
using sudoku::CellOrigin;
using sudoku::Geometry;

const json& Field(const json& request, const char* name) {
    if (!request.is_object()) throw ApiError(400, "the request must be a JSON object");
    if (!request.contains(name)) throw ApiError(400, fmt::format("'{}' is missing", name));
    return request.at(name);
}

int IntField(const json& value, const std::string& what) {
    if (!value.is_number_integer())
        throw ApiError(400, fmt::format("{} must be a whole number", what));
    return value.get<int>();
}

std::optional<sudoku::Variant> VariantField(const json& request) {
    if (!request.contains("variant")) return std::nullopt;
    const json& value = request.at("variant");
    const auto variant =
        value.is_string() ? sudoku::VariantFromName(value.get<std::string>()) : std::nullopt;
    if (!variant)
        throw ApiError(
            400, fmt::format("'variant' {} is not \"classic\", \"jigsaw\" or \"x\"", value.dump()));
    return variant;
}

std::optional<std::string> RegionsField(const json& request) {
    if (!request.contains("regions")) return std::nullopt;
    const json& value = request.at("regions");
    if (!value.is_string())
        throw ApiError(400, "'regions' must be a string: a region letter for each cell");
    return value.get<std::string>();
}

// A region map's letters as a geometry, checked and its problems worded as the text forms do.
Geometry RegionGeometry(const std::string& map, int size, bool diagonals) {
    if (static_cast<int>(map.size()) != size * size)
        throw ApiError(400, fmt::format("'regions' has {} letters; a {}x{} grid has {} cells",
                                        map.size(), size, size, size * size));
    const sudoku::ParsedRegionMap parsed = sudoku::ParseRegionMap(map);
    if (const sudoku::TextError& e = parsed.error) {
        const int cell = e.column - 1;
        throw ApiError(400, cell >= 0 && cell < size * size
                                ? fmt::format("'regions' at r{}c{}: {}", cell / size + 1,
                                              cell % size + 1, e.message)
                                : fmt::format("'regions': {}", e.message));
    }
    return Geometry::WithRegions(parsed.regions, diagonals);
}

// The units of the variant named, on an n x n grid: the boxes, or `regions` when given.
Geometry VariantGeometry(std::optional<sudoku::Variant> named,
                         const std::optional<std::string>& regions, int size) {
    using sudoku::Variant;
    const Variant variant = named.value_or(regions ? Variant::Jigsaw : Variant::Classic);
    if (variant == Variant::Jigsaw && !regions)
        throw ApiError(400,
                       "a jigsaw needs its region map, a letter for each cell row by row "
                       "('regions', or after a one-line puzzle on its line)");
    if (variant == Variant::Classic && regions)
        throw ApiError(400,
                       "'regions' is for a jigsaw (or an X Sudoku on irregular regions), "
                       "not a classic Sudoku");
    const bool diagonals = variant == Variant::X;
    if (regions) return RegionGeometry(*regions, size, diagonals);
    const std::optional<Geometry> boxes =
        size >= 4 && size <= sudoku::kMaxSize ? Geometry::ForSize(size) : std::nullopt;
    if (!boxes)
        throw ApiError(400, fmt::format("size {} is not a grid sudokucam plays with boxes (4, 6, "
                                        "8, 9, 12, 16); a jigsaw takes any size 4 to 25",
                                        size));
    return boxes->withDiagonals(diagonals);
}

Geometry GeometryOf(const json& request) {
    const int size = IntField(Field(request, "size"), "'size'");
    if (size < 4 || size > sudoku::kMaxSize)
        throw ApiError(400,
                       fmt::format("size {} is outside the grids sudokucam plays (4 to 25)", size));
    return RequestGeometry(request, size);
}

// A one-line board ("53..7....", '.' or '0' empty) of the game's size, each digit set with
// `origin` on `board`; a cell that already holds a digit there is refused.
void SetDigits(Board& board, const json& value, const char* name, CellOrigin origin) {
    if (!value.is_string()) throw ApiError(400, fmt::format("'{}' must be a string", name));
    const std::string& line = value.get_ref<const std::string&>();
    const Geometry& g = board.geometry();
    if (static_cast<int>(line.size()) != g.cellCount())
        throw ApiError(400, fmt::format("'{}' has {} characters; a {}x{} grid has {} cells", name,
                                        line.size(), g.size(), g.size(), g.cellCount()));
    for (int cell = 0; cell < g.cellCount(); ++cell) {
        const char c = line[static_cast<std::size_t>(cell)];
        if (c == '.' || c == '0') continue;
        const int digit = Geometry::DigitFromChar(c);
        if (digit < 1 || digit > g.size())
            throw ApiError(400, fmt::format("'{}': {} holds '{}', not a digit of a {}x{} grid",
                                            name, g.cellName(cell), c, g.size(), g.size()));
        if (!board.isEmpty(cell))
            throw ApiError(400,
                           fmt::format("'{}': {} already holds a clue", name, g.cellName(cell)));
        board.set(cell, digit, origin);
    }
}

int CellOf(const json& move, std::size_t at, const Geometry& g, const std::string& where) {
    if (move.size() <= at) throw ApiError(400, where + " lacks its cell");
    const int cell = IntField(move[at], where + "'s cell");
    if (cell < 0 || cell >= g.cellCount())
        throw ApiError(400, fmt::format("{}'s cell {} is outside the grid", where, cell));
    return cell;
}

int DigitOf(const json& move, const Geometry& g, const std::string& where) {
    if (move.size() <= 2) throw ApiError(400, where + " lacks its digit");
    const int digit = IntField(move[2], where + "'s digit");
    if (digit < 1 || digit > g.size())
        throw ApiError(400,
                       fmt::format("{}'s digit {} is not one of 1-{}", where, digit, g.size()));
    return digit;
}

// Plays one move; false when it changed nothing. `solution` is null when the clues have none.
bool Play(sudoku::Game& game, const json& move, std::size_t index, const Board* solution) {
    const std::string where = fmt::format("move {}", index);
    if (!move.is_array() || move.empty() || !move[0].is_string())
        throw ApiError(400,
                       where + " must be a list that starts with its name, e.g. [\"enter\", 3, 5]");
    const Geometry& g = game.board().geometry();
    const std::string& kind = move[0].get_ref<const std::string&>();
    static const std::set<std::string, std::less<>> kMoves = {
        "enter", "erase", "eliminate", "restore", "step", "singles", "reveal", "solve"};
    if (!kMoves.contains(kind))
        throw ApiError(400, fmt::format("{}: '{}' is not a move (enter, erase, eliminate, "
                                        "restore, step, singles, reveal, solve)",
                                        where, kind));
    if (kind == "step") return game.applyHint().has_value();
    if (kind == "singles") return !game.fillSingles().empty();
    if (kind == "solve") return solution != nullptr && game.complete(*solution);
    const int cell = CellOf(move, 1, g, where);  // every other move names a cell
    if (kind == "erase") return game.erase(cell);
    if (kind == "reveal") return solution != nullptr && game.reveal(cell, *solution);
    if (kind == "enter") return game.enter(cell, DigitOf(move, g, where));
    if (kind == "eliminate") return game.eliminate(cell, DigitOf(move, g, where));
    return game.restore(cell, DigitOf(move, g, where));
}

const char* OriginName(CellOrigin origin) {
    switch (origin) {
        case CellOrigin::Given:
            return "clue";
        case CellOrigin::Entered:
            return "yours";
        case CellOrigin::Filled:
            return "filled";
        case CellOrigin::Empty:
            break;
    }
    return "empty";
}

OrderedJson CellsStateJson(const CandidateGrid& grid) {
    OrderedJson cells = OrderedJson::array();
    for (int cell = 0; cell < grid.board().cellCount(); ++cell) {
        const int digit = grid.value(cell);
        OrderedJson item = {{"digit", digit},
                            {"origin", digit ? OriginName(grid.board().origin(cell)) : "empty"}};
        if (!digit) {
            OrderedJson candidates = OrderedJson::array();
            for (int candidate : sudoku::Digits(grid.candidates(cell)))
                candidates.push_back(candidate);
            item["candidates"] = std::move(candidates);
        }
        cells.push_back(std::move(item));
    }
    return cells;
}

std::vector<sudoku::Problem> Mistakes(const ReplayedGame& r) {
    if (!r.verdict.solution) return {};
    return sudoku::FindMistakes(r.game.grid(), *r.verdict.solution);
}

}  // namespace

Geometry RequestGeometry(const json& request, int size) {
    if (!request.is_object()) throw ApiError(400, "the request must be a JSON object");
    return VariantGeometry(VariantField(request), RegionsField(request), size);
}

Board WithRequestVariant(const json& request, const Board& board) {
    if (!request.is_object()) throw ApiError(400, "the request must be a JSON object");
    const std::optional<sudoku::Variant> variant = VariantField(request);
    std::optional<std::string> regions = RegionsField(request);
    if (!variant && !regions) return board;
    const Geometry& text = board.geometry();
    if (!regions && !text.hasBoxes() && variant != sudoku::Variant::Classic)
        regions = text.regionMap();
    return board.withGeometry(VariantGeometry(variant, regions, board.size()));
}

ReplayedGame ReplayGame(const json& request) {
    Board board(GeometryOf(request));
    SetDigits(board, Field(request, "clues"), "clues", CellOrigin::Given);
    const Board clues = board;
    if (request.contains("entries"))
        SetDigits(board, request["entries"], "entries", CellOrigin::Entered);
    const json moves = request.contains("moves") ? request["moves"] : json::array();
    if (!moves.is_array()) throw ApiError(400, "'moves' must be a list");
    if (moves.size() > kMaxGameMoves)
        throw ApiError(400, fmt::format("'moves' has {} moves; a game holds at most {}",
                                        moves.size(), kMaxGameMoves));
    std::size_t position = moves.size();
    if (request.contains("position")) {
        const int p = IntField(request["position"], "'position'");
        if (p < 0 || static_cast<std::size_t>(p) > moves.size())
            throw ApiError(400, fmt::format("'position' {} is outside 0-{}", p, moves.size()));
        position = static_cast<std::size_t>(p);
    }
    sudoku::Verdict verdict = sudoku::CheckAndSolve(CandidateGrid(clues));
    ReplayedGame r{sudoku::Game(CandidateGrid(board)), StatusOf(verdict), std::move(verdict), {}};
    const Board* solution = r.verdict.solution ? &*r.verdict.solution : nullptr;
    int undone = 0;  // the played moves at or after the position are undone, as the page undid them
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (!Play(r.game, moves[i], i, solution))
            r.refused.push_back(static_cast<int>(i));
        else if (i >= position)
            ++undone;
    }
    for (; undone > 0; --undone)
        r.game.undo();
    return r;
}

OrderedJson GameStateJson(const ReplayedGame& r) {
    const CandidateGrid& grid = r.game.grid();
    const Geometry& g = grid.geometry();
    std::vector<sudoku::Problem> warnings = sudoku::FindDuplicates(grid.board());
    const bool duplicates = !warnings.empty();
    std::vector<sudoku::Problem> deadEnds = sudoku::FindDeadEnds(grid);
    warnings.insert(warnings.end(), deadEnds.begin(), deadEnds.end());
    std::vector<int> wrong;
    for (const sudoku::Problem& p : Mistakes(r))
        if (p.kind == sudoku::ProblemKind::WrongEntry) wrong.push_back(p.cells.front());
    OrderedJson history = OrderedJson::array();
    for (const sudoku::GameAction& action : r.game.history())
        history.push_back(action.description);
    return {{"size", g.size()},
            {"cells", CellsStateJson(grid)},
            {"status", PuzzleStatusName(r.status)},
            {"problems", ProblemsJson(g, r.verdict.problems)},
            {"warnings", ProblemsJson(g, warnings)},
            {"wrong", wrong},
            {"complete", grid.isSolved()},
            // A full grid with no digit twice in a unit is a solution of the clues: the only one
            // when they have one, and a solution all the same when they have several.
            {"solved", grid.isSolved() && !duplicates},
            {"canUndo", r.game.canUndo()},
            {"canRedo", r.game.canRedo()},
            {"position", r.game.history().size()},
            {"history", std::move(history)},
            {"refused", r.refused}};
}

OrderedJson GameHintJson(const ReplayedGame& r) {
    const Geometry& g = r.game.board().geometry();
    if (!r.verdict.solution) {
        std::string message;
        for (const sudoku::Problem& p : r.verdict.problems)
            message += (message.empty() ? "" : " ") + p.message;
        return {{"hint", "none"}, {"message", message}};
    }
    // A mistake first, as the classic helpers do: no step from a wrong grid can be trusted.
    const std::vector<sudoku::Problem> mistakes = Mistakes(r);
    if (!mistakes.empty()) {
        std::vector<int> cells;
        for (const sudoku::Problem& p : mistakes)
            cells.push_back(p.cells.front());
        return {{"hint", "wrong"},
                {"message", mistakes.front().message},
                {"cells", CellsJson(g, cells)}};
    }
    return NextStepJson(r.game.grid(), *r.verdict.solution);
}

}  // namespace sudokucam
