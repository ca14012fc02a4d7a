// Pages with several Sudokus: ReadSudokus reads every grid, each with its corners, on photos
// composed of two held-out training photos side by side (as a newspaper prints an easy and a hard
// one); ReadSudoku still reads one.

#include <gtest/gtest.h>

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

// Both photos at the height of the smaller, side by side, as one JPEG.
std::vector<std::uint8_t> SideBySide(const cv::Mat& left, const cv::Mat& right) {
    const int height = std::min(left.rows, right.rows);
    cv::Mat a, b, page;
    cv::resize(left, a, {left.cols * height / left.rows, height}, 0, 0, cv::INTER_AREA);
    cv::resize(right, b, {right.cols * height / right.rows, height}, 0, 0, cv::INTER_AREA);
    cv::hconcat(a, b, page);
    std::vector<std::uint8_t> jpeg;
    cv::imencode(".jpg", page, jpeg, {cv::IMWRITE_JPEG_QUALITY, 92});
    return jpeg;
}

bool ReadsAs(const Reading& r, const std::vector<int>& truth) {
    if (r.status != ReadStatus::Solved || truth.size() != 81) return false;
    for (int cell = 0; cell < 81; ++cell)
        if (r.givens.value(cell) != truth[cell]) return false;
    return true;
}

float MeanX(const Reading& r) {
    return (r.corners[0].x + r.corners[1].x + r.corners[2].x + r.corners[3].x) / 4;
}

// Measured: 16 pairs of held-out printed photos (1st with 2nd, 3rd with 4th ...), 16 read with
// both grids exact and each on its own half; 0 pairs with a third grid reported.
constexpr int kMinPairsRead = 16;

TEST(SeveralGrids, EveryGridOfTwoPhotosSideBySideIsRead) {
    if (!CnnModelAvailable()) GTEST_SKIP() << "the CNN model is not built";
    if (!fs::exists(kDataset / "printed")) GTEST_SKIP() << "no dataset at " << kDataset;
    const std::vector<std::string> names = HeldOutNames();
    int pairs = 0, read = 0;
    for (std::size_t k = 0; k + 1 < names.size(); k += 2) {
        const fs::path left = kDataset / "printed" / names[k];
        const fs::path right = kDataset / "printed" / names[k + 1];
        const cv::Mat a = cv::imread(left.string()), b = cv::imread(right.string());
        if (a.empty() || b.empty()) continue;
        ++pairs;
        const auto jpeg = SideBySide(a, b);
        const std::vector<Reading> readings = ReadSudokus(std::span<const std::uint8_t>(jpeg));
        const auto truthA = DatDigits(fs::path(left).replace_extension(".dat"));
        const auto truthB = DatDigits(fs::path(right).replace_extension(".dat"));
        const float middle = static_cast<float>(a.cols * std::min(a.rows, b.rows) / a.rows);
        bool leftRead = false, rightRead = false;
        for (const Reading& r : readings) {
            leftRead |= ReadsAs(r, truthA) && MeanX(r) < middle;
            rightRead |= ReadsAs(r, truthB) && MeanX(r) > middle;
        }
        const bool both = leftRead && rightRead && readings.size() == 2;
        read += both;
        if (!both)
            std::cout << "  " << names[k] << " + " << names[k + 1] << ": " << readings.size()
                      << " grids, left " << leftRead << ", right " << rightRead << "\n";
        // The default reader still reads one of them.
        const Reading one = ReadSudoku(std::span<const std::uint8_t>(jpeg));
        EXPECT_TRUE(ReadsAs(one, truthA) || ReadsAs(one, truthB) ||
                    one.status != ReadStatus::Solved)
            << names[k];
    }
    std::cout << "  " << read << " of " << pairs << " pairs read with both grids\n";
    ASSERT_GT(pairs, 0);
    EXPECT_GE(read, kMinPairsRead);
}

TEST(SeveralGrids, APhotoWithoutAGridGivesOneNotFoundReading) {
    cv::Mat blank(400, 600, CV_8UC3, cv::Scalar(235, 235, 235));
    const std::vector<Reading> readings = ReadSudokus(blank);
    ASSERT_EQ(readings.size(), 1u);
    EXPECT_EQ(readings[0].status, ReadStatus::NotFound);
    const std::vector<Reading> missing = ReadSudokusFile("/nonexistent/photo.jpg");
    ASSERT_EQ(missing.size(), 1u);
    EXPECT_EQ(missing[0].status, ReadStatus::Error);
}

}  // namespace
}  // namespace sudoku
