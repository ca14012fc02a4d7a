#pragma once
// The values the commands' choice options accept, written once for every command that offers
// them (read, eval, batch, live, render), so that the lists cannot drift apart.

#include <string>
#include <vector>

namespace sudokucam {

// --show: what the overlay draws.
inline const std::vector<std::string> kShowChoices{"solution", "candidates", "hint", "check"};
// --engine: the digit classifier.
inline const std::vector<std::string> kEngineChoices{"cnn", "tesseract"};
// --size of a photographed grid: the sizes the reader and the page renderer handle.
inline const std::vector<int> kPhotoGridSizes{4, 6, 8, 9, 12, 16};

}  // namespace sudokucam
