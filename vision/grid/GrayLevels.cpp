#include "vision/grid/GrayLevels.h"

#include <algorithm>
#include <array>
#include <utility>

namespace sudoku {

namespace {

using LevelCounts = std::array<std::size_t, 256>;

LevelCounts CountLevels(const cv::Mat& gray) {
    LevelCounts counts{};
    for (int y = 0; y < gray.rows; ++y) {
        const uchar* row = gray.ptr<uchar>(y);
        for (int x = 0; x < gray.cols; ++x)
            ++counts[row[x]];
    }
    return counts;
}

int LevelOfRank(const LevelCounts& counts, std::size_t k) {
    std::size_t darker = 0;
    for (int level = 0; level < 256; ++level) {
        darker += counts[level];
        if (darker > k) return level;
    }
    return 255;
}

std::size_t RankOfShare(const cv::Mat& gray, double share) {
    return static_cast<std::size_t>(share * static_cast<double>(gray.total()));
}

}  // namespace

int GrayLevelOfRank(const cv::Mat& gray, std::size_t k) {
    return LevelOfRank(CountLevels(gray), k);
}

int GrayLevelOfShare(const cv::Mat& gray, double share) {
    return GrayLevelOfRank(gray, RankOfShare(gray, share));
}

std::pair<int, int> GrayLevelsOfShares(const cv::Mat& gray, double first, double second) {
    const LevelCounts counts = CountLevels(gray);
    return {LevelOfRank(counts, RankOfShare(gray, first)),
            LevelOfRank(counts, RankOfShare(gray, second))};
}

void StretchAboutPaper(const cv::Mat& gray, cv::Mat& out, double paper, double gain) {
    gray.convertTo(out, CV_8U, gain, paper * (1 - gain));
}

double ValueOfShare(std::vector<double> values, double share) {
    if (values.empty()) return 0;
    // A share of 1 is the largest value, not one past the end.
    const auto index = std::min(
        static_cast<std::size_t>(static_cast<double>(values.size()) * share), values.size() - 1);
    const auto at = values.begin() + static_cast<long>(index);
    std::nth_element(values.begin(), at, values.end());
    return *at;
}

double Median(std::vector<double> values) {
    return ValueOfShare(std::move(values), 0.5);
}

}  // namespace sudoku
