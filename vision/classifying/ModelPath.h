#pragma once
// Finding the trained models (models/ of the source tree or of an installation), so the
// program runs from the build tree, from an install, or with the models anywhere else.

#include <filesystem>
#include <string_view>
#include <vector>

namespace sudoku {

// The folders searched for model files, in order: $SUDOKUCAM_MODELS when set, the source
// tree's models/ (SUDOKU_SOURCE_MODELS_DIR), the installed data folder
// (SUDOKU_INSTALLED_MODELS_DIR). Folders that do not exist are still listed.
std::vector<std::filesystem::path> ModelSearchDirs();

// The first existing `fileName` in ModelSearchDirs(). Throws std::runtime_error naming every
// place looked at when there is none.
std::filesystem::path FindModelFile(std::string_view fileName);

}  // namespace sudoku
