// libFuzzer target: bytes read as an encoded photo by sudoku::ReadSudoku(span), the path every
// command and embedder takes from a file to a reading. The classifier is loaded once (as the
// batch does) and OpenCV runs on one thread, so one fuzzing job uses one core. Properties
// checked besides "no crash": the result is a value whose fields agree with its status.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

#include <opencv2/core.hpp>

#include "solver/Backtracking.h"
#include "vision/classifying/ClassifierLoader.h"
#include "vision/reading/ReadSudoku.h"

namespace {

void Require(bool condition) {
    if (!condition) std::abort();  // a broken property is a finding, like a crash
}

const sudoku::ReaderOptions& Options() {
    static const sudoku::ReaderOptions options = [] {
        cv::setNumThreads(1);
        sudoku::ReaderOptions o;
        o.classifier = sudoku::LoadClassifier(sudoku::Engine::Cnn);
        return o;
    }();
    return options;
}

void CheckReading(const sudoku::Reading& r) {
    if (!r.found()) {
        Require(!r.message.empty());
        return;
    }
    Require(r.size == 9);
    Require(r.lattice.size() == 100);
    Require(r.givens.size() == 9);
    if (r.status == sudoku::ReadStatus::Solved) Require(sudoku::IsSolutionOf(r.givens, r.solution));
    for (const int cell : r.uncertain)
        Require(cell >= 0 && cell < 81);
    for (const int cell : r.changed)
        Require(cell >= 0 && cell < 81);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    CheckReading(sudoku::ReadSudoku(std::span<const std::uint8_t>(data, size), Options()));
    return 0;
}
