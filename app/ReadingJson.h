#pragma once
// The `read --json` object of one photo's reading, shared by `read` and `batch` so both print
// the same fields.

#include <string>

#include <nlohmann/json.hpp>

#include "vision/reading/ReadSudoku.h"

namespace sudokucam {

// file, status, message (when any), corners, size, variant, regions (one letter a cell, empty
// when not found or a jigsaw's borders make no valid map), region_problem (only then), givens,
// handwritten, solution, uncertain, changed, mistakes, unsure, cut_off (row-major cell indices)
// and millis per stage.
nlohmann::json ReadingJson(const std::string& file, const sudoku::Reading& r);
// The same object, keys in the same order, as part of an ordered answer (the page's API).
nlohmann::ordered_json ReadingAnswer(const std::string& file, const sudoku::Reading& r);

}  // namespace sudokucam
