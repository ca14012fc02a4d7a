#pragma once
// The digit networks' 2x2 max pooling, done in a plain loop instead of OpenCV dnn's general
// pooling layer. A maximum is exact, so the networks' outputs stay bit for bit the same; on one
// core OpenCV's layer took about a sixth of the first network's time (1.8 of 9.5 ms for a
// filled-in grid's 81 cells), this loop a fraction of that.

#include <opencv2/dnn.hpp>

namespace sudoku {

// The layer for an ONNX pooling: the loop above for a MaxPool of kernel 2, stride 2, no padding
// and floor rounding; OpenCV's own layer for any other.
cv::Ptr<cv::dnn::Layer> CreatePooling(cv::dnn::LayerParams& params);

}  // namespace sudoku
