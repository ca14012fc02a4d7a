#include "vision/grid/GrayLevels.h"

#include <array>

namespace sudoku {

int GrayLevelOfRank(const cv::Mat& gray, std::size_t k) {
    std::array<std::size_t, 256> counts{};
    for (int y = 0; y < gray.rows; ++y) {
        const uchar* row = gray.ptr<uchar>(y);
        for (int x = 0; x < gray.cols; ++x)
            ++counts[row[x]];
    }
    std::size_t darker = 0;
    for (int level = 0; level < 256; ++level) {
        darker += counts[level];
        if (darker > k) return level;
    }
    return 255;
}

int GrayLevelOfShare(const cv::Mat& gray, double share) {
    return GrayLevelOfRank(gray,
                           static_cast<std::size_t>(share * static_cast<double>(gray.total())));
}

}  // namespace sudoku
