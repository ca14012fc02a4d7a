// Is the grid followed (InkPattern) or found again (KnownBoard) the one that was read? Checked
// on rendered photos of generated puzzles: the true lattice agrees with the cells read, a lattice
// one cell off does not; a board photographed again is recognised whichever way up it is, with
// its lattice upright; the same pattern of cells holding other digits, or another puzzle, is not.

#include <gtest/gtest.h>

#include <algorithm>

#include <opencv2/calib3d.hpp>
#include <opencv2/imgproc.hpp>

#include "solver/Generator.h"
#include "vision/drawing/Render.h"
#include "vision/grid/GridDetector.h"
#include "vision/grid/GridWarper.h"
#include "vision/tracking/InkPattern.h"
#include "vision/tracking/KnownBoard.h"

namespace sudoku {
namespace {

const cv::Size kFrame(640, 480);

Board Puzzle(std::uint64_t seed) {
    GeneratorOptions g;
    g.seed = seed;
    g.grade = false;
    return Generate(g).puzzle;
}

// The same cells filled, every digit d replaced by d % 9 + 1: still a valid puzzle, other digits.
Board Relabelled(const Board& board) {
    Board out = board;
    for (int cell = 0; cell < board.cellCount(); ++cell)
        if (!board.isEmpty(cell)) out.set(cell, board.value(cell) % 9 + 1);
    return out;
}

cv::Mat Gray(const Photo& photo) {
    cv::Mat gray;
    cv::cvtColor(photo.image, gray, cv::COLOR_BGR2GRAY);
    return gray;
}

// The lattice of a photo's grid from its true corners, shifted by whole cells.
std::vector<cv::Point2f> TrueLattice(const Photo& photo, int dx = 0, int dy = 0) {
    const cv::Point2f unit[4] = {{0, 0}, {9, 0}, {9, 9}, {0, 9}};
    const cv::Mat h = cv::getPerspectiveTransform(unit, photo.corners.data());
    std::vector<cv::Point2f> flat, lattice;
    for (int row = 0; row <= 9; ++row)
        for (int col = 0; col <= 9; ++col)
            flat.emplace_back(static_cast<float>(col + dx), static_cast<float>(row + dy));
    cv::perspectiveTransform(flat, lattice, h);
    return lattice;
}

std::vector<bool> Inked(const Board& board) {
    std::vector<bool> inked;
    for (int cell = 0; cell < board.cellCount(); ++cell)
        inked.push_back(!board.isEmpty(cell));
    return inked;
}

Photo Shot(const Page& page, double rotation, std::uint64_t seed) {
    CameraPose pose = DefaultPose(page, kFrame);
    pose.rotation = rotation;
    pose.tiltX = 0.1;
    PhotoOptions options;
    options.size = kFrame;
    options.noise = 3;
    options.blur = 0.6;
    options.seed = seed;
    return PhotographPage(page, pose, options);
}

// A reading of `page` as the live loop keeps it: solved, with its upright lattice.
Reading ReadingOf(const Page& page, const Photo& photo) {
    Reading r;
    r.status = ReadStatus::Solved;
    r.size = 9;
    r.givens = page.puzzle;
    r.handwritten = Board();
    r.lattice = TrueLattice(photo);
    r.corners = photo.corners;
    return r;
}

double MaxCornerError(const std::vector<cv::Point2f>& lattice, const Photo& photo) {
    const cv::Point2f corners[4] = {lattice[0], lattice[9], lattice[99], lattice[90]};
    double worst = 0;
    for (int i = 0; i < 4; ++i)
        worst = std::max(worst, cv::norm(corners[i] - photo.corners[i]));
    return worst;
}

TEST(InkPattern, TheTrueLatticeAgreesAndOneACellOffDoesNot) {
    const Page page = RenderPage(Puzzle(3));
    const Photo photo = Shot(page, 8, 1);
    const cv::Mat gray = Gray(photo);
    const std::vector<bool> inked = Inked(page.puzzle);
    const auto agreement = InkAgreement(CellInk(gray, TrueLattice(photo), 9), inked);
    ASSERT_TRUE(agreement);
    EXPECT_GT(*agreement, 0.9);
    for (const auto& [dx, dy] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {2, 1}, {-3, 0}}) {
        const auto off = InkAgreement(CellInk(gray, TrueLattice(photo, dx, dy), 9), inked);
        ASSERT_TRUE(off) << dx << "," << dy;
        EXPECT_LT(*off, 0.5) << dx << "," << dy;
    }
}

TEST(InkPattern, CellsOutOfViewAreNotMeasured) {
    const Page page = RenderPage(Puzzle(3));
    const Photo photo = Shot(page, 0, 1);
    const cv::Mat gray = Gray(photo);
    // Twelve cells to the left: at most two columns remain in view, too few to tell.
    const std::vector<double> ink = CellInk(gray, TrueLattice(photo, -12, 0), 9);
    EXPECT_TRUE(std::isnan(ink.front()));
    EXPECT_FALSE(InkAgreement(ink, Inked(page.puzzle)));
    EXPECT_THROW(CellInk(gray, TrueLattice(photo), 8), std::invalid_argument);
    EXPECT_THROW(InkAgreement(ink, std::vector<bool>(80)), std::invalid_argument);
}

// A 4x4 grid has 16 cells in all: the check must not ask for more in view than there are.
TEST(InkPattern, AFourByFourGridCanBeTold) {
    const std::vector<bool> inked{true,  false, false, true,  false, true,  false, false,
                                  false, false, true,  false, true,  false, false, true};
    std::vector<double> ink;
    for (std::size_t i = 0; i < inked.size(); ++i)
        ink.push_back(inked[i] ? 0.3 + 0.01 * static_cast<double>(i % 3) : 0.02);
    const auto agreement = InkAgreement(ink, inked);
    ASSERT_TRUE(agreement);
    EXPECT_GT(*agreement, 0.9);
    std::rotate(ink.begin(), ink.begin() + 1, ink.end());  // one cell off
    EXPECT_LT(InkAgreement(ink, inked).value_or(1), 0.5);
}

TEST(KnownBoard, RecognisesTheBoardWhicheverWayUpWithItsLatticeUpright) {
    const Page page = RenderPage(Puzzle(3));
    const Photo first = Shot(page, 5, 1);
    const KnownBoard known(Gray(first), TrueLattice(first), ReadingOf(page, first));
    for (const double rotation : {-8.0, 90.0, 180.0, 270.0}) {
        const Photo again = Shot(page, rotation, 2);
        const cv::Mat gray = Gray(again);
        const auto grid = DetectGrid(gray, 9);
        ASSERT_TRUE(grid) << rotation;
        const auto upright = known.match(gray, RefineLattice(gray, grid->corners, 9));
        ASSERT_TRUE(upright) << rotation;
        EXPECT_LT(MaxCornerError(*upright, again), 3.0) << rotation;
    }
}

TEST(KnownBoard, OtherDigitsOnTheSameCellsAreAnotherBoard) {
    const Page page = RenderPage(Puzzle(3));
    const Photo first = Shot(page, 5, 1);
    const KnownBoard known(Gray(first), TrueLattice(first), ReadingOf(page, first));
    for (const Board& other : {Relabelled(page.puzzle), Puzzle(4)}) {
        const Photo shot = Shot(RenderPage(other), 0, 2);
        const cv::Mat gray = Gray(shot);
        const auto grid = DetectGrid(gray, 9);
        ASSERT_TRUE(grid);
        EXPECT_FALSE(known.match(gray, RefineLattice(gray, grid->corners, 9)));
    }
    Reading unsolved = ReadingOf(page, first);
    unsolved.status = ReadStatus::Multiple;
    EXPECT_THROW(KnownBoard(Gray(first), TrueLattice(first), unsolved), std::invalid_argument);
}

}  // namespace
}  // namespace sudoku
