#include "vision/reading/ReadGrid.h"

#include <algorithm>
#include <array>
#include <memory>
#include <optional>
#include <tuple>
#include <utility>

#include "solver/Validation.h"
#include "vision/classifying/ClassifierLoader.h"
#include "vision/grid/Crease.h"
#include "vision/grid/EvenLight.h"
#include "vision/grid/Grain.h"
#include "vision/grid/GridWarper.h"
#include "vision/grid/LatticeCheck.h"
#include "vision/grid/RegionWalls.h"
#include "vision/reading/CoveredCells.h"
#include "vision/reading/FaintCells.h"
#include "vision/reading/FaintPen.h"
#include "vision/reading/Focus.h"
#include "vision/reading/InkColour.h"
#include "vision/reading/KindPrior.h"
#include "vision/reading/MistakeCheck.h"
#include "vision/reading/Orientation.h"
#include "vision/reading/PuzzleShape.h"
#include "vision/reading/ReadingRepair.h"
#include "vision/reading/Typeface.h"

namespace sudoku {
namespace {

// The corners of the upright board: turning the straightened grid clockwise makes its old
// bottom-left corner the new top-left.
std::array<cv::Point2f, 4> UprightCorners(const Quad& corners, int quarterTurns, double scale) {
    std::array<cv::Point2f, 4> upright;
    for (int i = 0; i < 4; ++i)
        upright[i] = corners[(i + 4 - quarterTurns % 4) % 4] * (1 / scale);
    return upright;
}

// The lattice of the upright board in photo pixels: a clockwise quarter turn moves point (r, c)
// of the old lattice to (c, size - r) of the new one.
std::vector<cv::Point2f> UprightLattice(const GridLattice& lattice, int quarterTurns,
                                        double scale) {
    const int n = lattice.size;
    std::vector<cv::Point2f> upright(lattice.points.size());
    for (int row = 0; row <= n; ++row)
        for (int col = 0; col <= n; ++col) {
            int r = row, c = col;
            for (int t = 0; t < quarterTurns % 4; ++t)
                std::tie(r, c) = std::pair(n - c, r);
            upright[row * (n + 1) + col] = lattice.at(r, c) * (1 / scale);
        }
    return upright;
}

std::string VerdictMessage(RepairVerdict verdict, const RepairedReading& repaired) {
    switch (verdict) {
        case RepairVerdict::Unique:
            return repaired.changed.empty() ? "" : "read with corrections";
        case RepairVerdict::NoSolution:
            return "the digits read break the rules or allow no solution, and no plausible "
                   "correction was found";
        case RepairVerdict::Multiple:
            return "the digits read allow more than one solution, and no plausible correction "
                   "was found";
        case RepairVerdict::Ambiguous:
            return "two likely readings of the digits have different solutions, so neither is "
                   "given: take the photo again, sharper";
        case RepairVerdict::Doubtful:
            return "the cells read as hand-writing all disagree with the solution and are read "
                   "doubtfully: they may be printed digits misread, so it is not given; take the "
                   "photo again, evenly lit";
        case RepairVerdict::Clash:
            return "a printed digit read doubtfully could only be corrected into the digit a "
                   "hand-written entry beside it holds: the print is more likely misread, so no "
                   "solution is given; take the photo again, sharper";
    }
    return {};
}

// A doubtful reading is reported as one whose lines are in doubt: its digits as read, unsolved.
ReadStatus StatusOf(RepairVerdict verdict) {
    switch (verdict) {
        case RepairVerdict::Unique:
            return ReadStatus::Solved;
        case RepairVerdict::Multiple:
        case RepairVerdict::Ambiguous:
            return ReadStatus::Multiple;
        case RepairVerdict::Doubtful:
        case RepairVerdict::Clash:
            return ReadStatus::Uncertain;
        case RepairVerdict::NoSolution:
            break;
    }
    return ReadStatus::NoSolution;
}

bool Contains(const std::vector<int>& cells, int cell) {
    return std::find(cells.begin(), cells.end(), cell) != cells.end();
}

// How many of `cells` are in `among`.
std::size_t CountOf(const std::vector<int>& cells, const std::vector<int>& among) {
    return static_cast<std::size_t>(
        std::count_if(cells.begin(), cells.end(), [&](int cell) { return Contains(among, cell); }));
}

// What a reading says about the `cells` it could not see: cut off by the photo's edge, or
// `covered` of them covered by a finger (CoveredCells.h).
std::string UnseenMessage(std::size_t cells, std::size_t covered, ReadStatus status,
                          const std::string& verdict) {
    const bool cut = cells > covered;
    std::string message = std::to_string(cells);
    message.append(cells == 1 ? " cell is" : " cells are");
    message.append(!covered ? " cut off by the photo's edge"
                   : cut    ? " cut off by the photo's edge or covered"
                            : " covered or too dark to read");
    if (status == ReadStatus::Solved)
        message.append(", and the digits in view have one solution");
    else if (status == ReadStatus::Multiple)
        message.append(", and the digits in view allow more than one solution: photograph the ")
            .append(!covered ? "whole grid"
                    : cut    ? "whole grid with nothing over it"
                             : "grid with nothing over it");
    else
        message.append("; ").append(verdict);
    return message;
}

// A grid the photo's edge cuts through is read as far as it is in view; a digit partly out of
// view (its middle 60%, where the strokes are) needs a sure reading.
constexpr float kDigitMiddle = 0.6f;

struct ReadTimes {
    double readMs = 0;   // classifying the cells
    double solveMs = 0;  // checking and repairing the reading with the solver
};

// The cells not wholly in view: those whose centre is out of the photo, those whose digit is
// partly out of it (they include the first), and those a finger covers (CoveredCells.h).
struct CellsInView {
    std::vector<int> hidden;
    std::vector<int> partial;
    std::vector<int> covered;
    bool cut() const { return !partial.empty(); }
    bool wholly() const { return partial.empty() && covered.empty(); }
    CellsInView turned(int n, int quarterTurns) const {
        return {TurnCells(hidden, n, quarterTurns), TurnCells(partial, n, quarterTurns),
                TurnCells(covered, n, quarterTurns)};
    }
};

// The cells of `lattice` out of a photo of `image` size, and those a finger covers in its grid as
// warped (`asWarped`, before its light is evened): their lines hidden and their colour (asked of
// `colour` only then) unlike the paper's (CoveredCells.h).
CellsInView CellsInViewOf(const GridLattice& lattice, cv::Size image, const WarpedGrid& asWarped,
                          const WorkingColour& colour) {
    CellsInView view{
        CellsOutside(lattice, image, 0), CellsOutside(lattice, image, kDigitMiddle), {}};
    if (const std::vector<int> hidden = CellsWithHiddenLines(asWarped); !hidden.empty())
        view.covered = UnlikeThePaper(hidden, lattice, colour.get(), colour.scale());
    std::erase_if(view.covered, [&](int cell) { return Contains(view.partial, cell); });
    return view;
}

// A digit partly out of view is kept only when read at least this surely (a 7 cut at the top
// reads as a 1): the other partial cells are left unread, like those out of view.
constexpr float kSurePartial = 0.99f;

// Cells not read: out of view, or partly out of view and not read surely, or read as hand-written.
// What is left in view of a printed digit can pass for hand-writing, and then surely: a printed 1
// cut at the top was read as a hand-written 1 and a printed 2 as a hand-written 7, both at 0.997
// and up; so a partial cell read as hand-written is left unread (an entry partly out of view could
// not be judged either). So is a covered cell read as hand-written: the edge of a finger passes for
// a pen's stroke (a fingertip's curve read as a hand-written 9 in a printed puzzle), and an entry
// under it could not be judged. One read as printed or as paper keeps its reading, doubts and
// all, for the repair: left unread too, the held-out photos under a finger (FingerTest) lost
// two puzzles whose covered digits were read right. Unread cells' readings become certain paper so
// that no digit is put there.
std::vector<int> LeaveUnread(std::vector<CellReading>& cells, const CellsInView& view) {
    std::vector<int> unread;
    for (int cell = 0; cell < static_cast<int>(cells.size()); ++cell) {
        const CellGuess& best = cells[cell].best();
        const bool handwritten = best.digit && best.handwritten;
        const bool partialUnsure =
            Contains(view.partial, cell) &&
            (Contains(view.hidden, cell) ||
             (best.digit && (best.probability < kSurePartial || best.handwritten)));
        if (partialUnsure || (Contains(view.covered, cell) && handwritten)) {
            cells[cell].guesses = {{0, false, 1.f}};
            unread.push_back(cell);
        }
    }
    return unread;
}

// The straightened grid's cells read as they stand (`turns` quarter turns from the grid as
// straightened), weighed by the grid's own digits, their ink's colour and their typeface, then
// checked by the solver. A grid the photo's edge cuts is not repaired: its digits in view often
// allow several solutions, and a search for a unique reading would add a digit that is not there.
RepairedReading ReadAndRepair(const WarpedGrid& grid, bool inFocus, std::vector<CellReading> cells,
                              const CellsInView& view, const Geometry& geometry,
                              const CellInks& inks, int turns, const CellClassifier& classifier,
                              const ReaderOptions& options, Stopwatch& clock, ReadTimes& times) {
    const std::vector<int> unread = LeaveUnread(cells, view);
    if (MayTellPenFromPrint(cells)) TellPenFromPrint(cells, inks.turned(turns));
    // Blurred glyphs all look alike: the typeface tells print from pen only in focus.
    if (inFocus) TellPrintByTypeface(grid, cells);
    ApplyGridKindPrior(cells);
    // Before the smudge rule, which then judges what a light entry was read as, too.
    if (MayHoldFaintPen(cells)) RereadLightStrokes(cells, grid, unread, classifier);
    DemoteFaintDigits(grid, cells);
    // The colour is looked up through the lattice as straightened, so only for a grid read as
    // it stands (nearly every photo), and wholly in view: a finger's colour is no pen's.
    if (turns == 0 && view.wholly() && MayHoldFaintPen(cells))
        RereadFaintPen(cells, inks, classifier);
    times.readMs += clock.lap();
    RepairOptions repairOptions;
    repairOptions.maxBoards = view.cut() ? 0 : options.maxRepairEffort;
    repairOptions.uncertainBelow = options.uncertainBelow;
    RepairedReading repaired = RepairReading(cells, geometry, repairOptions);
    repaired.unread = unread;
    times.solveMs += clock.lap();
    return repaired;
}

// Cells whose digit, printed or hand-written as read, repeats in a row, column or region.
int ClashingCells(const RepairedReading& reading) {
    const Board digits = GivensAndEntries(reading.givens, reading.handwritten);
    std::vector<bool> clashing(static_cast<std::size_t>(digits.cellCount()));
    for (const Problem& duplicate : FindDuplicates(digits))
        for (const int cell : duplicate.cells)
            clashing[static_cast<std::size_t>(cell)] = true;
    return static_cast<int>(std::count(clashing.begin(), clashing.end(), true));
}

// Reads the grid the way up its digits stand; `turns` gets the clockwise quarter turns taken.
// Most photos are upright: only a doubtful reading pays for the rotation probe, whether the
// classifier doubted the digits or the solver rejected them. The probe's choice can be wrong when
// most ink is hand-writing, which a classifier may read with confidence turned too; a reading
// the solver rejects then sends us to the next likeliest turn, and a reading that is a valid
// puzzle with one solution confirms its turn.
RepairedReading ReadCellsUpright(const WarpedGrid& warped, bool inFocus, const CellsInView& view,
                                 const CellInks& inks, const CellClassifier& classifier,
                                 const PuzzleShape& shape, const ReaderOptions& options,
                                 Stopwatch& clock, ReadTimes& times, int& turns) {
    std::vector<CellReading> asTheyStand = classifier.classify(warped);
    turns = 0;
    std::optional<RepairedReading> standing;
    if (!options.tryRotations || LooksUpright(asTheyStand)) {
        standing = ReadAndRepair(warped, inFocus, asTheyStand, view, shape.turned(0), inks, 0,
                                 classifier, options, clock, times);
        // A grid cut by the photo's edge often has several solutions from the digits in view:
        // that says nothing about the turn, and a turned reading the repair makes unique would
        // be a board not read right. Two readings with a solution each confirm the turn too.
        const bool expected = standing->verdict == RepairVerdict::Unique ||
                              standing->verdict == RepairVerdict::Ambiguous ||
                              standing->verdict == RepairVerdict::Doubtful ||
                              standing->verdict == RepairVerdict::Clash ||
                              (!view.wholly() && standing->verdict == RepairVerdict::Multiple);
        if (!options.tryRotations || expected) return *std::move(standing);
    }
    const std::vector<int> ranked = RankUprightTurns(warped, classifier);
    // When no turn reads with one solution, the reading given back (for a person to correct) is
    // the first, in the probe's order, whose digits clash in kFewClashingCells cells at most (a
    // misread digit makes two), else the probe's first: read the wrong way up, digits clash in
    // many cells. Measured on probe pages printed in fonts the classifier misreads
    // (bench/newspaper_probes.py, no turn solved): where the probe ranked the half turn first,
    // the photo as it stands clashed in 0-2 cells and the half turn in 7-14; where the upright
    // reading clashes in 6-13 cells, the other turns do in 3-18, and the probe's order is kept.
    constexpr int kFewClashingCells = 2;
    std::optional<RepairedReading> fewClashes;
    RepairedReading first;
    for (std::size_t i = 0; i < ranked.size(); ++i) {
        const int t = ranked[i];
        RepairedReading repaired;
        if (t == 0 && standing) {
            repaired = *std::move(standing);
        } else {
            const WarpedGrid turned = t ? RotateGrid(warped, t) : warped;
            std::vector<CellReading> cells = t ? classifier.classify(turned) : asTheyStand;
            repaired = ReadAndRepair(turned, inFocus, std::move(cells), view.turned(warped.size, t),
                                     shape.turned(t), inks, t, classifier, options, clock, times);
        }
        if (repaired.verdict == RepairVerdict::Unique) {
            turns = t;
            return repaired;
        }
        if (!fewClashes && ClashingCells(repaired) <= kFewClashingCells) {
            turns = t;
            fewClashes = std::move(repaired);
        } else if (i == 0) {
            first = std::move(repaired);
        }
    }
    if (fewClashes) return *std::move(fewClashes);
    turns = ranked[0];
    return first;
}

// The shape of the puzzle on a straightened grid: a jigsaw's regions are read from its lines.
PuzzleShape ShapeOf(const WarpedGrid& warped, const ReaderOptions& options) {
    if (options.variant == Variant::Jigsaw)
        return PuzzleShape(options.size, ReadRegionWalls(warped));
    return PuzzleShape(options.size, options.variant);
}

// The digits as the classifier reads them, unchecked, on a board of `geometry`.
void ReadUncheckedDigits(Reading& r, const std::vector<CellReading>& cells,
                         const Geometry& geometry) {
    r.givens = Board(geometry);
    r.handwritten = Board(geometry);
    for (int cell = 0; cell < geometry.cellCount(); ++cell) {
        const CellGuess& best = cells[cell].best();
        if (best.digit)
            (best.handwritten ? r.handwritten : r.givens)
                .set(cell, best.digit, best.handwritten ? CellOrigin::Entered : CellOrigin::Given);
        if (best.probability < kConfidentGuess) r.uncertain.push_back(cell);
    }
}

// The cells read with low confidence, and those beside a region border read doubtfully.
std::vector<int> UncertainCells(std::vector<int> cells, const PuzzleShape& shape, int turns) {
    const std::vector<int> doubtful = shape.doubtfulCells(turns);
    cells.insert(cells.end(), doubtful.begin(), doubtful.end());
    std::sort(cells.begin(), cells.end());
    cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
    return cells;
}

// A grid whose reading cannot be trusted, reported unsolved with its digits as read (upright by
// their look alone, the cells out of view left unread) on a board of `geometry` turned as they
// stand. The caller says why.
Reading UncheckedReading(const WarpedGrid& warped, const GridLattice& lattice,
                         const CellsInView& view, const PuzzleShape& shape,
                         const CellClassifier& classifier, const ReaderOptions& options,
                         double scale, bool regionsKnown) {
    const int turns = options.tryRotations ? RankUprightTurns(warped, classifier).front() : 0;
    Reading r;
    r.variant = options.variant;
    r.size = warped.size;
    std::vector<CellReading> cells =
        classifier.classify(turns ? RotateGrid(warped, turns) : warped);
    r.cutOff = LeaveUnread(cells, view.turned(warped.size, turns));
    std::sort(r.cutOff.begin(), r.cutOff.end());
    ReadUncheckedDigits(r, cells, regionsKnown ? shape.turned(turns) : Geometry(1, warped.size));
    r.uncertain = UncertainCells(r.uncertain, shape, turns);
    r.corners = UprightCorners(lattice.corners(), turns, scale);
    r.lattice = UprightLattice(lattice, turns, scale);
    return r;
}

// A jigsaw whose region borders make no valid map: its digits as read on rows and columns only
// (the regions are not known), with the cells beside the doubtful borders; never solved on a
// guessed map.
Reading RegionProblemReading(const WarpedGrid& warped, const GridLattice& lattice,
                             const CellsInView& view, const PuzzleShape& shape,
                             const CellClassifier& classifier, const ReaderOptions& options,
                             double scale) {
    Reading r = UncheckedReading(warped, lattice, view, shape, classifier, options, scale, false);
    r.status = ReadStatus::NoSolution;
    r.message = "the region borders read are not a jigsaw's regions: " + shape.problem();
    r.regionProblem = shape.problem();
    return r;
}

// A lattice that may sit a line off the grid (FittedLattice::doubt): solving its digits could
// draw the answer a cell off, over the printed ones.
Reading LatticeDoubtReading(const WarpedGrid& warped, const FittedLattice& fitted,
                            const CellsInView& view, const PuzzleShape& shape,
                            const CellClassifier& classifier, const ReaderOptions& options,
                            double scale) {
    Reading r =
        UncheckedReading(warped, fitted.lattice, view, shape, classifier, options, scale, true);
    r.status = ReadStatus::Uncertain;
    r.message = "the grid's lines could not be fitted surely (" + fitted.doubt +
                "), so its digits may sit a cell off: not solved; photograph the whole grid "
                "straight on";
    return r;
}

}  // namespace

Board GivensAndEntries(const Board& givens, const Board& handwritten) {
    Board board = givens;
    for (int cell = 0; cell < board.cellCount(); ++cell)
        if (handwritten.value(cell) && board.isEmpty(cell))
            board.set(cell, handwritten.value(cell), CellOrigin::Entered);
    return board;
}

Reading FailedReading(ReadStatus status, std::string message) {
    Reading r;
    r.status = status;
    r.message = std::move(message);
    return r;
}

Reading ReadGrid(const WorkingPhoto& work, const GridCandidate& candidate, double scale,
                 const ReaderOptions& options, Stopwatch& clock, double decodeMs) {
    const FittedLattice fitted = FitLattice(work.gray, candidate.corners, options.size);
    const GridLattice& lattice = fitted.lattice;
    const WarpedGrid asWarped = WarpLattice(work.gray, lattice);
    const CellsInView view = CellsInViewOf(lattice, work.gray.size(), asWarped, work.colour);
    // Only a grid wholly in view: past the photo's edge the warp repeats the edge's pixels, in
    // streaks the paper's light (or a fold's crease) would be taken from.
    const WarpedGrid lit =
        Deglared(Brightened(view.cut() ? asWarped : Uncreased(EvenlyLit(asWarped))));
    const InkDepth inkDepth = MeasureInkDepth(lit);
    const WarpedGrid straightened = Deepened(lit, inkDepth);
    const PuzzleShape shape = ShapeOf(straightened, options);
    // A grid out of focus is read sharpened (Focus.h); its region walls as they are. A noisy one
    // is read smoothed (Grain.h), its grain and focus judged on the grid as straightened. A flat
    // one (EvenLight.h) is an old phone's: its strokes are soft even where its lines measure thin.
    const bool inFocus = !LooksFlat(inkDepth) && !ShouldSharpen(MeasureLineWidths(straightened));
    const WarpedGrid quiet = Quieted(straightened);
    const WarpedGrid warped = inFocus ? quiet : Sharpened(quiet);
    const double detectMs = clock.lap();

    std::shared_ptr<const CellClassifier> classifier = options.classifier;
    try {
        if (!classifier) classifier = LoadClassifier(options.engine, options.modelPath);
    } catch (const std::exception& e) {
        Reading r = FailedReading(ReadStatus::Error, e.what());
        r.millis = {decodeMs, detectMs, clock.lap(), 0};
        return r;
    }
    if (!shape.problem().empty() || !fitted.doubt.empty()) {
        Reading r =
            shape.problem().empty()
                ? LatticeDoubtReading(warped, fitted, view, shape, *classifier, options, scale)
                : RegionProblemReading(warped, lattice, view, shape, *classifier, options, scale);
        r.millis = {decodeMs, detectMs, clock.lap(), 0};
        return r;
    }
    ReadTimes times;
    int turns = 0;
    const CellInks inks(warped, lattice, work.colour);
    const RepairedReading repaired = ReadCellsUpright(warped, inFocus, view, inks, *classifier,
                                                      shape, options, clock, times, turns);

    Reading r;
    r.status = StatusOf(repaired.verdict);
    r.message = VerdictMessage(repaired.verdict, repaired);
    r.cutOff = repaired.unread;
    std::sort(r.cutOff.begin(), r.cutOff.end());
    if (!r.cutOff.empty())
        r.message = UnseenMessage(r.cutOff.size(),
                                  CountOf(r.cutOff, TurnCells(view.covered, options.size, turns)),
                                  r.status, r.message);
    r.corners = UprightCorners(lattice.corners(), turns, scale);
    r.lattice = UprightLattice(lattice, turns, scale);
    r.size = options.size;
    r.variant = options.variant;
    r.givens = repaired.givens;
    r.handwritten = repaired.handwritten;
    r.solution = repaired.solution;
    r.uncertain = UncertainCells(repaired.uncertain, shape, turns);
    r.changed = repaired.changed;
    r.mistakes = repaired.mistakes;
    r.unsure = repaired.unsure;
    ConfirmMistakes(warped, turns, *classifier, r.solution, repaired.leaningWrong, r.handwritten,
                    r.mistakes, r.unsure);
    // A shallow grid's strokes are soft even where its lines measure thin (EvenLight.h): its
    // unsure entries get a sharpened look. Sharpening every shallow grid instead read more old
    // phones' grids exactly, but shaken, shadowed and cut grids (shallow too) worse.
    if (r.status == ReadStatus::Solved && LooksShallow(inkDepth))
        SettleUnsureEntries(warped, turns, *classifier, r.solution, r.handwritten, r.unsure);
    times.readMs += clock.lap();
    r.millis = {decodeMs, detectMs, times.readMs, times.solveMs};
    return r;
}

}  // namespace sudoku
