#pragma once
// Reading the parameters OpenCV's ONNX importer gives a layer, for the layers of our own
// (MaxPoolLayer, ConvLayer) that take over only the layers they can do.

#include <string>

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

}  // namespace sudoku
