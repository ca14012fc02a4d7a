// A shadow with a sharp edge across the photo, as a phone or a hand casts it: made from the
// held-out printed photos by darkening everything beyond a slanted line. The cells its edge runs
// through must not have their dark half read as strokes.

#include <gtest/gtest.h>

#include <cstdint>
#include <iostream>
#include <span>
#include <string>
#include <vector>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "tests/Darkened.h"
#include "tests/TrainingPhotos.h"
#include "vision/reading/ReadSudoku.h"

namespace sudoku {
namespace {

namespace fs = std::filesystem;

struct ShadowCounts {
    int photos = 0, exact = 0, rightSolutions = 0, wrongSolutions = 0;
};

// The held-out printed photos read with `darker` of the light gone beyond the shadow's edge.
ShadowCounts ReadUnderShadow(double darker) {
    ShadowCounts counts;
    for (const std::string& name : HeldOutNames()) {
        const fs::path path = kDataset / "printed" / name;
        const cv::Mat photo = cv::imread(path.string());
        const auto truth = DatDigits(fs::path(path).replace_extension(".dat"));
        if (photo.empty() || truth.size() != 81) continue;
        ++counts.photos;
        const Reading r =
            ReadSudoku(std::span<const std::uint8_t>(Jpeg92(WithShadowEdge(photo, darker))));
        const bool right = GivensAsTruth(r, truth);
        counts.exact += right;
        if (r.status == ReadStatus::Solved) {
            const bool solutionRight = SolutionAgrees(r, truth);
            counts.rightSolutions += solutionRight;
            counts.wrongSolutions += !solutionRight;
            if (!solutionRight) std::cout << "  " << name << ": solved, not the puzzle's answer\n";
        }
        if (!right) std::cout << "  " << name << ": " << ReadStatusId(r.status) << ", misread\n";
    }
    std::cout << "  " << counts.exact << " of " << counts.photos << " grids under a shadow "
              << darker << " darker read exactly, " << counts.rightSolutions << " solved right, "
              << counts.wrongSolutions << " solutions not the puzzle's\n";
    return counts;
}

// The floors under a shadow `darker` darker: grids read exactly and solved right at least so
// many, no solution that is not the puzzle's.
void ExpectReadUnderShadow(double darker, int minExact, int minRightSolutions) {
    const ShadowCounts counts = ReadUnderShadow(darker);
    ASSERT_GT(counts.photos, 0);
    EXPECT_GE(counts.exact, minExact);
    EXPECT_GE(counts.rightSolutions, minRightSolutions);
    EXPECT_EQ(counts.wrongSolutions, 0);
}

class Shadow : public testing::Test {
protected:
    void SetUp() override {
        if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
        if (!fs::exists(kDataset / "printed")) GTEST_SKIP() << "no dataset at " << kDataset;
    }
};

// Half the light gone. Read exactly 15 before the light was evened out across a shadow's edge
// (vision/grid/EvenLight), 22 with it; digits invented 80 -> 55, most of them on image1067,
// where the shadow leaves the puzzle less grid-like than the solution grid printed beside it,
// which was read and solved instead until the reader looked past a grid of printed digits only
// (23 exact since). Solutions not the puzzle's: 2 before (image1067, and image93 with a misread
// digit the repair made unique), 1 with the light evened out, 0 since. The paper's light closed
// over with a fifth of a cell instead of half a cell: 23 -> 25 exact, solved right 25 -> 27.
// Grids found by their strokes measured against the paper's light: 25 -> 27, 27 -> 29.
TEST_F(Shadow, AGridUnderAShadowsEdgeIsRead) {
    ExpectReadUnderShadow(0.5, 27, 29);
}

// Seven tenths of the light gone: the paper in the shadow is as dark as some ink beside it. The
// paper's light closed over with a fifth of a cell instead of half: solved right 18 -> 20, read
// exactly 16 -> 15 (image177, now solved right, its digits not all read right), none wrong.
// Grids found by their strokes measured against the paper's light, and erasing a digit costing
// what the classifier said of empty paper (without it image116 was solved wrong, its misread
// digits in the shadow erased nearly for free): read exactly 15 -> 20, solved right 20 -> 25.
TEST_F(Shadow, AGridUnderADeepShadowIsReadOrLeftUnsolved) {
    ExpectReadUnderShadow(0.7, 20, 25);
}

}  // namespace
}  // namespace sudoku
