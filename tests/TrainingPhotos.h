#pragma once
// The training photos (../shared/datasets/wichtounet-train) as the tests read them: their ground
// truth, outlines and the held-out fifth (models/holdout.txt) the accuracy figures are measured
// on; and whether the model that reads them is here.

#include <array>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include "vision/classifying/ClassifierLoader.h"
#include "vision/reading/ReadSudoku.h"

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

// Whether a reading's solution holds every printed digit of the truth (DatDigits): a solution
// of some other board, read wrong, does not.
inline bool SolutionAgrees(const Reading& r, const std::vector<int>& truth) {
    for (int cell = 0; cell < static_cast<int>(truth.size()); ++cell)
        if (truth[cell] && r.solution.value(cell) != truth[cell]) return false;
    return true;
}

// Whether a reading found a grid and read exactly the truth's printed digits (DatDigits).
inline bool GivensAsTruth(const Reading& r, const std::vector<int>& truth) {
    if (!r.found() || static_cast<int>(truth.size()) != r.givens.cellCount()) return false;
    for (int cell = 0; cell < r.givens.cellCount(); ++cell)
        if (r.givens.value(cell) != truth[cell]) return false;
    return true;
}

// A photo composed from a training photo as a phone would save it: a JPEG of quality 92.
inline std::vector<std::uint8_t> Jpeg92(const cv::Mat& image) {
    std::vector<std::uint8_t> jpeg;
    cv::imencode(".jpg", image, jpeg, {cv::IMWRITE_JPEG_QUALITY, 92});
    return jpeg;
}

// Whether the CNN model loads: the tests that read photos skip without it.
inline bool CnnModelAvailable() {
    try {
        LoadClassifier(Engine::Cnn);
        return true;
    } catch (const std::exception&) {
        return false;
    }
}

// The file names (image12.jpg ...) of the held-out photos.
inline std::vector<std::string> HeldOutNames() {
    std::ifstream list(std::filesystem::path(SUDOKU_SOURCE_DIR) / "models" / "holdout.txt");
    std::vector<std::string> names;
    for (std::string name; list >> name;)
        names.push_back(name);
    return names;
}

// The hand-made grid outlines of outlines.csv by file name: four corners clockwise from the
// top-left, in the photo as displayed.
inline std::map<std::string, std::array<cv::Point2f, 4>> TrainingOutlines() {
    std::map<std::string, std::array<cv::Point2f, 4>> outlines;
    std::ifstream in(kDataset / "outlines.csv");
    std::string line;
    std::getline(in, line);
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        std::stringstream fields(line);
        std::string name, value;
        std::getline(fields, name, ',');
        std::array<cv::Point2f, 4> q;
        for (int i = 0; i < 8; ++i) {
            std::getline(fields, value, ',');
            (i % 2 ? q[i / 2].y : q[i / 2].x) = std::stof(value);
        }
        outlines[std::filesystem::path(name).filename().string()] = q;
    }
    return outlines;
}

}  // namespace sudoku
