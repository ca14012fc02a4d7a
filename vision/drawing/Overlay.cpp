#include "vision/drawing/Overlay.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "solver/LogicalSolver.h"
#include "solver/Validation.h"
#include "vision/drawing/OverlayCanvas.h"

namespace sudoku {
namespace {

// Colours (BGR) chosen to stand out from black print on grey newsprint and from each other.
const cv::Scalar kSolutionInk(170, 70, 0);  // deep blue, like a ballpoint
const cv::Scalar kPencil(120, 70, 40);      // candidates
const cv::Scalar kRed(30, 30, 215);
const cv::Scalar kGreen(30, 150, 20);
const cv::Scalar kAmber(0, 140, 235);       // an entry too unclear to check
const cv::Scalar kMarker(0, 215, 255);      // yellow highlighter
const cv::Scalar kProofFill(255, 160, 60);  // behind the candidates that prove a step
const cv::Scalar kWrongFill(120, 120, 255);
const cv::Scalar kText(50, 30, 20);
const cv::Scalar kOutline(60, 170, 60);

// The reading's line intersections, or those one homography predicts from its corners.
std::vector<cv::Point2f> PhotoLattice(const Reading& r) {
    const int n = r.size;
    if (static_cast<int>(r.lattice.size()) == (n + 1) * (n + 1)) return r.lattice;
    const auto side = static_cast<float>(n);
    const cv::Point2f square[4] = {{0, 0}, {side, 0}, {side, side}, {0, side}};
    std::vector<cv::Point2f> flat;
    for (int row = 0; row <= n; ++row)
        for (int col = 0; col <= n; ++col)
            flat.emplace_back(static_cast<float>(col), static_cast<float>(row));
    std::vector<cv::Point2f> lattice;
    cv::perspectiveTransform(flat, lattice, cv::getPerspectiveTransform(square, r.corners.data()));
    return lattice;
}

// Flat pixels per cell: a little more than the photo's own, so warping back only shrinks.
int CellPixelsFor(const Reading& r) {
    const auto& c = r.corners;
    const double perimeter = cv::norm(c[1] - c[0]) + cv::norm(c[2] - c[1]) + cv::norm(c[3] - c[2]) +
                             cv::norm(c[0] - c[3]);
    return std::clamp(static_cast<int>(std::lround(1.25 * perimeter / (4 * r.size))), 32, 200);
}

class Painter {
public:
    Painter(OverlayCanvas& canvas, const Geometry& geometry)
        : canvas_(canvas),
          geometry_(geometry),
          slots_(static_cast<int>(std::ceil(std::sqrt(geometry.size())))) {}

