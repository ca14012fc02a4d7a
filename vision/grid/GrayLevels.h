#pragma once
// Percentiles of an 8-bit gray image, found from the levels' counts instead of copying and
// partially sorting the pixels (which took most of the time of reading a grid's contrasts); the
// stretch about the paper's level that deepens a flat grid or a light cell; and the median (or
// another share) of any measured values, which the grid's and the cells' measures share.

#include <cstddef>
#include <utility>
#include <vector>

#include <opencv2/core.hpp>

namespace sudoku {

// The gray level of rank `k` (from 0, darkest first) among the pixels of `gray` (8-bit, one
// channel, any region): the value std::nth_element would put there; 255 past the last.
int GrayLevelOfRank(const cv::Mat& gray, std::size_t k);

// The gray level below which `share` (0 to 1) of the pixels lie.
int GrayLevelOfShare(const cv::Mat& gray, double share);

// The gray levels of two shares, from one count of the levels.
std::pair<int, int> GrayLevelsOfShares(const cv::Mat& gray, double first, double second);

// `gray` with every level moved `gain` times as far from the paper's, which stays:
// out = paper - gain * (paper - gray), saturated to 0..255. `out` may be `gray` itself.
void StretchAboutPaper(const cv::Mat& gray, cv::Mat& out, double paper, double gain);

// The value std::nth_element puts at index `share` (0 to 1) of the count among any values: `share`
// of them lie below it. 0 for none.
double ValueOfShare(std::vector<double> values, double share);

// The middle of any values (the upper of the two middle ones for an even count); 0 for none.
double Median(std::vector<double> values);

}  // namespace sudoku
