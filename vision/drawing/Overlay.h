#pragma once
// Drawing the answer back onto the photo, in its perspective, as if written on the page.
//
//   sudoku::Reading r = sudoku::ReadSudoku(photo);
//   sudoku::DrawOverlay(photo, r, {sudoku::OverlayMode::Hint});
//
// Every glyph is drawn flat, sized to its cell, then warped cell by cell onto the grid's line
// intersections (Reading::lattice, or the corners when it is missing), so it bends with a
// curved page. A board that has no solution, or several, never gets a made-up one: its
// conflicting cells are marked in red and the problem is written under the grid instead.

#include <optional>
#include <string>
#include <string_view>

#include <opencv2/core.hpp>

#include "vision/reading/ReadSudoku.h"

namespace sudoku {

enum class OverlayMode {
    Solution,    // the solution's digits in the empty cells
    Candidates,  // each empty cell's candidates as pencil marks
    Hint,        // the next logical step: its pattern, eliminations and placements
    Check,       // hand-written digits circled: red when wrong, green when right; framed amber
                 // with a question mark when too unclear to check
};

// "solution", "candidates", "hint", "check".
std::string_view OverlayModeId(OverlayMode mode);
std::optional<OverlayMode> OverlayModeFromId(std::string_view id);

class OverlayOptions {
public:
    // What to draw (default: OverlayMode::Solution).
    OverlayMode mode = OverlayMode::Solution;
    // Outline the grid found (default: true).
    bool outline = true;
};

// Draws onto an 8-bit BGR photo as displayed (the frame of the reading's corners). Nothing is
// drawn for a reading that found no grid. A sentence (a hint's explanation, what is wrong with
// the board, how many entries are wrong) goes in a band under the grid, in perspective when it
// fits in the photo, else in a white strip added below the photo (which then grows taller).
// Returns that sentence, empty when there is none. Throws std::invalid_argument for another
// image type.
std::string DrawOverlay(cv::Mat& photo, const Reading& reading, const OverlayOptions& options = {});

// The default overlay: the outline and the solution.
inline void DrawReading(cv::Mat& photo, const Reading& reading) {
    DrawOverlay(photo, reading);
}

}  // namespace sudoku