    void digit(int cell, int d, const cv::Scalar& colour) {
        const int c = canvas_.cellPixels();
        canvas_.text(std::string(1, Geometry::DigitChar(d)), centre(cell), 0.55 * c, colour,
                     std::max(1, c / 22));
    }
    void fill(int cell, const cv::Scalar& colour, double opacity) {
        canvas_.fillRect(rect(cell), colour, opacity);
    }
    void ring(int cell, const cv::Scalar& colour) {
        const int c = canvas_.cellPixels();
        canvas_.circle(centre(cell), 0.4f * c, colour, std::max(2, c / 14));
    }
    // A question mark in the cell's top-right corner, clear of the digit in its middle.
    void query(int cell, const cv::Scalar& colour) {
        const int c = canvas_.cellPixels();
        const cv::Rect r = rect(cell);
        const cv::Point2f corner(static_cast<float>(r.br().x) - 0.2f * static_cast<float>(c),
                                 static_cast<float>(r.y) + 0.26f * static_cast<float>(c));
        canvas_.text("?", corner, 0.36 * c, colour, std::max(2, c / 16));
    }
    void frame(int cell, const cv::Scalar& colour) {
        const int c = canvas_.cellPixels();
        const int t = std::max(2, c / 16);
        const cv::Rect r = rect(cell);
        const cv::Rect inner(r.x + t, r.y + t, r.width - 2 * t, r.height - 2 * t);
        canvas_.fillRect({inner.x, inner.y, inner.width, t}, colour, 1.0);
        canvas_.fillRect({inner.x, inner.br().y - t, inner.width, t}, colour, 1.0);
        canvas_.fillRect({inner.x, inner.y, t, inner.height}, colour, 1.0);
        canvas_.fillRect({inner.br().x - t, inner.y, t, inner.height}, colour, 1.0);
    }
    // A pencil mark in its slot: digit d at row (d-1)/k, column (d-1)%k of a k x k layout.
    void mark(int cell, int d, const cv::Scalar& colour) {
        canvas_.text(std::string(1, Geometry::DigitChar(d)), markCentre(cell, d), 0.6 * slot(),
                     colour, 1);
    }
    void markDisc(int cell, int d, const cv::Scalar& colour) {
        canvas_.circle(markCentre(cell, d), 0.48f * static_cast<float>(slot()), colour, -1, 0.5);
    }
    void strike(int cell, int d, const cv::Scalar& colour) {
        const cv::Point2f m = markCentre(cell, d);
        const auto h = static_cast<float>(0.4 * slot());
        canvas_.line({m.x - h, m.y + h}, {m.x + h, m.y - h}, colour,
                     std::max(1, cvRound(slot() / 10)));
    }

private:
    double slot() const { return 0.8 * canvas_.cellPixels() / slots_; }
    cv::Rect rect(int cell) const {
        return canvas_.cellRect(geometry_.row(cell), geometry_.col(cell));
    }
    cv::Point2f centre(int cell) const {
        return canvas_.cellCentre(geometry_.row(cell), geometry_.col(cell));
    }
    // Marks keep clear of the printed lines: their slots share the middle 80% of the cell.
    cv::Point2f markCentre(int cell, int d) const {
        const cv::Rect r = rect(cell);
        const auto s = static_cast<float>(slot());
        const auto inset = 0.1f * static_cast<float>(canvas_.cellPixels());
        return {static_cast<float>(r.x) + inset + ((d - 1) % slots_ + 0.5f) * s,
                static_cast<float>(r.y) + inset + ((d - 1) / slots_ + 0.5f) * s};
    }

