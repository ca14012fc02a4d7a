#pragma once
// The page's game over HTTP: the page keeps the game as plain JSON (clues, the person's starting
// digits, every move and how many are in effect: web/API.md); each request replays it with
// sudoku::Game and answers the board, the checks and the next step. The server keeps no state, so
// a reload, a shared link or a restarted server loses nothing.

#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/PuzzleJson.h"
#include "solver/Game.h"

namespace sudokucam {

// A request the API refuses: the HTTP status (4xx) and one sentence for the page to show.
class ApiError : public std::runtime_error {
public:
    ApiError(int status, const std::string& message)
        : std::runtime_error(message), status_(status) {}
    int status() const { return status_; }

private:
    int status_;
};

// The most moves one game may hold: each keeps a copy of the grid for undo (a 16x16 grid is
// about 2 KB), so this bounds a request's memory at about 20 MB.
inline constexpr std::size_t kMaxGameMoves = 10'000;

struct ReplayedGame {
    sudoku::Game game;
    PuzzleStatus status;       // of the clues alone
    sudoku::Verdict verdict;   // of the clues alone: problems, or the one solution
    std::vector<int> refused;  // moves that changed nothing
};

// The geometry a request names for an n x n grid: "variant" ("classic", "jigsaw" or "x"; default
// classic, or jigsaw when "regions" is given) and "regions" (a jigsaw's map, a letter a cell,
// row-major; with "x", the diagonals over those regions). Throws ApiError (400) naming what is
// wrong: an unknown variant, a jigsaw without its map, a map of the wrong length or that is no
// partition (its problem and cell), a size with no rectangular boxes for classic or X.
sudoku::Geometry RequestGeometry(const nlohmann::json& request, int size);
// A puzzle read from text, on the variant the request names when it names one; otherwise as the
// text says (its region map, its "diagonals"). A jigsaw's map may come with the text instead of
// in "regions".
sudoku::Board WithRequestVariant(const nlohmann::json& request, const sudoku::Board& board);

// Builds the game of a request and replays its moves up to its position. Throws ApiError (400)
// naming the field that is malformed.
ReplayedGame ReplayGame(const nlohmann::json& request);
// The board, its checks and the undo state (POST /api/game).
OrderedJson GameStateJson(const ReplayedGame& replayed);
// The next step, or why there is none (POST /api/hint).
OrderedJson GameHintJson(const ReplayedGame& replayed);

}  // namespace sudokucam
