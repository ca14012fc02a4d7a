// Reading a jigsaw's regions from the walls of a straightened grid: thick walls are the borders,
// a map that is not n regions of n cells (or a sure thick wall inside a region) is reported with
// its reason, a doubtful one that borders nothing is not, and maps turn with the grid.

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>
#include <random>

#include "solver/Geometry.h"
#include "solver/RegionLayout.h"
#include "vision/grid/RegionWalls.h"

namespace sudoku {
namespace {

// A straightened grid with a line on every wall, `lineWidth(a, b)` pixels wide.
template <typename LineWidth>
WarpedGrid GridOfWidths(int n, LineWidth lineWidth) {
    WarpedGrid grid{n, cv::Mat(n * kCellPixels, n * kCellPixels, CV_8U, cv::Scalar(225))};
    for (int cell = 0; cell < n * n; ++cell) {
        const int x = (cell % n + 1) * kCellPixels, y = (cell / n + 1) * kCellPixels;
        if (cell % n + 1 < n) {
            const int width = lineWidth(cell, cell + 1);
            cv::rectangle(grid.gray, {x - width / 2, y - kCellPixels}, {x + (width - 1) / 2, y}, 30,
                          cv::FILLED);
        }
        if (cell / n + 1 < n) {
            const int width = lineWidth(cell, cell + n);
            cv::rectangle(grid.gray, {x - kCellPixels, y - width / 2}, {x, y + (width - 1) / 2}, 30,
                          cv::FILLED);
        }
    }
    return grid;
}

// Thin lines (2 pixels) on every wall and thick ones (4) where `thickWall` says.
template <typename ThickWall>
WarpedGrid DrawnGrid(int n, ThickWall thickWall) {
    return GridOfWidths(n, [&](int a, int b) { return thickWall(a, b) ? 4 : 2; });
}

TEST(RegionWalls, ThickWallsAreTheBordersOfTheDrawnLayout) {
    for (int n : {9, 13}) {
        std::mt19937_64 rng(n);
        const std::vector<int> layout = RandomRegionLayout(n, rng);
        const WarpedGrid grid = DrawnGrid(n, [&](int a, int b) { return layout[a] != layout[b]; });
        const RegionWalls read = ReadRegionWalls(grid);
        ASSERT_TRUE(read.ok()) << read.problem;
        EXPECT_EQ(read.regionOf, RegionsInReadingOrder(layout));
        EXPECT_TRUE(read.doubtfulCells.empty());
    }
}

TEST(RegionWalls, AMapThatIsNoPartitionIsReportedWithItsReason) {
    // The 3x3 boxes with the wall between r1c3 and r1c4 thin: boxes 1 and 2 run into one.
    const Geometry boxes(3, 3);
    const RegionWalls merged = ReadRegionWalls(DrawnGrid(
        9, [&](int a, int b) { return boxes.box(a) != boxes.box(b) && !(a == 2 && b == 3); }));
    EXPECT_FALSE(merged.ok());
    EXPECT_TRUE(merged.regionOf.empty());
    EXPECT_EQ(merged.problem, "the borders read make 8 regions, not 9");

    // The boxes with one more thick wall inside box 1: it borders nothing.
    const RegionWalls dangling = ReadRegionWalls(DrawnGrid(
        9, [&](int a, int b) { return boxes.box(a) != boxes.box(b) || (a == 0 && b == 1); }));
    EXPECT_EQ(dangling.problem, "the thick line between r1c1 and r1c2 lies inside one region");

    // A line between thin and thick inside box 1 borders nothing: doubtful, not a problem.
    const RegionWalls bolder = ReadRegionWalls(GridOfWidths(9, [&](int a, int b) {
        return boxes.box(a) != boxes.box(b) ? 4 : a == 0 && b == 1 ? 3 : 2;
    }));
    EXPECT_TRUE(bolder.ok()) << bolder.problem;
    std::vector<int> boxOf;
    for (int cell = 0; cell < boxes.cellCount(); ++cell)
        boxOf.push_back(boxes.box(cell));
    EXPECT_EQ(bolder.regionOf, boxOf);
    EXPECT_EQ(bolder.doubtfulCells, (std::vector<int>{0, 1}));

    const RegionWalls allThin = ReadRegionWalls(DrawnGrid(9, [](int, int) { return false; }));
    EXPECT_EQ(allThin.problem, "the region borders cannot be told from the thin lines");
}

TEST(RegionWalls, MapsTurnWithTheGridAndAreNumberedInReadingOrder) {
    // 4x4 boxes labelled in another order.
    const std::vector<int> columns{3, 3, 1, 1, 3, 3, 1, 1, 2, 2, 0, 0, 2, 2, 0, 0};
    EXPECT_EQ(RegionsInReadingOrder(columns),
              (std::vector<int>{0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3}));
    const std::vector<int> rows{0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3};
    const std::vector<int> turned = TurnRegionMap(rows, 4, 1);
    EXPECT_EQ(turned, (std::vector<int>{0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3}));
    EXPECT_EQ(TurnRegionMap(rows, 4, 4), rows);
}

}  // namespace
}  // namespace sudoku
