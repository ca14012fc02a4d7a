#include "app/ReadingJson.h"

namespace sudokucam {

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
    j["variant"] = std::string(sudoku::VariantName(r.variant));
    // One letter a cell, row-major: the regions the board was solved on (a jigsaw's as read).
    j["regions"] = r.found() && r.regionProblem.empty() ? r.givens.geometry().regionMap() : "";
    if (!r.regionProblem.empty()) j["region_problem"] = r.regionProblem;
    j["givens"] = r.found() ? r.givens.toLine() : "";
    j["handwritten"] = r.found() ? r.handwritten.toLine() : "";
    j["solution"] = r.status == ReadStatus::Solved ? r.solution.toLine() : "";
    // Row-major cell indices, the contract of the read --json object (text output names cells).
    j["uncertain"] = r.uncertain;
    j["changed"] = r.changed;
    j["mistakes"] = r.mistakes;
    j["unsure"] = r.unsure;
    j["cut_off"] = r.cutOff;
    j["millis"] = {{"decode", r.millis.decode},
                   {"detect", r.millis.detect},
                   {"read", r.millis.read},
                   {"solve", r.millis.solve}};
    return j;
}

nlohmann::ordered_json ReadingAnswer(const std::string& file, const sudoku::Reading& r) {
    // ordered_json keeps insertion order; parsing the dump keeps read --json's (sorted) order.
    return nlohmann::ordered_json::parse(ReadingJson(file, r).dump());
}

}  // namespace sudokucam
