#pragma once
// The digit networks' 3x3 convolutions, done by a loop of our own instead of OpenCV dnn's general
// convolution layer. The networks' inputs are small (28x28, then 14x14 and 7x7 pixels, a grid's
// cells in one batch), where OpenCV's layer spends much of its time arranging the pixels for its
// matrix product: on one core its three convolutions took 5.9 of the first network's 6.6 ms over
// 50 cells (per-layer profile), this loop 3.3. The second and third (16 and 32 input channels)
// go by Winograd's F(2x2, 3x3), 16 products for each 2x2 outputs instead of 36: 1.16 and 1.19 ms
// of those 50 cells (the fastest of 200 runs) became 0.88 and 0.86.
//
// Sums come out in another order than OpenCV's (within 1e-5 of its outputs, not to the bit), so
// the loop is only used where the machine runs it with AVX2 and FMA (chosen at run time, the
// binary still runs on the x86-64 baseline); elsewhere OpenCV's layer stays.

#include <opencv2/dnn.hpp>

namespace sudoku {

// Whether CreateConvolution can give the loop above on this machine and compiler.
bool HaveOwnConvolution();

// The layer for an ONNX convolution: the loop above when the kernel is 3x3, stride 1, padding 1
// on every side, one group, no dilation, weights given, output channels a multiple of 8, and
// HaveOwnConvolution(); OpenCV's own layer otherwise.
cv::Ptr<cv::dnn::Layer> CreateConvolution(cv::dnn::LayerParams& params);

}  // namespace sudoku
