#pragma once
// What the layers of our own (MaxPoolLayer, ConvLayer) share: reading the parameters OpenCV's
// ONNX importer gives a layer, to take over only the layers they can do, and their one input and
// output.

#include <string>
#include <vector>

#include <opencv2/dnn.hpp>

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

}  // namespace sudoku
