#pragma once
// Loading the digit networks with layers of our own where OpenCV dnn's general ones are slow for
// their small inputs: the 2x2 max pooling (MaxPoolLayer, exact) and the 3x3 convolutions
// (ConvLayer, on machines with AVX2 and FMA).

#include <filesystem>

#include <opencv2/dnn.hpp>

namespace sudoku {

enum class OwnLayers {
    Pooling,                // outputs to the bit as OpenCV's layers give them
    PoolingAndConvolution,  // within 1e-5 of them, faster: what the classifier loads
};

// readNetFromONNX with the layers `own` names run by our loops where they can (each factory
// falls back to OpenCV's layer for a layer it cannot do). Our factories are registered only
// while this net loads, so no other load sees them; safe to call from several threads. Throws
// cv::Exception as readNetFromONNX does.
cv::dnn::Net ReadNetWithOwnLayers(const std::filesystem::path& onnx,
                                  OwnLayers own = OwnLayers::PoolingAndConvolution);

}  // namespace sudoku
