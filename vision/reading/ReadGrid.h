#pragma once
// One grid found in the photo, read: its lattice fitted, straightened, its light evened, its cells
// classified the way up they stand, checked and repaired by the solver, and the hand-written
// entries judged. Which grids are read, and whether the photo is looked at again, ReadSudoku.cpp
// decides.

#include <string>

#include <opencv2/core.hpp>

#include "vision/grid/GridDetector.h"
#include "vision/reading/PhotoColour.h"
#include "vision/reading/ReadSudoku.h"
#include "vision/reading/Stopwatch.h"

namespace sudoku {

// The photo as the reader works on it: gray for finding and reading, colour on demand.
struct WorkingPhoto {
    cv::Mat gray;
    WorkingColour colour;
};

// The printed digits and, in the cells they leave empty, the hand-written ones
// (CellOrigin::Entered).
Board GivensAndEntries(const Board& givens, const Board& handwritten);

// A reading with nothing read, and why.
Reading FailedReading(ReadStatus status, std::string message);

// The grid `candidate` found in `work` (`scale` of the photo's pixels) straightened and read; the
// reading's times are `decodeMs` and the clock's laps from its last one.
Reading ReadGrid(const WorkingPhoto& work, const GridCandidate& candidate, double scale,
                 const ReaderOptions& options, Stopwatch& clock, double decodeMs);

}  // namespace sudoku
