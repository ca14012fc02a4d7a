#pragma once
// What the layers of our own (MaxPoolLayer, ConvLayer) share: reading the parameters OpenCV's
// ONNX importer gives a layer, to take over only the layers they can do, and their one input and
// output.

#include <string>
#include <vector>

#include <opencv2/core/utility.hpp>
#include <opencv2/dnn.hpp>

// Built with ThreadSanitizer (GCC's macro, clang's feature test).
#if defined(__SANITIZE_THREAD__)
#define SUDOKU_THREAD_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define SUDOKU_THREAD_SANITIZER 1
#endif
#endif
#ifndef SUDOKU_THREAD_SANITIZER
#define SUDOKU_THREAD_SANITIZER 0
#endif

namespace sudoku {

// Whether `key` is given and every one of its values (one per side or axis) is `value`.
inline bool EveryValueIs(const cv::dnn::LayerParams& params, const std::string& key, int value) {
    if (!params.has(key)) return false;
    const cv::dnn::DictValue& v = params.get(key);
    for (int i = 0; i < v.size(); ++i)
        if (v.get<int>(i) != value) return false;
    return true;
}

// The input and the output of a layer's forward: headers on the net's own blobs (writing into
// `out` writes the blob).
struct LayerBlobs {
    cv::Mat in, out;
};

// A layer's one input and one output, both floats without gaps, as our loops read and write
// them (CV_Assert).
inline LayerBlobs OnlyInputAndOutput(cv::InputArrayOfArrays inputsArr,
                                     cv::OutputArrayOfArrays outputsArr) {
    std::vector<cv::Mat> inputs, outputs;
    inputsArr.getMatVector(inputs);
    outputsArr.getMatVector(outputs);
    CV_Assert(inputs.size() == 1 && outputs.size() == 1);
    CV_Assert(inputs[0].type() == CV_32F && inputs[0].isContinuous() &&
              outputs[0].type() == CV_32F && outputs[0].isContinuous());
    return {inputs[0], outputs[0]};
}

// `body(range)` over [0, count): on OpenCV's thread pool (cv::parallel_for_), or in one call on
// the calling thread under ThreadSanitizer, which does not see the pool (TBB, uninstrumented)
// hand the work over and so reports its threads' reads of the loop's captures, on the caller's
// stack, as racing with the caller's later use of that stack.
template <class Body>
void ForEachRange(int count, const Body& body) {
#if SUDOKU_THREAD_SANITIZER
    body(cv::Range(0, count));
#else
    cv::parallel_for_(cv::Range(0, count), body);
#endif
}

}  // namespace sudoku
