// A lattice fitted a line in (the grid's thin frame lost in the print beside it) must be fitted
// again, never read as if right: the answer would be drawn a cell off. Made from the held-out
// photos by moving one side of the grid found one cell inwards, as a detector misled by the
// print beside the frame would.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "tests/TrainingPhotos.h"
#include "vision/classifying/ClassifierLoader.h"
#include "vision/grid/GridDetector.h"
#include "vision/grid/GridWarper.h"
#include "vision/grid/LatticeCheck.h"
#include "vision/reading/ReadingRepair.h"

namespace sudoku {
namespace {

namespace fs = std::filesystem;

// The photo at the size the reader works on (halved until under 1280 pixels).
cv::Mat WorkingGray(const fs::path& path) {
    cv::Mat gray = cv::imread(path.string(), cv::IMREAD_GRAYSCALE);
    while (!gray.empty() && std::max(gray.cols, gray.rows) >= 1280)
        cv::resize(gray, gray, {}, 0.5, 0.5, cv::INTER_AREA);
    return gray;
}

// The quad with side k (0 top, 1 right, 2 bottom, 3 left) moved one cell into the grid.
Quad OneLineIn(const Quad& q, int k) {
    const std::array<cv::Point2f, 4> square{cv::Point2f(0, 0), cv::Point2f(9, 0), cv::Point2f(9, 9),
                                            cv::Point2f(0, 9)};
    const cv::Mat toPhoto = cv::getPerspectiveTransform(square.data(), q.data());
    std::vector<cv::Point2f> in(square.begin(), square.end()), out;
    for (int i : {k, (k + 1) % 4}) {  // the side's two corners
        if (k % 2 == 0)
            in[i].y += k == 0 ? 1.f : -1.f;
        else
            in[i].x += k == 3 ? 1.f : -1.f;
    }
    cv::perspectiveTransform(in, out, toPhoto);
    return {out[0], out[1], out[2], out[3]};
}

// The largest distance between two lattices' corners, in cells.
double CellsOff(const GridLattice& a, const GridLattice& b) {
    double off = 0;
    for (int i = 0; i < 4; ++i)
        off = std::max(off, static_cast<double>(cv::norm(a.corners()[i] - b.corners()[i])));
    return off * b.size / cv::norm(b.corners()[1] - b.corners()[0]);
}

bool SolutionAgrees(const Board& solution, const std::vector<int>& truth) {
    for (int cell = 0; cell < static_cast<int>(truth.size()); ++cell)
        if (truth[cell] && solution.value(cell) != truth[cell]) return false;
    return true;
}

TEST(LatticeCheck, AGridFoundRightIsRegularAndEndsAtItsLattice) {
    if (!fs::exists(kDataset / "printed")) GTEST_SKIP() << "no dataset at " << kDataset;
    int photos = 0, flagged = 0;
    for (const char* set : {"printed", "mixed"})
        for (const auto& name : HeldOutNames()) {
            const cv::Mat gray = WorkingGray(kDataset / set / name);
            const auto grid = gray.empty() ? std::nullopt : DetectGrid(gray, 9);
            if (!grid) continue;
            ++photos;
            const GridLattice lattice = RefineLattice(gray, grid->corners, 9);
            const int side = SideTheGridContinuesPast(gray, lattice);
            flagged += side >= 0 || !IsRegular(lattice);
            EXPECT_TRUE(IsRegular(lattice)) << set << "/" << name;
            if (side >= 0)
                std::cout << "  " << set << "/" << name << " flagged past " << side << "\n";
        }
    ASSERT_GT(photos, 0);
    EXPECT_EQ(flagged, 0);
}

// Measured on the 32 held-out printed photos, each side moved in (128 quads): refined alone, 104
// lattices stay off and 4 read as unique puzzles, 2 of them with the answer a cell off (every
// given disagreeing); fitted again past the side the grid runs on, 32 stay off; refitted too when
// not regular, 26, and none is solved wrong. Of those 26, 2 are still not regular or have the
// grid's lines running on past a side: the reader reports them uncertain, unsolved. Looked for
// past a side where the photo ends less than 1.35 cells out (down to 1.1) and past a filled-in
// row, 14 stay off, 3 of them doubted. No lattice fitted right is doubted. With a curved page's
// bend followed (GridWarper), 12 stay off, 2 of them doubted: three fitted right now (two of them
// doubted before, one trusted), one more off but doubted. Counted here: the lattices still off,
// and those of them trusted (read as if right, though never solved wrong): 11 -> 10.
constexpr int kMaxStillOff = 12, kMaxOffTrusted = 10;

TEST(LatticeCheck, ALatticeALineInIsFittedAgainAndNeverSolvedWrong) {
    if (!fs::exists(kDataset / "printed")) GTEST_SKIP() << "no dataset at " << kDataset;
    std::shared_ptr<const CellClassifier> classifier;
    try {
        classifier = LoadClassifier(Engine::Cnn);
    } catch (const std::exception&) {
        GTEST_SKIP() << "the CNN model is not built";
    }
    const auto geometry = Geometry::ForSize(9);
    int quads = 0, stillOff = 0, offDoubted = 0, rightDoubted = 0, solvedWrong = 0;
    for (const auto& name : HeldOutNames()) {
        const fs::path path = kDataset / "printed" / name;
        const cv::Mat gray = WorkingGray(path);
        const auto grid = gray.empty() ? std::nullopt : DetectGrid(gray, 9);
        if (!grid) continue;
        const auto truth = DatDigits(fs::path(path).replace_extension(".dat"));
        const GridLattice right = RefineLattice(gray, grid->corners, 9);
        for (int side = 0; side < 4; ++side) {
            ++quads;
            const FittedLattice fit = FitLattice(gray, OneLineIn(grid->corners, side), 9);
            const GridLattice& fitted = fit.lattice;
            if (CellsOff(fitted, right) < 0.3) {
                rightDoubted += !fit.doubt.empty();
                continue;
            }
            ++stillOff;
            // A doubtful lattice is read uncertain, never solved (ReadGrid).
            if (!fit.doubt.empty()) {
                ++offDoubted;
                continue;
            }
            const auto read =
                RepairReading(classifier->classify(WarpLattice(gray, fitted)), *geometry);
            if (read.verdict == RepairVerdict::Unique && !SolutionAgrees(read.solution, truth)) {
                ++solvedWrong;
                std::cout << "  " << name << " side " << side << " solved a cell off\n";
            }
        }
    }
    std::cout << "  " << quads << " quads a line in: " << stillOff << " lattices still off ("
              << offDoubted << " of them doubted, so not solved), " << solvedWrong
              << " solved wrong; right lattices doubted: " << rightDoubted << "\n";
    ASSERT_GT(quads, 0);
    EXPECT_LE(stillOff, kMaxStillOff);
    EXPECT_LE(stillOff - offDoubted, kMaxOffTrusted);
    EXPECT_EQ(rightDoubted, 0);
    EXPECT_EQ(solvedWrong, 0);
}

// The largest distance between two lattices' intersections, in cells.
double FarthestApart(const GridLattice& a, const GridLattice& b) {
    double off = 0;
    for (std::size_t i = 0; i < a.points.size(); ++i)
        off = std::max(off, static_cast<double>(cv::norm(a.points[i] - b.points[i])));
    return off * b.size / cv::norm(b.corners()[1] - b.corners()[0]);
}

// Intersection (row, col) moved `cells` of a cell along its row, as a refinement that took a
// pen's stroke for the line would leave it.
void Snap(GridLattice& lattice, int row, int col, float cells) {
    const cv::Point2f step = (lattice.corners()[1] - lattice.corners()[0]) / lattice.size;
    lattice.points[static_cast<std::size_t>(row * (lattice.size + 1) + col)] += cells * step;
}

// Every held-out grid's lattice (filled-in photos), with a corner and an inner intersection
// snapped half a cell, or with one in ten of them snapped (too many to know which are right).
TEST(LatticeCheck, AFewStrayIntersectionsAreMendedAndManyAreNot) {
    if (!fs::exists(kDataset / "mixed")) GTEST_SKIP() << "no dataset at " << kDataset;
    int lattices = 0;
    for (const auto& name : HeldOutNames()) {
        const cv::Mat gray = WorkingGray(kDataset / "mixed" / name);
        const auto grid = gray.empty() ? std::nullopt : DetectGrid(gray, 9);
        if (!grid) continue;
        ++lattices;
        const GridLattice right = RefineLattice(gray, grid->corners, 9);
        GridLattice stray = right;
        Snap(stray, 9, 0, 0.5f);
        Snap(stray, 4, 5, -0.5f);
        EXPECT_FALSE(IsRegular(stray)) << name;
        const auto mended = MendStrayIntersections(stray);
        ASSERT_TRUE(mended) << name;
        // Put back where the homography says, which does not follow a page's curve: 0.14 of a
        // cell off at most on these photos (the other intersections stay as refined).
        EXPECT_LT(FarthestApart(*mended, right), 0.2) << name;
        GridLattice many = right;
        for (int k = 0; k < 12; ++k)
            Snap(many, k % 10, (k * 3) % 10, 0.5f);
        EXPECT_FALSE(MendStrayIntersections(many)) << name;
    }
    EXPECT_EQ(lattices, 32);
}

}  // namespace
}  // namespace sudoku
