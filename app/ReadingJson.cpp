#include "app/ReadingJson.h"

#include <vector>

namespace sudokucam {
namespace {

std::vector<std::string> CellNames(const sudoku::Board& board, const std::vector<int>& cells) {
    std::vector<std::string> names;
    for (int cell : cells)
        names.push_back(board.geometry().cellName(cell));
    return names;
}

}  // namespace

nlohmann::json ReadingJson(const std::string& file, const sudoku::Reading& r) {
    using sudoku::ReadStatus;
    nlohmann::json j;
    j["file"] = file;
    j["status"] = std::string(sudoku::ReadStatusId(r.status));
    if (!r.message.empty()) j["message"] = r.message;
    nlohmann::json corners = nlohmann::json::array();
    if (r.found())
        for (const auto& p : r.corners)
            corners.push_back({p.x, p.y});
    j["corners"] = corners;
    j["size"] = r.size;
    j["givens"] = r.found() ? r.givens.toLine() : "";
    j["handwritten"] = r.found() ? r.handwritten.toLine() : "";
    j["solution"] = r.status == ReadStatus::Solved ? r.solution.toLine() : "";
    j["uncertain"] = CellNames(r.givens, r.uncertain);
    j["changed"] = CellNames(r.givens, r.changed);
    j["millis"] = {{"decode", r.millis.decode},
                   {"detect", r.millis.detect},
                   {"read", r.millis.read},
                   {"solve", r.millis.solve}};
    return j;
}

}  // namespace sudokucam
