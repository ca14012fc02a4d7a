#pragma once
// A folder of hostile inputs, generated at test time (the HEIC cases start from the committed
// tests/data/newspaper.heic): files that are not what their names say, cut short, too large, in
// formats the reader cannot decode, in every format it can (HEIC turned by its own property, the
// first frame of an animated GIF), and photos that hold no Sudoku, two of them, a crossword or a
// puzzle without exactly one solution.
// Each case carries the statuses the reader may give and a substring of its message.

#include <filesystem>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "solver/Board.h"
#include "vision/reading/ReadSudoku.h"

namespace sudoku::testing {

struct HostileCase {
    std::string file;  // name inside the folder
    // What ReadSudokuFile and `sudokucam read` may report: any one of these.
    std::vector<ReadStatus> statuses;
    std::string message;  // a substring of the message; empty when none is required
    // For a case read to a grid, the one-line puzzles the reading may show (any one of them);
    // empty when the case is checked otherwise.
    std::vector<std::string> givens;
};

// Writes every case into `dir` (created if missing) and returns them.
std::vector<HostileCase> WriteHostileInputs(const std::filesystem::path& dir);

// A rendered photo (1280x720, BGR) of a newspaper page holding `puzzle`.
cv::Mat PhotoOf(const Board& puzzle);

// The JPEG with its Exif segments replaced by one that holds only an orientation tag (1-8).
std::vector<std::uint8_t> WithExifOrientation(const std::vector<std::uint8_t>& jpeg,
                                              int orientation);

// A PNG of `width` x `height` 8-bit gray pixels whose data holds only a few rows: the header is
// what a decompression bomb is about. Hand-written IHDR with its CRC.
std::vector<std::uint8_t> PngDeclaring(std::uint32_t width, std::uint32_t height);

}  // namespace sudoku::testing
