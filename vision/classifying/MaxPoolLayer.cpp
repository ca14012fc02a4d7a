#include "vision/classifying/MaxPoolLayer.h"

#include <algorithm>
#include <string>
#include <vector>

#include <opencv2/core/hal/intrin.hpp>
#include <opencv2/dnn/all_layers.hpp>

#include "vision/classifying/LayerParts.h"

namespace sudoku {
namespace {

// What the ONNX importer gives a MaxPool the loop can do.
bool IsPlainMaxPool2(const cv::dnn::LayerParams& params) {
    return params.get<std::string>("pool", "") == "MAX" && EveryValueIs(params, "kernel_size", 2) &&
           EveryValueIs(params, "stride", 2) && EveryValueIs(params, "pad", 0) &&
           !params.get<bool>("ceil_mode", false) && !params.has("dilations") &&
           !params.has("global_pooling");
}

class MaxPool2Layer final : public cv::dnn::Layer {
public:
    explicit MaxPool2Layer(const cv::dnn::LayerParams& params) : Layer(params) {}

    bool getMemoryShapes(const std::vector<cv::dnn::MatShape>& inputs, int /*requiredOutputs*/,
                         std::vector<cv::dnn::MatShape>& outputs,
                         std::vector<cv::dnn::MatShape>& /*internals*/) const override {
        CV_Assert(inputs.size() == 1 && inputs[0].size() == 4);
        cv::dnn::MatShape shape = inputs[0];
        shape[2] /= 2;  // floor rounding, as ceil_mode 0
        shape[3] /= 2;
        outputs.assign(1, shape);
        return false;
    }

    void forward(cv::InputArrayOfArrays inputsArr, cv::OutputArrayOfArrays outputsArr,
                 cv::OutputArrayOfArrays /*internalsArr*/) override {
        LayerBlobs io = OnlyInputAndOutput(inputsArr, outputsArr);
        const int planes = io.in.size[0] * io.in.size[1];
        ForEachRange(planes, [&](const cv::Range& range) {
            for (int p = range.start; p < range.end; ++p)
                PoolPlane(io.in, io.out, p);
        });
    }

private:
    static void PoolPlane(const cv::Mat& src, cv::Mat& dst, int plane) {
        const int w = src.size[3], outH = dst.size[2], outW = dst.size[3];
        const float* in = src.ptr<float>() + std::size_t(plane) * src.size[2] * w;
        float* out = dst.ptr<float>() + std::size_t(plane) * outH * outW;
        for (int y = 0; y < outH; ++y, out += outW) {
            const float* top = in + std::size_t(2 * y) * w;
            const float* bottom = top + w;
            int x = 0;
#if CV_SIMD128
            // Four outputs at a time: the even and odd columns of both rows, split apart.
            for (; x + 4 <= outW; x += 4) {
                cv::v_float32x4 topEven, topOdd, bottomEven, bottomOdd;
                cv::v_load_deinterleave(top + 2 * x, topEven, topOdd);
                cv::v_load_deinterleave(bottom + 2 * x, bottomEven, bottomOdd);
                cv::v_store(out + x, cv::v_max(cv::v_max(topEven, topOdd),
                                               cv::v_max(bottomEven, bottomOdd)));
            }
#endif
            for (; x < outW; ++x)
                out[x] = std::max(std::max(top[2 * x], top[2 * x + 1]),
                                  std::max(bottom[2 * x], bottom[2 * x + 1]));
        }
    }
};

}  // namespace

cv::Ptr<cv::dnn::Layer> CreatePooling(cv::dnn::LayerParams& params) {
    if (IsPlainMaxPool2(params)) return cv::makePtr<MaxPool2Layer>(params);
    return cv::dnn::PoolingLayer::create(params);
}

}  // namespace sudoku
