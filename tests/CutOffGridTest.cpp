// A grid the photo's edge cuts through: the held-out photos cropped so the frame cuts the
// grid's outer line and part of its first (or last) row or column, or turned at a slant in their
// own frame so that it cuts a corner off, as people hold phones. The
// cells in view are read, the cut ones are listed and never guessed, and the puzzle is solved
// when the digits in view allow only one solution.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <span>
#include <string>
#include <vector>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "tests/TrainingPhotos.h"
#include "vision/classifying/ClassifierLoader.h"
#include "vision/reading/ReadSudoku.h"

namespace sudoku {
namespace {

namespace fs = std::filesystem;

// The part of the photo kept when its `side` edge (0 top, 1 right, 2 bottom, 3 left) is moved to
// run `depth` of a cell inside the grid's outline: the outer line and that much of the first row
// or column gone.
cv::Rect KeptThroughGrid(cv::Size photo, const std::array<cv::Point2f, 4>& outline, int side,
                         float depth) {
    const float cellW = (outline[1].x - outline[0].x + outline[2].x - outline[3].x) / 18;
    const float cellH = (outline[3].y - outline[0].y + outline[2].y - outline[1].y) / 18;
    cv::Rect keep(0, 0, photo.width, photo.height);
    switch (side) {
        case 0: {
            const int y = cvRound(std::max(outline[0].y, outline[1].y) + depth * cellH);
            keep = cv::Rect(0, y, photo.width, photo.height - y);
            break;
        }
        case 1:
            keep.width = cvRound(std::min(outline[1].x, outline[2].x) - depth * cellW);
            break;
        case 2:
            keep.height = cvRound(std::min(outline[2].y, outline[3].y) - depth * cellH);
            break;
        default: {
            const int x = cvRound(std::max(outline[0].x, outline[3].x) + depth * cellW);
            keep = cv::Rect(x, 0, photo.width - x, photo.height);
        }
    }
    return keep & cv::Rect(0, 0, photo.width, photo.height);
}

// The photo cropped through the grid on each of `sides`.
cv::Mat CropThroughGrid(const cv::Mat& photo, const std::array<cv::Point2f, 4>& outline,
                        std::initializer_list<int> sides, float depth) {
    cv::Rect keep(0, 0, photo.cols, photo.rows);
    for (int side : sides)
        keep &= KeptThroughGrid(photo.size(), outline, side, depth);
    return photo(keep).clone();
}

// The cells of the outer row or column on `side` (0 top, 1 right, 2 bottom, 3 left) of the
// upright board.
std::vector<int> OuterLine(int side) {
    std::vector<int> cells;
    for (int k = 0; k < 9; ++k)
        cells.push_back(side == 0 ? k : side == 1 ? k * 9 + 8 : side == 2 ? 72 + k : k * 9);
    return cells;
}

// Whether the cells left unread all lie on one outer line (`corner` false), or on two outer lines
// that meet at a corner (true): the ones the crop went through (the board is read upright, and an
// EXIF-turned photo's upright top is another side of its pixels).
bool OnTheCutLines(const std::vector<int>& cells, bool corner) {
    for (int side = 0; side < 4; ++side) {
        std::vector<int> lines = OuterLine(side);
        if (corner) {
            const std::vector<int> next = OuterLine((side + 1) % 4);
            lines.insert(lines.end(), next.begin(), next.end());
        }
        if (std::all_of(cells.begin(), cells.end(), [&](int c) {
                return std::find(lines.begin(), lines.end(), c) != lines.end();
            }))
            return true;
    }
    return false;
}

struct CutTally {
    int photos = 0, found = 0, inViewRight = 0, solved = 0, solvedRight = 0, invented = 0;
    int cutListed = 0;
    int doubtedWrong = 0, doubtedRight = 0;  // uncertain lattices: boards misread, read right
};

// How the frame cuts the grid: a third of a cell into it on one side, on two sides that meet at a
// corner, or the photo turned in its own frame so that the frame cuts a corner or two off.
enum class Cut { Side, Corner, Turned };

// The photo turned by `degrees` (counterclockwise) about its centre in its own frame, its edges'
// pixels carried out into the corners the turn leaves empty, as a phone held at a slant frames a
// page that fills the photo.
cv::Mat TurnedInItsFrame(const cv::Mat& photo, double degrees) {
    const cv::Point2f centre(static_cast<float>(photo.cols) / 2,
                             static_cast<float>(photo.rows) / 2);
    cv::Mat turned;
    cv::warpAffine(photo, turned, cv::getRotationMatrix2D(centre, degrees, 1.0), photo.size(),
                   cv::INTER_LINEAR, cv::BORDER_REPLICATE);
    return turned;
}

// Cut k of the held-out photos: side or corner k % 4 (top, right, bottom, left; the top-right,
// bottom-right, bottom-left and top-left corners), or turned 20 degrees one way or the other.
cv::Mat CutPhoto(const cv::Mat& photo, const std::array<cv::Point2f, 4>& outline, Cut cut,
                 std::size_t k) {
    const int side = static_cast<int>(k % 4);
    switch (cut) {
        case Cut::Side:
            return CropThroughGrid(photo, outline, {side}, 0.35f);
        case Cut::Corner:
            return CropThroughGrid(photo, outline, {side, (side + 1) % 4}, 0.35f);
        case Cut::Turned:
            break;
    }
    return TurnedInItsFrame(photo, k % 2 == 0 ? 20 : -20);
}

// Reads each held-out photo with an outline cut (CutPhoto) and tallies what was read against the
// truth. A solution given for a board not read right fails the test. A turned grid's cells left
// unread may lie at any corner: they are counted as listed wherever they are.
CutTally ReadCutPhotos(Cut cut) {
    const auto outlines = TrainingOutlines();
    const std::vector<std::string> names = HeldOutNames();
    CutTally t;
    for (std::size_t k = 0; k < names.size(); ++k) {
        const auto outline = outlines.find(names[k]);
        const fs::path path = kDataset / "printed" / names[k];
        const cv::Mat photo = cv::imread(path.string());
        const auto truth = DatDigits(fs::path(path).replace_extension(".dat"));
        if (outline == outlines.end() || photo.empty() || truth.size() != 81) continue;
        const cv::Mat cropped = CutPhoto(photo, outline->second, cut, k);
        const std::string what = names[k] +
                                 (cut == Cut::Side     ? " cut on side "
                                  : cut == Cut::Corner ? " cut at corner "
                                                       : " turned, case ") +
                                 std::to_string(k % 4);
        ++t.photos;
        std::vector<std::uint8_t> jpeg;
        cv::imencode(".jpg", cropped, jpeg, {cv::IMWRITE_JPEG_QUALITY, 92});
        const Reading r = ReadSudoku(std::span<const std::uint8_t>(jpeg));
        if (!r.found()) {
            std::cout << "  " << what << ": " << ReadStatusId(r.status) << "\n";
            continue;
        }
        ++t.found;
        const bool listed = cut == Cut::Turned || OnTheCutLines(r.cutOff, cut == Cut::Corner);
        t.cutListed += listed;
        bool inViewRight = true;
        for (int cell = 0; cell < 81; ++cell) {
            if (std::find(r.cutOff.begin(), r.cutOff.end(), cell) != r.cutOff.end()) {
                EXPECT_EQ(r.givens.value(cell), 0) << what << " cell " << cell;
                continue;
            }
            inViewRight &= r.givens.value(cell) == truth[cell];
            t.invented += !truth[cell] && r.givens.value(cell);
        }
        t.inViewRight += inViewRight && listed;
        if (r.status == ReadStatus::Uncertain) {
            (inViewRight ? t.doubtedRight : t.doubtedWrong) += 1;
            EXPECT_EQ(r.solution.filledCount(), 0) << what << ": an uncertain lattice solved";
        }
        if (r.status == ReadStatus::Solved) {
            ++t.solved;
            const bool right = SolutionAgrees(r, truth);
            t.solvedRight += right;
            EXPECT_TRUE(right) << what << ": a solution given for a board not read right";
        }
        if (!inViewRight || !listed || r.status != ReadStatus::Solved)
            std::cout << "  " << what << ": " << ReadStatusId(r.status) << ", " << r.cutOff.size()
                      << " cut off" << (listed ? "" : " (not on the cut lines)")
                      << (inViewRight ? "" : ", a digit in view misread") << "\n";
    }
    std::cout << "  " << t.found << " of " << t.photos << " cut grids found; " << t.cutListed
              << " with the cells left unread on the cut lines, " << t.inViewRight
              << " with every digit in view right; " << t.solved << " solved (" << t.solvedRight
              << " right); " << t.invented
              << " digits invented; lattices doubted (uncertain): " << t.doubtedWrong
              << " misread, " << t.doubtedRight << " read right\n";
    return t;
}

// Measured on the held-out photos with an outline (31), each cropped on one side (top, right,
// bottom, left in turn) a third of a cell into the grid: 31 found, all 31 with the cells left
// unread on the cut line, 31 with every digit read right; 13 solved, all right; nothing invented.
// (Before a cut cell read as hand-written was left unread, 29 with every digit right: what was in
// view of a printed 1 and 2 read as hand-written. Before the strokes mask, 30, 28 and 12: image26's
// cut grid merges with the print beside it in the usual mask. Before a faded corner was moved onto
// the photo's edge: 28, 24, 8. Before cut grids were known: 28 found, 24 solved of which 2 wrong,
// digits partly out of view misread.) Most newspaper puzzles have several solutions without their
// cut digits: those say so.
constexpr int kMinFound = 31, kMinInViewRight = 31, kMinSolvedRight = 13;

TEST(CutOffGrid, TheCellsInViewOfAGridTheFrameCutsAreRead) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    if (!fs::exists(kDataset / "printed")) GTEST_SKIP() << "no dataset at " << kDataset;
    const CutTally t = ReadCutPhotos(Cut::Side);
    ASSERT_GT(t.photos, 0);
    EXPECT_GE(t.found, kMinFound);
    EXPECT_GE(t.inViewRight, kMinInViewRight);
    EXPECT_GE(t.solvedRight, kMinSolvedRight);
    EXPECT_EQ(t.solved, t.solvedRight);
    EXPECT_EQ(t.invented, 0);
}

// The same photos cropped at a corner (top-right, bottom-right, bottom-left, top-left in turn), a
// third of a cell into the grid on both sides: 31 found, 31 with the cells left unread on the two
// cut lines, 31 with every digit in view right (26 before a cut cell read as hand-written was
// left unread, 29 before a grid was carried out from its boxes, 2026-11-28, 30 before another
// mask's grid was taken when the usual mask finds none, 2026-12-01: image196 cut at its
// bottom-left corner); 10 solved, all right.
// Before a faded corner of the hull was moved onto the photo's edge: 28 found, 27, 22, 7 solved.
// Before corners were looked for: 26 found, mostly as a whole grid fitted inside the part in view,
// 15 with every digit in view right, 5 solved. Where the grid's hull also touched a third edge
// (print beside it), or the part in view passed for a weak whole grid, the lattice was wrong: its
// board broke the rules, so nothing was solved, but its digits were counted as invented (26, then
// 22, then 11 with one such lattice reported uncertain; none since the boxes). No lattice whose
// digits in view are all right is reported uncertain.
constexpr int kMinCornerFound = 31, kMinCornerInViewRight = 31, kMinCornerSolvedRight = 10;
constexpr int kMaxCornerInvented = 0;

TEST(CutOffGrid, TheCellsInViewOfAGridCutAtACornerAreRead) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    if (!fs::exists(kDataset / "printed")) GTEST_SKIP() << "no dataset at " << kDataset;
    const CutTally t = ReadCutPhotos(Cut::Corner);
    ASSERT_GT(t.photos, 0);
    EXPECT_GE(t.found, kMinCornerFound);
    EXPECT_GE(t.inViewRight, kMinCornerInViewRight);
    EXPECT_GE(t.solvedRight, kMinCornerSolvedRight);
    EXPECT_EQ(t.solved, t.solvedRight);
    EXPECT_LE(t.invented, kMaxCornerInvented);
    EXPECT_EQ(t.doubtedRight, 0);
}

