#include "vision/classifying/ModelPath.h"

#include <cstdlib>
#include <stdexcept>
#include <string>

namespace sudoku {

std::vector<std::filesystem::path> ModelSearchDirs() {
    std::vector<std::filesystem::path> dirs;
    if (const char* env = std::getenv("SUDOKUCAM_MODELS"); env != nullptr && *env != '\0')
        dirs.emplace_back(env);
#ifdef SUDOKU_SOURCE_MODELS_DIR
    dirs.emplace_back(SUDOKU_SOURCE_MODELS_DIR);
#endif
#ifdef SUDOKU_INSTALLED_MODELS_DIR
    dirs.emplace_back(SUDOKU_INSTALLED_MODELS_DIR);
#endif
    return dirs;
}

std::filesystem::path FindModelFile(std::string_view fileName) {
    std::string looked;
    for (const auto& dir : ModelSearchDirs()) {
        auto path = dir / fileName;
        std::error_code ec;
        if (std::filesystem::is_regular_file(path, ec)) return path;
        looked += "\n  " + path.string();
    }
    if (looked.empty()) looked = "\n  (no folder configured: set SUDOKUCAM_MODELS)";
    throw std::runtime_error("model file '" + std::string(fileName) + "' not found; looked at:" +
                             looked + "\nSet SUDOKUCAM_MODELS to the folder that holds it.");
}

}  // namespace sudoku