    OverlayCanvas& canvas_;
    const Geometry& geometry_;
    int slots_;  // pencil marks per side of a cell: 3 for 9x9, 4 for 16x16
};

std::string JoinCells(const Geometry& g, const std::vector<int>& cells) {
    std::string names;
    for (std::size_t k = 0; k < cells.size(); ++k)
        names += (k ? ", " : "") + g.cellName(cells[k]);
    return names;
}

// The cells each problem names, marked; returns the first problems' sentences.
std::string DrawProblems(Painter& paint, const std::vector<Problem>& problems) {
    std::string sentence;
    for (std::size_t k = 0; k < problems.size(); ++k) {
        for (int cell : problems[k].cells) {
            paint.fill(cell, kWrongFill, 0.3);
            paint.frame(cell, kRed);
        }
        if (k < 2) sentence += (k ? " " : "") + problems[k].message;
    }
    if (problems.size() > 2) sentence += " (and " + std::to_string(problems.size() - 2) + " more)";
    return sentence;
}

void DrawCandidates(Painter& paint, const CandidateGrid& grid) {
    for (int cell = 0; cell < grid.board().cellCount(); ++cell)
        if (!grid.value(cell))
            for (int d : Digits(grid.candidates(cell)))
                paint.mark(cell, d, kPencil);
}

bool Contains(const std::vector<CellDigit>& list, int cell, int digit) {
    return std::find(list.begin(), list.end(), CellDigit{cell, digit}) != list.end();
}

// The candidates of a cell the step touches: proof on blue, eliminations red and struck out.
void DrawStepMarks(Painter& paint, const CandidateGrid& grid, const Step& step, int cell) {
    for (int d : Digits(grid.candidates(cell))) {
        const bool eliminated = Contains(step.eliminations, cell, d);
        const bool proof = Contains(step.proof, cell, d);
        if (eliminated) paint.markDisc(cell, d, kWrongFill);
        if (proof && !eliminated) paint.markDisc(cell, d, kProofFill);
        paint.mark(cell, d, eliminated ? kRed : proof ? kSolutionInk : kPencil);
        if (eliminated) paint.strike(cell, d, kRed);
    }
}

// The step's units tinted, its pattern cells highlighted, the candidates of every cell it
// touches pencilled in, its placements written in green.
std::string DrawHint(Painter& paint, const CandidateGrid& grid) {
    const Geometry& g = grid.geometry();
    if (grid.isSolved()) return "The puzzle is solved.";
    const auto step = LogicalSolver().nextStep(grid);
    if (!step) return "No logical step found: the techniques known are stuck here.";
    for (int unit : step->units)
        for (int cell : g.unitCells(unit))
            paint.fill(cell, kMarker, 0.15);
    for (int cell : step->cells)
        paint.fill(cell, kMarker, 0.35);
    std::vector<int> touched = step->cells;
    for (const auto* list : {&step->proof, &step->eliminations})
        for (const auto& cd : *list)
            touched.push_back(cd.cell);
    std::sort(touched.begin(), touched.end());
    touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
    for (int cell : touched) {
        const bool placed = std::any_of(step->placements.begin(), step->placements.end(),
                                        [&](const CellDigit& p) { return p.cell == cell; });
        if (!grid.value(cell) && !placed) DrawStepMarks(paint, grid, *step, cell);
    }
    for (const auto& p : step->placements) {
        paint.fill(p.cell, kGreen, 0.15);
        paint.digit(p.cell, p.digit, kGreen);
    }
    return step->explanation;
}

bool Lists(const std::vector<int>& cells, int cell) {
    return std::find(cells.begin(), cells.end(), cell) != cells.end();
}

std::string CountOf(std::size_t count, const std::string& what) {
    std::string s = std::to_string(count);
    s.append(" ").append(what).append(count == 1 ? "" : "s");
    return s;
}

// The reading's check of the hand-written digits: right ones ringed green, mistakes red, those
// too unclear to judge framed amber with a question mark. Only a board read right is checked: a
// person's entry is never called wrong against a solution that may not be the puzzle's.
std::string DrawCheck(Painter& paint, const Reading& r) {
    const Geometry& g = r.givens.geometry();
    if (r.status != ReadStatus::Solved || !r.solution.isComplete()) {
        const Verdict verdict = CheckAndSolve(CandidateGrid(r.givens));
        if (!verdict.problems.empty()) return DrawProblems(paint, verdict.problems);
        return "The printed digits were not read as a puzzle with one solution, so the "
               "hand-written ones cannot be checked.";
    }
    int entries = 0;
    for (int cell = 0; cell < g.cellCount(); ++cell) {
        if (!r.handwritten.value(cell) || !r.givens.isEmpty(cell)) continue;
        ++entries;
        // Unsure entries get another shape as well as another colour: a frame and a question mark.
        const bool wrong = Lists(r.mistakes, cell), unsure = Lists(r.unsure, cell);
        if (unsure) {
            paint.frame(cell, kAmber);
            paint.query(cell, kAmber);
        } else {
            paint.ring(cell, wrong ? kRed : kGreen);
        }
    }
    if (!entries) return "No hand-written digits to check.";
    if (r.mistakes.empty() && r.unsure.empty())
        return "All " + std::to_string(entries) + " hand-written digits are right.";
    // Appended piece by piece: GCC 12 misreports "literal" + std::string chains (-Wrestrict).
    std::string sentence;
    if (!r.mistakes.empty()) {
        sentence.append(std::to_string(r.mistakes.size())).append(" of ");
        sentence.append(std::to_string(entries)).append(" hand-written digits ");
        sentence.append(r.mistakes.size() == 1 ? "is" : "are").append(" wrong: ");
        sentence.append(JoinCells(g, r.mistakes)).append(".");
    }
    if (!r.unsure.empty()) {
        if (!sentence.empty()) sentence.append(" ");
        sentence.append(CountOf(r.unsure.size(), "digit")).append(" too unclear to check: ");
        sentence.append(JoinCells(g, r.unsure)).append(".");
    }
    return sentence;
}

std::string DrawContent(Painter& paint, const Reading& r, OverlayMode mode) {
    // Digits that may sit a cell off: no mark in any cell could be trusted to be in its place.
    if (r.status == ReadStatus::Uncertain) return r.message;
    if (mode == OverlayMode::Check) return DrawCheck(paint, r);
    const CandidateGrid grid(r.combined());
    if (r.status != ReadStatus::Solved || !r.solution.isComplete()) {
        if (mode == OverlayMode::Candidates) DrawCandidates(paint, grid);
        const Verdict verdict = CheckAndSolve(grid);
        if (!verdict.problems.empty()) return DrawProblems(paint, verdict.problems);
        return r.message.empty() ? "The board read has no single solution." : r.message;
    }
    switch (mode) {
        case OverlayMode::Candidates:
            DrawCandidates(paint, grid);
            return {};
        case OverlayMode::Hint:
            return DrawHint(paint, grid);
        default:
            // A cell cut off by the photo's edge may hold a clue nobody sees: nothing drawn there.
            for (int cell = 0; cell < r.solution.cellCount(); ++cell)
                if (!grid.value(cell) && !Lists(r.cutOff, cell))
                    paint.digit(cell, r.solution.value(cell), kSolutionInk);
            return r.cutOff.empty() ? std::string() : r.message;
    }
}

void DrawOutline(cv::Mat& photo, const std::vector<cv::Point2f>& lattice, int n) {
    std::vector<cv::Point> border;
    const auto add = [&](int row, int col) {
        border.emplace_back(cvRound(lattice[row * (n + 1) + col].x * 16),
                            cvRound(lattice[row * (n + 1) + col].y * 16));
    };
    for (int col = 0; col < n; ++col)
        add(0, col);
    for (int row = 0; row < n; ++row)
        add(row, n);
    for (int col = n; col > 0; --col)
        add(n, col);
    for (int row = n; row > 0; --row)
        add(row, 0);
    const int thickness = std::max(2, std::max(photo.cols, photo.rows) / 500);
    cv::polylines(photo, border, true, kOutline, thickness, cv::LINE_AA, 4);
}

}  // namespace

std::string_view OverlayModeId(OverlayMode mode) {
    switch (mode) {
        case OverlayMode::Candidates:
            return "candidates";
        case OverlayMode::Hint:
            return "hint";
        case OverlayMode::Check:
            return "check";
        default:
            return "solution";
    }
}

std::optional<OverlayMode> OverlayModeFromId(std::string_view id) {
    for (auto mode :
         {OverlayMode::Solution, OverlayMode::Candidates, OverlayMode::Hint, OverlayMode::Check})
        if (OverlayModeId(mode) == id) return mode;
    return std::nullopt;
}

std::string DrawOverlay(cv::Mat& photo, const Reading& reading, const OverlayOptions& options) {
    if (photo.empty() || photo.type() != CV_8UC3)
        throw std::invalid_argument("the overlay needs an 8-bit BGR photo");
    if (!reading.found() || reading.size <= 0) return {};
    if (reading.givens.size() != reading.size || reading.handwritten.size() != reading.size)
        throw std::invalid_argument("the reading's boards do not match its size");
    const std::vector<cv::Point2f> lattice = PhotoLattice(reading);
    OverlayCanvas canvas(reading.size, CellPixelsFor(reading));
    Painter paint(canvas, reading.givens.geometry());
    const std::string sentence = DrawContent(paint, reading, options.mode);
    if (!sentence.empty()) canvas.addBand(sentence, kText);
    canvas.composite(photo, lattice);
    if (options.outline) DrawOutline(photo, lattice, reading.size);
    return sentence;
}

}  // namespace sudoku
