#pragma once
// The interface every digit engine implements (the CNN, Tesseract), so the reader and the
// evaluation can swap them.

#include <string_view>
#include <vector>

#include "vision/classifying/CellReading.h"
#include "vision/grid/WarpedGrid.h"

namespace sudoku {

class CellClassifier {
public:
    virtual ~CellClassifier() = default;
    virtual std::string_view name() const = 0;
    // One reading per cell, row-major (size*size of them).
    virtual std::vector<CellReading> classify(const WarpedGrid& grid) const = 0;
    // A cheaper reading, good enough to judge which way up a grid is (the orientation probe
    // reads every inky cell four times over): the full reading unless the engine has a faster one.
    virtual std::vector<CellReading> classifyQuickly(const WarpedGrid& grid) const {
        return classify(grid);
    }
};

}  // namespace sudoku