// The same photos turned 20 degrees in their own frame (one way, then the other): the frame cuts
// a corner or two off most grids. Measured 2026-12-03: 30 of 31 found, 27 with every digit in view
// right, 21 solved, all right, 6 digits invented (in lattices reported uncertain or boards without
// a solution, none drawn). Before a cut grid's pentagon was closed at its hidden corner
// (OutlinesPastImageEdge in vision/grid/GridDetector.cpp): 30 found, 22 with every digit in view
// right, 18 solved, 20 invented (a box or a strip of the grid taken for it). The rest are cut too
// deep to solve (multiple, with their cut cells listed), or cut at two corners: image196 not
// found, image19 and image1000 read on a wrong lattice (no-solution, uncertain).
constexpr int kMinTurnedFound = 30, kMinTurnedInViewRight = 27, kMinTurnedSolvedRight = 21;
constexpr int kMaxTurnedInvented = 6;

TEST(CutOffGrid, TheCellsInViewOfAGridTurnedInTheFrameAreRead) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    if (!fs::exists(kDataset / "printed")) GTEST_SKIP() << "no dataset at " << kDataset;
    const CutTally t = ReadCutPhotos(Cut::Turned);
    ASSERT_GT(t.photos, 0);
    EXPECT_GE(t.found, kMinTurnedFound);
    EXPECT_GE(t.inViewRight, kMinTurnedInViewRight);
    EXPECT_GE(t.solvedRight, kMinTurnedSolvedRight);
    EXPECT_EQ(t.solved, t.solvedRight);
    EXPECT_LE(t.invented, kMaxTurnedInvented);
}

}  // namespace
}  // namespace sudoku
