#pragma once
// The training photos (../shared/datasets/wichtounet-train) as the tests read them: their ground
// truth and the held-out fifth (models/holdout.txt) the accuracy figures are measured on.

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace sudoku {

inline const std::filesystem::path kDataset =
    std::filesystem::path(SUDOKU_SHARED_DIR) / "datasets" / "wichtounet-train";

// The 81 digits of a .dat file (0 for empty), row-major; empty if it cannot be read.
inline std::vector<int> DatDigits(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);  // the phone
    std::getline(in, line);  // the image format
    std::vector<int> digits;
    int d = 0;
    while (in >> d)
        digits.push_back(d);
    return digits;
}

// The file names (image12.jpg ...) of the held-out photos.
inline std::vector<std::string> HeldOutNames() {
    std::ifstream list(std::filesystem::path(SUDOKU_SOURCE_DIR) / "models" / "holdout.txt");
    std::vector<std::string> names;
    for (std::string name; list >> name;)
        names.push_back(name);
    return names;
}

}  // namespace sudoku
