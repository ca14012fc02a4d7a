// A grid printed with every other box shaded, as some newspapers print it: made from the
// held-out printed photos by darkening boxes 2, 4, 6 and 8 through the hand-made outline. The
// shading must not hide the grid's faint lines along its edges, from a photo or in the live
// view, and no solution may be given for a board not read right.

#include <gtest/gtest.h>

#include <array>
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
#include "vision/tracking/LiveSession.h"

namespace sudoku {
namespace {

namespace fs = std::filesystem;

// The photo with the boxes whose row and column of boxes differ in parity darkened to
// `1 - darker` of their brightness, through the outline's homography.
cv::Mat WithShadedBoxes(const cv::Mat& photo, const std::array<cv::Point2f, 4>& outline,
                        double darker) {
    constexpr int kCell = 20;
    cv::Mat boxes(9 * kCell, 9 * kCell, CV_32F, cv::Scalar(0));
    for (int row = 0; row < 3; ++row)
        for (int col = 0; col < 3; ++col)
            if ((row + col) % 2 == 1)
                boxes(cv::Rect(3 * kCell * col, 3 * kCell * row, 3 * kCell, 3 * kCell)) = 1.0;
    return Darkened(photo, GridMaskOnPhoto(boxes, kCell, outline, photo.size()), darker);
}

struct ShadedPhoto {
    std::string name;
    cv::Mat image;           // boxes 25% darker
    std::vector<int> truth;  // the printed digits, 0 for an empty cell
};

// The held-out printed photos that have an outline and a ground truth, shaded.
std::vector<ShadedPhoto> ShadedHeldOutPhotos() {
    const auto outlines = TrainingOutlines();
    std::vector<ShadedPhoto> shaded;
    for (const std::string& name : HeldOutNames()) {
        const auto outline = outlines.find(name);
        const fs::path path = kDataset / "printed" / name;
        const cv::Mat photo = cv::imread(path.string());
        auto truth = DatDigits(fs::path(path).replace_extension(".dat"));
        if (outline == outlines.end() || photo.empty() || truth.size() != 81) continue;
        shaded.push_back({name, WithShadedBoxes(photo, outline->second, 0.25), std::move(truth)});
    }
    return shaded;
}

// Measured on the 31 held-out printed photos with an outline, boxes 25% darker: 28 read exactly
// before the strokes mask (vision/grid/GridDetector: a closing's difference, blind to shading)
// competed with the mean threshold, which lost the faint lines along the shaded boxes of three
// dim photos (one not found, two on a wrong lattice, none solved); 31 with it. Unshaded, all 31.
constexpr int kMinReadExactly = 31;

TEST(ShadedBoxes, AGridWithEveryOtherBoxShadedIsRead) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    if (!fs::exists(kDataset / "printed")) GTEST_SKIP() << "no dataset at " << kDataset;
    int photos = 0, exact = 0;
    for (const auto& [name, shaded, truth] : ShadedHeldOutPhotos()) {
        ++photos;
        const Reading r = ReadSudoku(std::span<const std::uint8_t>(Jpeg92(shaded)));
        const bool right = GivensAsTruth(r, truth);
        exact += right;
        if (!right) std::cout << "  " << name << ": " << ReadStatusId(r.status) << ", misread\n";
        if (r.status == ReadStatus::Solved) {
            EXPECT_TRUE(right) << name << ": a solution given for a board not read right";
        }
    }
    std::cout << "  " << exact << " of " << photos << " shaded grids read exactly\n";
    ASSERT_GT(photos, 0);
    EXPECT_GE(exact, kMinReadExactly);
}

// The live view finds a grid with its own detector (vision/tracking/LiveSession) before it reads.
// Three frames of each shaded photo: before that detector also looked at the strokes mask
// (DetectWholeGrid), 28 of the 31 were drawn (image33, image42 and image109 never passed it)
// while all 31 photos were solved; with it, 31.
constexpr int kMinDrawnLive = 31;

TEST(ShadedBoxes, TheLiveViewDrawsOnAShadedGrid) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    if (!fs::exists(kDataset / "printed")) GTEST_SKIP() << "no dataset at " << kDataset;
    int photos = 0, drawn = 0;
    for (const auto& [name, shaded, truth] : ShadedHeldOutPhotos()) {
        ++photos;
        LiveSession session;
        bool overlay = false;
        for (int frame = 0; frame < 3 && !overlay; ++frame) {
            cv::Mat image = shaded.clone();
            overlay = session.process(image).overlay;
        }
        if (!overlay) {
            std::cout << "  " << name << ": not drawn\n";
            continue;
        }
        ++drawn;
        ASSERT_TRUE(session.reading().has_value());
        for (int cell = 0; cell < 81; ++cell)
            EXPECT_EQ(session.reading()->givens.value(cell), truth[cell])
                << name << " cell " << cell << ": drawn on a board not read right";
    }
    std::cout << "  " << drawn << " of " << photos << " shaded grids drawn live\n";
    ASSERT_GT(photos, 0);
    EXPECT_GE(drawn, kMinDrawnLive);
}

}  // namespace
}  // namespace sudoku
