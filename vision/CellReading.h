#pragma once
// What a digit classifier says about one cell of a straightened grid. Shared by every engine
// (the CNN, Tesseract) and by the reader that assembles a board from the cells.

#include <vector>

namespace sudoku {

// A guess at least this probable is a confident reading: the grid-level checks (kind prior,
// faint cells) take their reference from such cells, and the reader reports the cells below it
// as uncertain.
inline constexpr float kConfidentGuess = 0.9f;

// One possible reading of a cell: digit 0 means empty.
struct CellGuess {
    int digit = 0;
    bool handwritten = false;
    float probability = 0.f;
};

struct CellReading {
    // Most probable first; probabilities sum to at most 1. Never empty.
    std::vector<CellGuess> guesses;
    const CellGuess& best() const { return guesses.front(); }
};

}  // namespace sudoku
