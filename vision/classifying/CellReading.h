#pragma once
// What a digit classifier says about one cell of a straightened grid. Shared by every engine
// (the CNN, Tesseract) and by the reader that assembles a board from the cells.

#include <algorithm>
#include <vector>

namespace sudoku {

// A guess at least this probable is a confident reading: the grid-level checks (kind prior,
// faint cells, which way up) take their reference from such cells, and the reader reports the
// cells below it as uncertain.
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
    // The classifier's probability of empty paper when `guesses` leave it out (below them all);
    // negative when not known.
    float unlistedEmpty = -1.f;
    const CellGuess& best() const { return guesses.front(); }
};

// How many cells of a grid are read as a digit with confidence, of each kind: the reference the
// grid-level checks judge the doubtful cells against.
struct ConfidentDigits {
    int printed = 0;
    int handwritten = 0;
};

// Every digit guess of the cell made one kind (empty stays empty), a digit's two kinds joined,
// most probable first: for a grid-level check that has found the cell's kind another way.
inline void RelabelKind(CellReading& cell, bool handwritten) {
    std::vector<CellGuess> joined;
    for (CellGuess g : cell.guesses) {
        g.handwritten = handwritten && g.digit != 0;
        auto same = std::find_if(joined.begin(), joined.end(), [&](const CellGuess& j) {
            return j.digit == g.digit && j.handwritten == g.handwritten;
        });
        if (same != joined.end())
            same->probability += g.probability;
        else
            joined.push_back(g);
    }
    std::stable_sort(joined.begin(), joined.end(), [](const CellGuess& x, const CellGuess& y) {
        return x.probability > y.probability;
    });
    cell.guesses = std::move(joined);
}

inline ConfidentDigits CountConfidentDigits(const std::vector<CellReading>& cells) {
    ConfidentDigits counts;
    for (const auto& cell : cells) {
        const CellGuess& best = cell.best();
        if (!best.digit || best.probability < kConfidentGuess) continue;
        (best.handwritten ? counts.handwritten : counts.printed)++;
    }
    return counts;
}

}  // namespace sudoku
