// Blackbox tests of the photo reader over the real newspaper photos in /work/shared/datasets
// (skipped with a message when absent), plus the repair search on the real newspaper puzzles.
// Minimum pass counts sit just under what was measured: raise them, never lower them.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "solver/Backtracking.h"
#include "tests/TrainingPhotos.h"
#include "vision/classifying/ClassifierLoader.h"
#include "vision/grid/GridDetector.h"
#include "vision/grid/GridWarper.h"
#include "vision/reading/ImageDecode.h"
#include "vision/reading/ReadSudoku.h"
#include "vision/reading/ReadingRepair.h"

namespace sudoku {
namespace {

namespace fs = std::filesystem;

const fs::path kPuzzles = fs::path(SUDOKU_SHARED_DIR) / "puzzles" / "newspaper_train.txt";

std::vector<std::uint8_t> FileBytes(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::map<std::string, Quad> Outlines() {
    return TrainingOutlines();
}

// Largest corner distance over the best cyclic matching (outlines start at the displayed
// top-left corner, the reader at the board's).
double CornerError(const Quad& read, const Quad& truth) {
    double best = 1e18;
    for (int shift = 0; shift < 4; ++shift) {
        double worst = 0;
        for (int k = 0; k < 4; ++k)
            worst = std::max(worst, double(cv::norm(read[(k + shift) % 4] - truth[k])));
        best = std::min(best, worst);
    }
    return best;
}

std::vector<Board> NewspaperPuzzles() {
    std::vector<Board> puzzles;
    std::ifstream in(kPuzzles);
    std::string line;
    while (std::getline(in, line)) {
        if (line.size() < 81 || line[0] == '#') continue;
        Board b;
        for (int cell = 0; cell < 81; ++cell)
            b.set(cell, Geometry::DigitFromChar(line[cell]));
        puzzles.push_back(b);
    }
    return puzzles;
}

// The first newspaper puzzle, its first empty cell and that cell's digit in the solution.
struct EmptyCell {
    Board puzzle;
    int cell = 0;
    int truth = 0;
};

std::optional<EmptyCell> FirstEmptyCellOfAPuzzle() {
    const auto puzzles = NewspaperPuzzles();
    if (puzzles.empty()) return std::nullopt;
    EmptyCell e{puzzles.front()};
    const SolveResult solved = CountSolutions(e.puzzle, 2);
    if (solved.count != 1) throw std::logic_error("the first newspaper puzzle is not unique");
    while (!e.puzzle.isEmpty(e.cell))
        ++e.cell;
    e.truth = solved.solution.value(e.cell);
    return e;
}

// A classifier's view of a board: every cell sure of its digit.
std::vector<CellReading> SureReadings(const Board& board) {
    std::vector<CellReading> cells(board.cellCount());
    for (int cell = 0; cell < board.cellCount(); ++cell)
        cells[cell].guesses = {{board.value(cell), false, 1.0f}};
    return cells;
}

// ---- the repair search, on real puzzles ---------------------------------------------------

TEST(ReadingRepair, KeepsAValidReading) {
    const auto puzzles = NewspaperPuzzles();
    if (puzzles.empty()) GTEST_SKIP() << "no puzzle list at " << kPuzzles;
    for (const Board& puzzle : puzzles) {
        const RepairedReading r = RepairReading(SureReadings(puzzle), puzzle.geometry());
        ASSERT_EQ(r.verdict, RepairVerdict::Unique);
        EXPECT_TRUE(r.changed.empty());
        EXPECT_EQ(r.givens, puzzle);
        EXPECT_TRUE(IsSolutionOf(puzzle, r.solution));
    }
}

TEST(ReadingRepair, FixesOneMisreadDigitFromTheSecondGuess) {
    const auto puzzles = NewspaperPuzzles();
    if (puzzles.empty()) GTEST_SKIP() << "no puzzle list at " << kPuzzles;
    int tried = 0;
    for (const Board& puzzle : puzzles) {
        // Misread the first given as the digit after it: a printed 1 read as 7 and the like.
        int cell = 0;
        while (puzzle.isEmpty(cell))
            ++cell;
        const int truth = puzzle.value(cell);
        const int wrong = truth % 9 + 1;
        Board misread = puzzle;
        misread.set(cell, wrong);
        if (CountSolutions(misread).count == 1) continue;  // undetectable: still a valid puzzle
        ++tried;
        auto cells = SureReadings(puzzle);
        cells[cell].guesses = {{wrong, false, 0.6f}, {truth, false, 0.35f}};
        // Other cells have unlikely alternatives too, which the search must not take.
        for (int other = 0; other < 81; ++other)
            if (other != cell) cells[other].guesses.push_back({(other % 9) + 1, false, 0.005f});
        const RepairedReading r = RepairReading(cells, puzzle.geometry());
        ASSERT_EQ(r.verdict, RepairVerdict::Unique);
        EXPECT_EQ(r.changed, std::vector<int>{cell});
        EXPECT_EQ(r.givens, puzzle);
        EXPECT_NE(std::find(r.uncertain.begin(), r.uncertain.end(), cell), r.uncertain.end());
    }
    EXPECT_GT(tried, 20);
}

// A printed digit of a puzzle that, read as another digit, still makes a puzzle with one
// solution, a different one: a misread no rule of Sudoku can catch.
struct Rival {
    int cell = 0;
    int digit = 0;
};

std::optional<Rival> RivalReading(const Board& puzzle) {
    for (int cell = 0; cell < puzzle.cellCount(); ++cell) {
        if (puzzle.isEmpty(cell)) continue;
        for (int digit = 1; digit <= 9; ++digit) {
            if (digit == puzzle.value(cell)) continue;
            Board other = puzzle;
            other.set(cell, digit);
            if (CountSolutions(other, 2).count == 1) return Rival{cell, digit};
        }
    }
    return std::nullopt;
}

// Two readings nearly as likely, each a puzzle with its own solution: the photo does not say
// which was printed, so neither is solved. Read with confidence, the same digit is solved.
TEST(ReadingRepair, AReadingWithARivalNearlyAsLikelyIsNotSolved) {
    const auto puzzles = NewspaperPuzzles();
    if (puzzles.empty()) GTEST_SKIP() << "no puzzle list at " << kPuzzles;
    int tried = 0;
    for (const Board& puzzle : puzzles) {
        const auto rival = RivalReading(puzzle);
        if (!rival) continue;
        ++tried;
        auto cells = SureReadings(puzzle);
        const int truth = puzzle.value(rival->cell);
        cells[rival->cell].guesses = {{truth, false, 0.6f}, {rival->digit, false, 0.35f}};
        const RepairedReading doubtful = RepairReading(cells, puzzle.geometry());
        EXPECT_EQ(doubtful.verdict, RepairVerdict::Ambiguous);
        EXPECT_EQ(doubtful.solution.filledCount(), 0);
        EXPECT_EQ(doubtful.givens, puzzle);  // reported as read

        cells[rival->cell].guesses = {{truth, false, 0.98f}, {rival->digit, false, 0.01f}};
        const RepairedReading sure = RepairReading(cells, puzzle.geometry());
        EXPECT_EQ(sure.verdict, RepairVerdict::Unique);
        EXPECT_TRUE(IsSolutionOf(puzzle, sure.solution));
    }
    EXPECT_GT(tried, 5);
}

bool Lists(const std::vector<int>& cells, int cell) {
    return std::find(cells.begin(), cells.end(), cell) != cells.end();
}

// A hand-written entry is the person's, right or wrong: it is judged from what was read, never
// from the solution of the printed digits. Read doubtfully between a wrong digit and the
// solution's, the entry is unsure; read confidently as a digit the solution does not have, it is
// a mistake, kept as read.
TEST(ReadingRepair, HandWrittenEntriesAreJudgedFromWhatWasRead) {
    const auto empty = FirstEmptyCellOfAPuzzle();
    if (!empty) GTEST_SKIP() << "no puzzle list at " << kPuzzles;
    const auto& [puzzle, cell, truth] = *empty;
    const int wrong = truth % 9 + 1, other = wrong % 9 + 1;
    ASSERT_NE(other, truth);
    auto cells = SureReadings(puzzle);
    cells[cell].guesses = {{wrong, true, 0.7f}, {truth, true, 0.2f}, {other, true, 0.05f}};
    const RepairedReading doubtful = RepairReading(cells, puzzle.geometry());
    ASSERT_EQ(doubtful.verdict, RepairVerdict::Unique);
    EXPECT_EQ(doubtful.unsure, std::vector<int>{cell});  // its digit a guess, not a verdict
    EXPECT_TRUE(doubtful.mistakes.empty());
    EXPECT_EQ(doubtful.givens, puzzle);

    cells[cell].guesses = {{wrong, true, 0.7f}, {other, true, 0.2f}};
    const RepairedReading mistaken = RepairReading(cells, puzzle.geometry());
    ASSERT_EQ(mistaken.verdict, RepairVerdict::Unique);
    EXPECT_EQ(mistaken.handwritten.value(cell), wrong);  // read as written, not erased
    EXPECT_EQ(mistaken.mistakes, std::vector<int>{cell});
    EXPECT_TRUE(mistaken.unsure.empty());

    cells[cell].guesses = {{truth, true, 0.93f}, {wrong, true, 0.05f}};
    const RepairedReading right = RepairReading(cells, puzzle.geometry());
    EXPECT_EQ(right.handwritten.value(cell), truth);
    EXPECT_TRUE(right.mistakes.empty());
    EXPECT_TRUE(right.unsure.empty());
}

// The person's mistake that breaks a unit, read with the solution's digit as its second guess, as
// the old repair did: the solution of the printed digits made the entry "right". It is unsure now,
// never right.
TEST(ReadingRepair, AMistakeIsNeverMadeRightByTheRepair) {
    const auto empty = FirstEmptyCellOfAPuzzle();
    if (!empty) GTEST_SKIP() << "no puzzle list at " << kPuzzles;
    const auto& [puzzle, cell, truth] = *empty;
    const Geometry& g = puzzle.geometry();
    // A digit of the cell's own row: a duplicate the first reading cannot keep.
    int clash = 0;
    for (int other : g.unitCells(g.rowUnit(g.row(cell))))
        if (puzzle.value(other)) clash = puzzle.value(other);
    ASSERT_NE(clash, 0);
    auto cells = SureReadings(puzzle);
    cells[cell].guesses = {{clash, true, 0.6f}, {truth, true, 0.35f}};
    const RepairedReading r = RepairReading(cells, g);
    ASSERT_EQ(r.verdict, RepairVerdict::Unique);
    EXPECT_TRUE(Lists(r.unsure, cell) || Lists(r.mistakes, cell));
}

// A mark the classifier cannot name (its first guess weak, empty paper among its guesses) is more
// likely a smudge than an entry: it stays empty rather than become the solution's digit.
TEST(ReadingRepair, AWeakHandWrittenReadingThatMayBePaperStaysEmpty) {
    const auto empty = FirstEmptyCellOfAPuzzle();
    if (!empty) GTEST_SKIP() << "no puzzle list at " << kPuzzles;
    const auto& [puzzle, cell, truth] = *empty;
    const int wrong = truth % 9 + 1;
    auto cells = SureReadings(puzzle);
    // As a smudge on a held-out photo was read: two digits near 0.3, empty paper third.
    cells[cell].guesses = {{wrong, true, 0.32f}, {truth, true, 0.26f}, {0, false, 0.11f}};
    const RepairedReading r = RepairReading(cells, puzzle.geometry());
    ASSERT_EQ(r.verdict, RepairVerdict::Unique);
    EXPECT_EQ(r.handwritten.value(cell), 0);
    EXPECT_EQ(r.givens, puzzle);
    EXPECT_TRUE(r.unsure.empty());

    // A confident reading of the same cell is an entry, unsure between the two digits.
    cells[cell].guesses = {{wrong, true, 0.6f}, {truth, true, 0.3f}, {0, false, 0.05f}};
    const RepairedReading entry = RepairReading(cells, puzzle.geometry());
    EXPECT_NE(entry.handwritten.value(cell), 0);
    EXPECT_EQ(entry.unsure, std::vector<int>{cell});
}

// Two clues whose removal leaves the puzzle unique: printed digits a reader could take for
// hand-writing and still solve the puzzle without.
std::optional<std::pair<int, int>> TwoRemovableClues(const Board& puzzle) {
    for (int a = 0; a < puzzle.cellCount(); ++a)
        for (int b = a + 1; b < puzzle.cellCount(); ++b) {
            if (puzzle.isEmpty(a) || puzzle.isEmpty(b)) continue;
            Board without = puzzle;
            without.clear(a);
            without.clear(b);
            if (CountSolutions(without, 2).count == 1) return std::pair{a, b};
        }
    return std::nullopt;
}

// Printed digits misread as hand-writing (as in a deep shadow): the printed digits left still
// have one solution, but every cell read as hand-writing disagrees with it and is read
// doubtfully. That solution came from a puzzle missing clues a misreading took away: not given.
TEST(ReadingRepair, HandWritingThatAllDisagreesDoubtfullyIsNotSolved) {
    const auto puzzles = NewspaperPuzzles();
    if (puzzles.empty()) GTEST_SKIP() << "no puzzle list at " << kPuzzles;
    const Board& puzzle = puzzles.front();
    const auto clues = TwoRemovableClues(puzzle);
    ASSERT_TRUE(clues);
    auto cells = SureReadings(puzzle);
    for (int cell : {clues->first, clues->second}) {
        const int wrong = puzzle.value(cell) % 9 + 1, other = wrong % 9 + 1;
        cells[cell].guesses = {{wrong, true, 0.45f}, {other, true, 0.3f}};
    }
    const RepairedReading doubtful = RepairReading(cells, puzzle.geometry());
    EXPECT_EQ(doubtful.verdict, RepairVerdict::Doubtful);
    EXPECT_EQ(doubtful.solution.filledCount(), 0);
    EXPECT_TRUE(doubtful.mistakes.empty() && doubtful.unsure.empty());

    // One of them listing its printed digit as a likely second guess agrees with the solution:
    // a person's entries, one unsure, and the puzzle solved.
    cells[clues->first].guesses[1] = {puzzle.value(clues->first), true, 0.3f};
    const RepairedReading entries = RepairReading(cells, puzzle.geometry());
    EXPECT_EQ(entries.verdict, RepairVerdict::Unique);
    EXPECT_EQ(entries.solution, CountSolutions(puzzle, 2).solution);
}

// A clue the puzzle needs (without it there are several solutions) and another digit that, in its
// place, gives a puzzle with one solution too: what a printed digit misread makes.
struct NeededClue {
    Board puzzle;
    int cell = 0;
    int other = 0;
};

std::optional<NeededClue> ANeededClueWithAnotherPuzzle(const std::vector<Board>& puzzles) {
    for (const Board& puzzle : puzzles)
        for (int cell = 0; cell < puzzle.cellCount(); ++cell) {
            if (puzzle.isEmpty(cell)) continue;
            Board changed = puzzle;
            changed.clear(cell);
            if (CountSolutions(changed, 2).count == 1) continue;
            for (int other = 1; other <= 9; ++other) {
                if (other == puzzle.value(cell)) continue;
                changed.set(cell, other);
                if (CountSolutions(changed, 2).count == 1) return NeededClue{puzzle, cell, other};
            }
        }
    return std::nullopt;
}

// A printed digit the puzzle needs, read as hand-writing of another digit (out of focus, image209
// read a printed 9 as a hand-written 8 at 0.45, 9 at 0.28): the printed digits alone have several
// solutions, so the entries are clues, and the doubtful one's second digit gives another solution.
// The reading is a guess, not solved. Read surely, the same cell makes the puzzle and is solved.
TEST(ReadingRepair, AnEntryThePuzzleNeedsIsWeighedAsAClue) {
    const auto clue = ANeededClueWithAnotherPuzzle(NewspaperPuzzles());
    if (!clue) GTEST_SKIP() << "no puzzle list at " << kPuzzles;
    const int truth = clue->puzzle.value(clue->cell);
    auto cells = SureReadings(clue->puzzle);
    cells[clue->cell].guesses = {{clue->other, true, 0.45f}, {truth, true, 0.28f}};
    const RepairedReading doubtful = RepairReading(cells, clue->puzzle.geometry());
    EXPECT_EQ(doubtful.verdict, RepairVerdict::Ambiguous);
    EXPECT_EQ(doubtful.solution.filledCount(), 0);

    cells[clue->cell].guesses = {{truth, true, 0.97f}, {clue->other, true, 0.02f}};
    const RepairedReading sure = RepairReading(cells, clue->puzzle.geometry());
    EXPECT_EQ(sure.verdict, RepairVerdict::Unique);
    EXPECT_EQ(sure.solution, CountSolutions(clue->puzzle, 2).solution);
}

// A printed digit misread into one that breaks a rule, whose only correction is the digit a
// person's entry beside it holds (out of focus, image177: a printed 1 read as 9, corrected to 8
// beside an 8 read as hand-writing): the correction makes the entry wrong, and the print is the
// likelier misreading. Not solved. An entry holding the solution's digit there clashes with
// nothing, and the correction is kept.
TEST(ReadingRepair, ACorrectionThatAnEntryBesideItRepeatsIsNotSolved) {
    const auto clue = ANeededClueWithAnotherPuzzle(NewspaperPuzzles());
    if (!clue) GTEST_SKIP() << "no puzzle list at " << kPuzzles;
    const Board& puzzle = clue->puzzle;
    const Geometry& geometry = puzzle.geometry();
    const auto peers = geometry.peers(clue->cell);
    const auto given =
        std::find_if(peers.begin(), peers.end(), [&](int peer) { return !puzzle.isEmpty(peer); });
    const auto empty =
        std::find_if(peers.begin(), peers.end(), [&](int peer) { return puzzle.isEmpty(peer); });
    ASSERT_TRUE(given != peers.end() && empty != peers.end());
    Board corrected = puzzle;
    corrected.set(clue->cell, clue->other);
    const Board correctedSolution = CountSolutions(corrected, 2).solution;

    auto cells = SureReadings(puzzle);
    // Read as its printed neighbour's digit (breaking the rules), the other digit second.
    cells[clue->cell].guesses = {
        {puzzle.value(*given), false, 0.6f}, {clue->other, false, 0.3f}, {0, false, 0.005f}};
    cells[*empty].guesses = {{clue->other, true, 0.95f}};
    const RepairedReading clash = RepairReading(cells, geometry);
    EXPECT_EQ(clash.verdict, RepairVerdict::Clash);
    EXPECT_EQ(clash.solution.filledCount(), 0);

    cells[*empty].guesses = {{correctedSolution.value(*empty), true, 0.95f}};
    const RepairedReading kept = RepairReading(cells, geometry);
    EXPECT_EQ(kept.verdict, RepairVerdict::Unique);
    EXPECT_EQ(kept.solution, correctedSolution);
    EXPECT_EQ(kept.changed, std::vector<int>{clue->cell});
}

// A digit read doubtfully leaves most of its cell's probability unlisted. Erasing it costs what
// the classifier said of empty paper when it said so, not everything its guesses leave over.
TEST(ReadingRepair, ErasingADigitCostsWhatTheClassifierSaidOfEmptyPaper) {
    const auto empty = FirstEmptyCellOfAPuzzle();
    if (!empty) GTEST_SKIP() << "no puzzle list at " << kPuzzles;
    const auto& [puzzle, cell, truth] = *empty;
    const Geometry& g = puzzle.geometry();
    int clash = 0;  // a digit of the cell's own row: a reading the repair must change
    for (int other : g.unitCells(g.rowUnit(g.row(cell))))
        if (puzzle.value(other)) clash = puzzle.value(other);
    ASSERT_NE(clash, 0);
    auto cells = SureReadings(puzzle);
    cells[cell].guesses = {{clash, false, 0.4f}};
    const RepairedReading leftOver = RepairReading(cells, g);
    ASSERT_EQ(leftOver.verdict, RepairVerdict::Unique);  // empty took the 0.6 left over
    EXPECT_EQ(leftOver.givens, puzzle);

    cells[cell].unlistedEmpty = 1e-6f;  // the classifier saw ink, not paper
    const RepairedReading sure = RepairReading(cells, g);
    EXPECT_EQ(sure.verdict, RepairVerdict::NoSolution);
    EXPECT_EQ(sure.solution.filledCount(), 0);
}

TEST(ReadingRepair, NeverInventsASolution) {
    const auto puzzles = NewspaperPuzzles();
    if (puzzles.empty()) GTEST_SKIP() << "no puzzle list at " << kPuzzles;
    Board broken = puzzles.front();
    // Two equal digits in row 1 and no alternative reading offered.
    int a = 0, b = 1;
    broken.set(a, 5);
    broken.set(b, 5);
    const RepairedReading r = RepairReading(SureReadings(broken), broken.geometry());
    EXPECT_EQ(r.verdict, RepairVerdict::NoSolution);
    EXPECT_EQ(r.solution.filledCount(), 0);
    EXPECT_TRUE(r.changed.empty());
    EXPECT_EQ(r.givens, broken);  // reported as read

    // Too few digits: many solutions, reported as such.
    Board sparse(broken.geometry());
    sparse.set(0, 1);
    const RepairedReading m = RepairReading(SureReadings(sparse), sparse.geometry());
    EXPECT_EQ(m.verdict, RepairVerdict::Multiple);
    EXPECT_EQ(m.solution.filledCount(), 0);
}

TEST(ReadingRepair, RejectsReadingsOfTheWrongShape) {
    const Geometry g(3, 3);
    EXPECT_THROW(RepairReading(std::vector<CellReading>(80, CellReading{{{0, false, 1}}}), g),
                 std::invalid_argument);
    EXPECT_THROW(RepairReading(std::vector<CellReading>(81, CellReading{{{10, false, 1}}}), g),
                 std::invalid_argument);
}

// ---- finding the grid in real photos --------------------------------------------------------

TEST(GridDetection, CornersMatchTheOutlines) {
    const auto outlines = Outlines();
    if (outlines.empty()) GTEST_SKIP() << "no dataset at " << kDataset;
    int close = 0, total = 0;
    for (const auto& [name, truth] : outlines) {
        const fs::path photo = kDataset / "printed" / name;
        if (!fs::exists(photo)) continue;
        ++total;
        const GrayForReading decoded = DecodeGrayForReading(FileBytes(photo), 640);
        ASSERT_TRUE(decoded) << name << ": " << decoded.error;
        const auto found = DetectGrid(decoded.gray);
        if (!found) continue;
        Quad corners = RefineLattice(decoded.gray, found->corners, 9).corners();
        for (auto& p : corners)
            p *= 1 / decoded.scale;
        const double side = cv::norm(truth[1] - truth[0]);
        const double error = CornerError(corners, truth);
        if (error <= 0.03 * side)
            ++close;
        else
            std::cout << "  corners of " << name << " off by " << error << " px\n";
    }
    // Measured: 152 of 159 within 3% of the grid side. The misses are outlines drawn around
    // the border's outer edge, or a grid edge cut by a fold.
    EXPECT_GE(close, 151) << "of " << total;
}

// image1049's filled-in copy saved again as a phone would (JPEG 92): its grid's outline runs into
// the column rule beside it and is no contour of its own any more, and a strip of the page was
// taken for the grid (gridness 0.38). Its boxes, closed by the thick lines, still are contours:
// the grid carried out from one of them is found where the hand-made outline is, and read.
TEST(GridDetection, AGridWhoseOutlineRunsIntoOtherPrintIsFoundFromItsBoxes) {
    const fs::path photo = kDataset / "mixed" / "image1049.jpg";
    const auto outlines = Outlines();
    if (!fs::exists(photo) || !outlines.count("image1049.jpg"))
        GTEST_SKIP() << "no dataset at " << kDataset;
    const std::vector<std::uint8_t> saved = Jpeg92(cv::imread(photo.string()));
    const GrayForReading decoded = DecodeGrayForReading(saved, 640);
    ASSERT_TRUE(decoded) << decoded.error;
    const auto found = DetectWholeOrCutGrid(decoded.gray);
    ASSERT_TRUE(found);
    Quad corners = RefineLattice(decoded.gray, found->corners, 9).corners();
    for (auto& p : corners)
        p *= 1 / decoded.scale;
    const Quad& truth = outlines.at("image1049.jpg");
    EXPECT_LE(CornerError(corners, truth), 0.03 * cv::norm(truth[1] - truth[0]));
    if (!CnnModelAvailable()) GTEST_SKIP() << "no digit model";
    const Reading r = ReadSudoku(saved);
    EXPECT_EQ(r.status, ReadStatus::Solved) << r.message;
    EXPECT_TRUE(SolutionAgrees(r, DatDigits(kDataset / "mixed" / "image1049.dat")));
}

// ---- the one-call reader ----------------------------------------------------------------------

// A page of text, rules and a framed box of prose, but no grid.
cv::Mat PageWithoutGrid() {
    cv::Mat page(900, 1200, CV_8UC3, cv::Scalar(235, 235, 230));
    cv::RNG rng(7);
    for (int y = 60; y < 860; y += 28) {
        std::string text;
        for (int w = 0; w < 9; ++w)
            text += std::string(3 + rng.uniform(0, 6), 'a' + rng.uniform(0, 26)) + " ";
        cv::putText(page, text, {40, y}, cv::FONT_HERSHEY_SIMPLEX, 0.7, cv::Scalar(30, 30, 30), 2);
    }
    cv::rectangle(page, cv::Rect(650, 200, 450, 450), cv::Scalar(20, 20, 20), 4);
    for (int y = 150; y < 900; y += 250)
        cv::line(page, {20, y}, {1180, y}, cv::Scalar(0, 0, 0), 3);
    cv::GaussianBlur(page, page, {3, 3}, 0);
    return page;
}

TEST(Reader, PageWithoutAGridIsNotFound) {
    const Reading r = ReadSudoku(PageWithoutGrid());
    EXPECT_EQ(r.status, ReadStatus::NotFound) << r.message;
    EXPECT_FALSE(r.found());
    EXPECT_FALSE(r.message.empty());
    EXPECT_EQ(r.solution.filledCount(), 0);
}

TEST(Reader, CorruptOrMissingFilesAreErrors) {
    std::vector<std::uint8_t> corrupt{0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10};
    for (int i = 0; i < 4000; ++i)
        corrupt.push_back(static_cast<std::uint8_t>(i * 7919 % 251));
    const Reading r = ReadSudoku(corrupt);
    EXPECT_EQ(r.status, ReadStatus::Error);
    EXPECT_FALSE(r.message.empty());
    EXPECT_EQ(ReadSudoku(std::span<const std::uint8_t>()).status, ReadStatus::Error);
    const Reading missing = ReadSudokuFile("/nonexistent/photo.jpg");
    EXPECT_EQ(missing.status, ReadStatus::Error);
    EXPECT_NE(missing.message.find("/nonexistent/photo.jpg"), std::string::npos);
}

TEST(Reader, RejectsImagesItCannotUse) {
    EXPECT_THROW(ReadSudoku(cv::Mat()), std::invalid_argument);
    EXPECT_THROW(ReadSudoku(cv::Mat(20, 20, CV_8UC3)), std::invalid_argument);
    EXPECT_THROW(ReadSudoku(cv::Mat(100, 100, CV_32FC1)), std::invalid_argument);
}

// ---- reading real photos end to end (needs the trained model) ------------------------------

const fs::path kSamples = fs::path(SUDOKU_SOURCE_DIR) / "samples";

// Givens and hand-written digits of a reading, one board.
std::vector<int> DigitsRead(const Reading& r) {
    std::vector<int> digits(r.givens.cellCount());
    for (int cell = 0; cell < r.givens.cellCount(); ++cell)
        digits[cell] = r.givens.value(cell) ? r.givens.value(cell) : r.handwritten.value(cell);
    return digits;
}

bool ModelAvailable() {
    try {
        LoadClassifier(Engine::Cnn);
        return true;
    } catch (const std::exception& e) {
        std::cout << "  no CNN model: " << e.what() << "\n";
        return false;
    }
}

TEST(Reader, SolvesTheSamplePhoto) {
    if (!ModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    const Reading r = ReadSudokuFile(kSamples / "newspaper.jpg");
    ASSERT_EQ(r.status, ReadStatus::Solved) << r.message;
    EXPECT_EQ(DigitsRead(r), DatDigits(kSamples / "newspaper.dat"));
    EXPECT_TRUE(IsSolutionOf(r.givens, r.solution));
    EXPECT_EQ(r.handwritten.filledCount(), 0);
}

TEST(Reader, TurnedPhotoReadsTheSameBoard) {
    if (!ModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    const DecodedImage photo = DecodeImageFile(kSamples / "newspaper.jpg");
    ASSERT_TRUE(photo) << photo.error;
    const Reading upright = ReadSudoku(photo.image);
    ASSERT_EQ(upright.status, ReadStatus::Solved) << upright.message;
    for (auto turn : {cv::ROTATE_90_CLOCKWISE, cv::ROTATE_180, cv::ROTATE_90_COUNTERCLOCKWISE}) {
        cv::Mat turned;
        cv::rotate(photo.image, turned, turn);
        const Reading r = ReadSudoku(turned);
        ASSERT_EQ(r.status, ReadStatus::Solved) << "turn " << turn << ": " << r.message;
        EXPECT_EQ(r.givens, upright.givens) << "turn " << turn;
        // The board's top-left corner is the same paper corner, wherever the photo put it.
        const cv::Point2f tl = upright.corners[0];
        const int w = photo.image.cols, h = photo.image.rows;
        const cv::Point2f expected =
            turn == cv::ROTATE_90_CLOCKWISE ? cv::Point2f(h - 1 - tl.y, tl.x)
            : turn == cv::ROTATE_180        ? cv::Point2f(w - 1 - tl.x, h - 1 - tl.y)
                                            : cv::Point2f(tl.y, w - 1 - tl.x);
        EXPECT_LT(cv::norm(r.corners[0] - expected), 0.02 * w) << "turn " << turn;
    }
}

// The CNN, but sure of every digit it reads, whichever way up the grid is: a classifier whose
// confidence does not tell a turned grid from an upright one.
class OverconfidentClassifier final : public CellClassifier {
public:
    std::string_view name() const override { return "overconfident"; }
    std::vector<CellReading> classify(const WarpedGrid& grid) const override {
        std::vector<CellReading> cells = cnn_->classify(grid);
        for (auto& cell : cells)
            if (cell.best().digit) cell.guesses = {{cell.best().digit, false, 1.0f}};
        return cells;
    }

private:
    std::shared_ptr<const CellClassifier> cnn_ = LoadClassifier(Engine::Cnn);
};

TEST(Reader, AConfidentReadingTheSolverRejectsIsTriedTurned) {
    if (!ModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    const DecodedImage photo = DecodeImageFile(kSamples / "newspaper.jpg");
    ASSERT_TRUE(photo) << photo.error;
    cv::Mat upsideDown;
    cv::rotate(photo.image, upsideDown, cv::ROTATE_180);
    ReaderOptions options;
    options.classifier = std::make_shared<OverconfidentClassifier>();
    // As it stands the grid looks upright to this classifier, and its digits upside down break
    // the rules: the reader must not stop there.
    const Reading r = ReadSudoku(upsideDown, options);
    ASSERT_EQ(r.status, ReadStatus::Solved) << r.message;
    EXPECT_EQ(DigitsRead(r), DatDigits(kSamples / "newspaper.dat"));
}

// Measured on the 32 held-out photos (models/holdout.txt) with the width-16 CNN: 32 read exactly,
// 32 solved, no digit invented, corners of 31 of 31 outlined photos within 3%.
constexpr int kMinExact = 31, kMinSolved = 31, kMaxInvented = 0, kMinCornersClose = 30;

TEST(Reader, ReadsTheHeldOutPhotos) {
    if (!ModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    std::ifstream list(fs::path(SUDOKU_SOURCE_DIR) / "models" / "holdout.txt");
    if (!fs::exists(kDataset / "printed")) GTEST_SKIP() << "no dataset at " << kDataset;
    const auto outlines = Outlines();
    int photos = 0, exact = 0, solved = 0, invented = 0, cornersClose = 0, outlined = 0;
    std::string name;
    while (list >> name) {
        const fs::path photo = kDataset / "printed" / name;
        if (!fs::exists(photo)) continue;
        ++photos;
        const Reading r = ReadSudokuFile(photo);
        const std::vector<int> truth = DatDigits(fs::path(photo).replace_extension(".dat"));
        if (!r.found()) {
            std::cout << "  " << name << ": " << ReadStatusId(r.status) << "\n";
            continue;
        }
        const std::vector<int> read = DigitsRead(r);
        exact += read == truth;
        solved += r.status == ReadStatus::Solved;
        for (std::size_t cell = 0; cell < truth.size(); ++cell) {
            invented += truth[cell] == 0 && read[cell] != 0;
            if (read[cell] != truth[cell])
                std::cout << "  " << name << " " << r.givens.geometry().cellName(int(cell))
                          << " read " << read[cell] << " expected " << truth[cell] << "\n";
        }
        if (auto it = outlines.find(name); it != outlines.end()) {
            ++outlined;
            cornersClose += CornerError(r.corners, it->second) <=
                            0.03 * cv::norm(it->second[1] - it->second[0]);
        }
    }
    ASSERT_GT(photos, 0) << "no held-out photo found";
    std::cout << "  " << exact << " of " << photos << " read exactly, " << solved << " solved, "
              << invented << " digits invented, corners close " << cornersClose << " of "
              << outlined << "\n";
    EXPECT_GE(exact, kMinExact);
    EXPECT_GE(solved, kMinSolved);
    EXPECT_LE(invented, kMaxInvented);
    EXPECT_GE(cornersClose, kMinCornersClose);
}

// The held-out photos turned a quarter, a half or three quarters (in turn): the reader finds
// which way up the digits stand. Measured with the pair of width-16 networks: 31 of 32 read
// exactly; image1087 turned a half has a grid found a row short. Before the orientation probe
// weighed ink against the grid's own contrast, 25 of 32: the six dim 640x480 photos showed it no
// ink at all and were read as they stood.
constexpr int kMinTurnedExact = 31;

TEST(Reader, ReadsTheHeldOutPhotosTurned) {
    if (!ModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    std::ifstream list(fs::path(SUDOKU_SOURCE_DIR) / "models" / "holdout.txt");
    if (!fs::exists(kDataset / "printed")) GTEST_SKIP() << "no dataset at " << kDataset;
    const cv::RotateFlags turns[] = {cv::ROTATE_90_CLOCKWISE, cv::ROTATE_180,
                                     cv::ROTATE_90_COUNTERCLOCKWISE};
    int photos = 0, exact = 0;
    std::string name;
    while (list >> name) {
        const fs::path photo = kDataset / "printed" / name;
        if (!fs::exists(photo)) continue;
        const DecodedImage decoded = DecodeImageFile(photo);
        ASSERT_TRUE(decoded) << name << ": " << decoded.error;
        cv::Mat turned;
        cv::rotate(decoded.image, turned, turns[photos++ % 3]);
        const Reading r = ReadSudoku(turned);
        const std::vector<int> truth = DatDigits(fs::path(photo).replace_extension(".dat"));
        const bool right = r.found() && DigitsRead(r) == truth;
        exact += right;
        if (!right) std::cout << "  " << name << " turned: " << ReadStatusId(r.status) << "\n";
    }
    ASSERT_GT(photos, 0) << "no held-out photo found";
    std::cout << "  " << exact << " of " << photos << " turned photos read exactly\n";
    EXPECT_GE(exact, kMinTurnedExact);
}

// The same photos with every empty cell filled in by hand. Measured with the pair of width-16
// networks and unsure hand-writing re-read centred: 32 of 32 solved, 31 of 32 read exactly, 1670
// of 1684 hand-written cells read as the right digit and as hand-written, 1 printed digit read as
// hand-written (not centred: 30 exact, 1669; the single width-16 network before the pair: 32
// solved, 28 exact, 1671; the width-8 one: 29 solved, 1640). Since hand-written digits are no
// longer read as the solution's digit when the classifier reads another with confidence (the check
// of entries must not hide a mistake), image1007's two confidently misread entries count: 30 exact.
constexpr int kMinMixedSolved = 32, kMinMixedExact = 30, kMinHandwrittenRight = 1667;

TEST(Reader, ReadsHandwrittenDigitsOfTheHeldOutPhotos) {
    if (!ModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    std::ifstream list(fs::path(SUDOKU_SOURCE_DIR) / "models" / "holdout.txt");
    if (!fs::exists(kDataset / "mixed")) GTEST_SKIP() << "no dataset at " << kDataset;
    int photos = 0, solved = 0, exact = 0, handwritten = 0, handwrittenRight = 0, printedWrong = 0;
    std::string name;
    while (list >> name) {
        const fs::path photo = kDataset / "mixed" / name;
        if (!fs::exists(photo)) continue;
        ++photos;
        const Reading r = ReadSudokuFile(photo);
        const auto truth = DatDigits(fs::path(photo).replace_extension(".dat"));
        const auto printed =
            DatDigits(kDataset / "printed" / fs::path(name).replace_extension(".dat"));
        solved += r.status == ReadStatus::Solved;
        if (r.status == ReadStatus::Solved) {
            EXPECT_TRUE(IsSolutionOf(r.givens, r.solution)) << name;
        }
        // Exact as `sudokucam eval` counts it: every digit right, whichever kind it was read as.
        bool allRight = true;
        for (std::size_t cell = 0; cell < truth.size(); ++cell) {
            const int c = static_cast<int>(cell);
            allRight &= std::max(r.givens.value(c), r.handwritten.value(c)) == truth[cell];
            if (printed[cell]) {
                printedWrong += r.givens.value(c) != printed[cell];
            } else {
                ++handwritten;
                handwrittenRight += r.handwritten.value(c) == truth[cell];
            }
        }
        exact += allRight;
    }
    ASSERT_GT(photos, 0) << "no held-out photo found";
    std::cout << "  " << solved << " of " << photos << " solved, " << exact
              << " exact, hand-written right " << handwrittenRight << " of " << handwritten
              << ", printed wrong " << printedWrong << "\n";
    EXPECT_GE(solved, kMinMixedSolved);
    EXPECT_GE(exact, kMinMixedExact);
    EXPECT_GE(handwrittenRight, kMinHandwrittenRight);
    EXPECT_LE(printedWrong, 2);
}

// A grid with every cell filled in by hand (hand-writing over and across its lines) is found and
// its lattice fitted where the same photo's empty grid is: all training photos, both versions.
TEST(GridDetection, FilledInGridsAreFoundWhereTheEmptyOnesAre) {
    if (!fs::exists(kDataset / "mixed")) GTEST_SKIP() << "no dataset at " << kDataset;
    int photos = 0, found = 0, compared = 0, same = 0;
    for (const auto& entry : fs::directory_iterator(kDataset / "mixed")) {
        const fs::path empty = kDataset / "printed" / entry.path().filename();
        if (entry.path().extension() != ".jpg" || !fs::exists(empty)) continue;
        ++photos;
        const GrayForReading filled = DecodeGrayForReading(FileBytes(entry.path()), 640);
        const GrayForReading plain = DecodeGrayForReading(FileBytes(empty), 640);
        ASSERT_TRUE(filled && plain) << entry.path();
        const auto grid = DetectGrid(filled.gray);
        if (!grid) {
            std::cout << "  no grid in " << entry.path().filename() << "\n";
            continue;
        }
        ++found;
        const auto plainGrid = DetectGrid(plain.gray);
        // Some filled-in copies lost the EXIF turn of their empty original: nothing to compare.
        if (!plainGrid || filled.gray.size() != plain.gray.size()) continue;
        ++compared;
        const Quad corners = RefineLattice(filled.gray, grid->corners, 9).corners();
        const Quad truth = RefineLattice(plain.gray, plainGrid->corners, 9).corners();
        const double error = CornerError(corners, truth);
        if (error <= 0.03 * cv::norm(truth[1] - truth[0]))
            ++same;
        else
            std::cout << "  filled-in " << entry.path().filename() << " off by " << error
                      << " px\n";
    }
    ASSERT_GT(photos, 0) << "no filled-in photo found";
    std::cout << "  " << found << " of " << photos << " found, " << same << " of " << compared
              << " where the empty grid is\n";
    // Measured: 159 of 159 found (152 before the lines were told from the digits), 152 of 153
    // within 3% of the empty grid's corners (image1083's two copies are framed differently).
    EXPECT_GE(found, 158);
    EXPECT_GE(same, 151);
}

}  // namespace
}  // namespace sudoku
