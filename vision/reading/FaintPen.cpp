#include "vision/reading/FaintPen.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include "vision/classifying/CnnClassifier.h"
#include "vision/grid/GrayLevels.h"
#include "vision/reading/InkColour.h"

namespace sudoku {
namespace {

// A pen whose ink is this far in chroma from its paper is coloured (a black or blue-black pen on
// white is a few units off); only a coloured pen's strokes can be told from paper by colour.
constexpr float kColouredPen = 15.f;
// Pixels moved at least half way to the pen's colour that make strokes worth reading: 3% of the
// cell's inside (a digit's strokes cover a tenth of it or more; a faint one's middles less).
constexpr int kStrokeGray = 128;
constexpr double kLeastStrokeShare = 0.03;
// A digit read below kConfidentGuess with this much left for empty paper is read again too: a
// red pen on a dark gray photo leaves strokes too faint in gray for the classifier to tell a 7
// from paper or a 4 (image201's bottom row), yet plain in colour.
constexpr float kDoubtfulEmptyShare = 0.1f;
// A cell drawn anew (its pen's strokes, or its levels stretched to its own ink) is read as a
// hand-written digit at least this sure to replace the reading. Below kConfidentGuess, since the
// reading replaced is doubtful too and the repair still weighs the new one as uncertain: 0.9 left
// image201's 9 (read 0.878) as paper, and over 300 pages half filled in by hand
// (bench/newspaper_probes.py --fill 0.5) neither 0.8 nor 0.6 invented a digit. Stretched, 0.9
// left a held-out old phone's light 3 (0.847) as paper, and 0.8 invented nothing on those pages
// as old phones take them either (bench/old_phone_probes.py, blurred 2 and 3 pixels).
constexpr float kReplaceAtLeast = 0.8f;

// A cell whose darkest pixel lies fewer gray levels under its brightest than this holds nothing
// but paper's texture and the camera's noise: it is not stretched (four times at this bound).
constexpr double kLeastStrokeLevels = 12;

bool ShowsStrokes(const cv::Mat& strokes) {
    if (strokes.empty()) return false;
    const cv::Mat inside =
        strokes(cv::Rect(kColourMargin, kColourMargin, kCellPixels - 2 * kColourMargin,
                         kCellPixels - 2 * kColourMargin));
    const int dark = cv::countNonZero(inside < kStrokeGray);
    return dark >= kLeastStrokeShare * static_cast<double>(inside.total());
}

float EmptyShare(const CellReading& cell) {
    for (const CellGuess& g : cell.guesses)
        if (!g.digit) return g.probability;
    return std::max(0.f, cell.unlistedEmpty);
}

// Read as empty, or as a digit so doubtfully that it may be paper.
bool MayBeFaintEntry(const CellReading& cell) {
    const CellGuess& best = cell.best();
    return !best.digit ||
           (best.probability < kConfidentGuess && EmptyShare(cell) >= kDoubtfulEmptyShare);
}

// The cell with its levels stretched about its paper so that its ink lies kCnnLeastStretch under
// it: the classifier's own stretch then spans the cell's ink, not more.
void StretchToItsInk(cv::Mat cell, const CellRange& range) {
    StretchAboutPaper(cell, cell, range.paper, kCnnLeastStretch / range.levels());
}

// Reads the cells drawn anew and replaces the reading of those read as a hand-written digit at
// kReplaceAtLeast or more; returns how many.
int ReplaceByRereading(std::vector<CellReading>& cells, const WarpedGrid& drawn,
                       const std::vector<int>& drawnCells, const CellClassifier& classifier) {
    if (drawnCells.empty()) return 0;
    const std::vector<CellReading> reread = classifier.classify(drawn);
    int replaced = 0;
    for (int cell : drawnCells) {
        const CellGuess& best = reread[cell].best();
        if (!best.digit || !best.handwritten || best.probability < kReplaceAtLeast) continue;
        cells[cell] = reread[cell];
        ++replaced;
    }
    return replaced;
}

}  // namespace

bool MayHoldFaintPen(const std::vector<CellReading>& cells) {
    const ConfidentDigits counts = CountConfidentDigits(cells);
    return counts.printed >= kMinConfidentOfEachKind &&
           counts.handwritten >= kMinConfidentOfEachKind &&
           std::any_of(cells.begin(), cells.end(), MayBeFaintEntry);
}

int RereadFaintPen(std::vector<CellReading>& cells, const CellInks& inks,
                   const CellClassifier& classifier) {
    const std::vector<std::optional<InkChroma>> chroma = inks.turned(0);
    const std::optional<InkChroma> pen = DistinctPenColour(cells, chroma);
    if (!pen || cv::norm(*pen) < kColouredPen) return 0;
    const int n = static_cast<int>(std::lround(std::sqrt(cells.size())));
    WarpedGrid drawn = WarpedGrid::Paper(n);
    std::vector<int> drawnCells;
    for (int cell = 0; cell < static_cast<int>(cells.size()); ++cell) {
        if (!MayBeFaintEntry(cells[cell])) continue;
        const cv::Mat strokes = inks.penStrokes(cell, *pen);
        if (!ShowsStrokes(strokes)) continue;
        strokes.copyTo(drawn.gray(drawn.cellRect(cell / n, cell % n)));
        drawnCells.push_back(cell);
    }
    return ReplaceByRereading(cells, drawn, drawnCells, classifier);
}

int RereadLightStrokes(std::vector<CellReading>& cells, const WarpedGrid& grid,
                       const std::vector<int>& skip, const CellClassifier& classifier) {
    WarpedGrid drawn = WarpedGrid::Paper(grid.size);
    std::vector<int> drawnCells;
    for (int cell = 0; cell < static_cast<int>(cells.size()); ++cell) {
        if (!MayBeFaintEntry(cells[cell]) ||
            std::find(skip.begin(), skip.end(), cell) != skip.end())
            continue;
        const cv::Rect rect = grid.cellRect(cell / grid.size, cell % grid.size);
        const CellRange range = MeasureCellRange(grid.gray(rect));
        if (range.levels() < kLeastStrokeLevels || range.levels() >= kCnnLeastStretch) continue;
        cv::Mat stretched = drawn.gray(rect);
        grid.gray(rect).copyTo(stretched);
        StretchToItsInk(stretched, range);
        drawnCells.push_back(cell);
    }
    return ReplaceByRereading(cells, drawn, drawnCells, classifier);
}

}  // namespace sudoku
