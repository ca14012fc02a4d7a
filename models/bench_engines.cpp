// Times both digit engines on straightened 9x9 grids (PNG, 360x360, e.g. written by
// `models/evaluate.py --save-warped DIR`): wall-clock median and process CPU time per grid.
// Not part of the CMake build; compile it against a built sudoku_vision, see models/README.md.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <exception>
#include <vector>

#include <opencv2/imgcodecs.hpp>

#include "vision/classifying/CnnClassifier.h"
#include "vision/classifying/TesseractClassifier.h"

namespace {

template <class F>
void Time(const char* name, F run, int repeats) {
    std::vector<double> wall;
    const std::clock_t c0 = std::clock();
    for (int i = 0; i < repeats; ++i) {
        const auto t0 = std::chrono::steady_clock::now();
        run();
        wall.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                .count());
    }
    const double cpu = 1000.0 * double(std::clock() - c0) / CLOCKS_PER_SEC / repeats;
    std::sort(wall.begin(), wall.end());
    std::printf("  %-9s wall median %8.2f ms, cpu %8.2f ms per 81 cells\n", name,
                wall[wall.size() / 2], cpu);
}

}  // namespace

int main(int argc, char** argv) try {
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_engines GRID.png...\n");
        return 2;
    }
    const sudoku::CnnClassifier cnn;
    const sudoku::TesseractClassifier tess;
    for (int i = 1; i < argc; ++i) {
        sudoku::WarpedGrid grid;
        grid.gray = cv::imread(argv[i], cv::IMREAD_GRAYSCALE);
        if (grid.gray.empty()) {
            std::fprintf(stderr, "cannot read %s\n", argv[i]);
            return 1;
        }
        std::printf("%s\n", argv[i]);
        Time(
            "cnn", [&] { cnn.classify(grid); }, 100);
        Time(
            "tesseract", [&] { tess.classify(grid); }, 5);
    }
    return 0;
} catch (const std::exception& e) {
    std::fprintf(stderr, "bench_engines: %s\n", e.what());
    return 1;
}
