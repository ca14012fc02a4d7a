#include "vision/grid/Grain.h"

#include <opencv2/imgproc.hpp>

#include "vision/grid/GrayLevels.h"

namespace sudoku {
namespace {

// The 320 training photos' grids have a grain of 1 to 10 (median 2 printed, 3 filled-in), the
// rendered probe pages 0 to 8 (bench/newspaper_probes.py); held-out photos with Gaussian noise
// of 8, 12 and 16 gray levels added mostly 10 to 19.
constexpr int kNoisyGrain = 10;
// The filter: 5 px across (a stroke is 2 to 6 px of a 40-px cell), gray levels within about 20
// of each other smoothed together, so that an edge of ink against paper stays. Measured against
// sigma 30 and 40 and a Gaussian blur (sigma 0.7 and 1) on the noisy held-out photos: README.
constexpr int kFilterPixels = 5;
constexpr double kSigmaGray = 20, kSigmaSpace = 3;

}  // namespace

int GrainOf(const WarpedGrid& grid) {
    cv::Mat laplacian, grain;
    cv::Laplacian(grid.gray, laplacian, CV_16S, 1);
    cv::convertScaleAbs(laplacian, grain);
    return GrayLevelOfShare(grain, 0.5);
}

WarpedGrid Quieted(WarpedGrid grid) {
    if (GrainOf(grid) <= kNoisyGrain) return grid;
    cv::Mat smoothed;
    cv::bilateralFilter(grid.gray, smoothed, kFilterPixels, kSigmaGray, kSigmaSpace);
    grid.gray = smoothed;
    return grid;
}

}  // namespace sudoku
