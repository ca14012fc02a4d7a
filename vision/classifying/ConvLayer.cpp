#include "vision/classifying/ConvLayer.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include <opencv2/dnn/all_layers.hpp>

#include "vision/classifying/LayerParts.h"

// Not under ThreadSanitizer: every float the loop reads would be a call into it, and the suite's
// photo tests took ten times as long, past CI's time (OpenCV's uninstrumented convolution runs
// there). The other builds test the loop, AddressSanitizer its memory.
#if defined(__x86_64__) && defined(__GNUC__) && !SUDOKU_THREAD_SANITIZER
#define SUDOKU_OWN_CONVOLUTION 1
#include <immintrin.h>
#else
#define SUDOKU_OWN_CONVOLUTION 0
#endif

namespace sudoku {
namespace {

#if SUDOKU_OWN_CONVOLUTION

// The kernels below, compiled for AVX2 and FMA.
#define SUDOKU_CONV_KERNEL __attribute__((target("avx2,fma")))

constexpr int kTaps = 9;   // a 3x3 kernel
constexpr int kLanes = 8;  // floats in an AVX register

// What CreateConvolution takes over: see ConvLayer.h.
bool IsSameSize3x3(const cv::dnn::LayerParams& params) {
    if (params.blobs.empty()) return false;
    const cv::Mat& weights = params.blobs[0];
    if (weights.dims != 4 || weights.type() != CV_32F || weights.size[2] != 3 ||
        weights.size[3] != 3 || weights.size[0] % kLanes != 0)
        return false;
    const int outputs = weights.size[0];
    if (params.blobs.size() > 1 && (params.blobs[1].type() != CV_32F ||
                                    params.blobs[1].total() != static_cast<std::size_t>(outputs)))
        return false;
    return EveryValueIs(params, "kernel_size", 3) && EveryValueIs(params, "stride", 1) &&
           EveryValueIs(params, "pad", 1) &&
           (!params.has("dilation") || EveryValueIs(params, "dilation", 1)) &&
           params.get<int>("group", 1) == 1 && params.get<int>("num_output", outputs) == outputs &&
           !params.has("pad_mode");
}

// One image's input, each pixel's channels side by side (the kernel broadcasts them one at a
// time), with a pixel of zeros around: the padding.
struct PaddedInput {
    std::vector<float> values;
    int width = 0, channels = 0;

    void fill(const float* planes, int count, int h, int w) {
        width = w + 2;
        channels = count;
        values.assign(static_cast<std::size_t>(h + 2) * width * channels, 0.f);
        for (int c = 0; c < channels; ++c)
            for (int y = 0; y < h; ++y)
                for (int x = 0; x < w; ++x)
                    values[(static_cast<std::size_t>(y + 1) * width + x + 1) * channels + c] =
                        planes[(static_cast<std::size_t>(c) * h + y) * w + x];
    }
    // Where the kernel's top left tap reads for output pixel (y, x).
    int corner(int y, int x) const { return (y * width + x) * channels; }
};

// Outputs `first` to `first + 8 * kVectors - 1` of `kPixels` output pixels: each register holds
// eight output channels of one pixel; every tap and input channel adds a broadcast input value
// times eight weights. `corners` are the pixels' PaddedInput::corner, `pixels` their index in
// the output plane (the last block repeats its last pixel: `valid` are stored).
template <int kPixels, int kVectors>
SUDOKU_CONV_KERNEL __attribute__((always_inline)) inline void ConvolveBlock(
    const PaddedInput& in, const int* corners, const float* weights, const float* bias, int outputs,
    int first, bool relu, const int* pixels, int valid, int plane, float* out) {
    __m256 sum[kPixels][kVectors];
#pragma GCC unroll 16
    for (int v = 0; v < kVectors; ++v) {
        const __m256 b = _mm256_loadu_ps(bias + first + kLanes * v);
#pragma GCC unroll 16
        for (int p = 0; p < kPixels; ++p)
            sum[p][v] = b;
    }
    const int channels = in.channels;
    for (int tap = 0; tap < kTaps; ++tap) {
        const int shift = ((tap / 3) * in.width + tap % 3) * channels;
        const float* w = weights + static_cast<std::size_t>(tap) * channels * outputs + first;
        const float* x = in.values.data() + shift;
        for (int c = 0; c < channels; ++c, w += outputs, ++x) {
            __m256 wv[kVectors];
#pragma GCC unroll 16
            for (int v = 0; v < kVectors; ++v)
                wv[v] = _mm256_loadu_ps(w + kLanes * v);
#pragma GCC unroll 16
            for (int p = 0; p < kPixels; ++p) {
                const __m256 xv = _mm256_broadcast_ss(x + corners[p]);
#pragma GCC unroll 16
                for (int v = 0; v < kVectors; ++v)
                    sum[p][v] = _mm256_fmadd_ps(xv, wv[v], sum[p][v]);
            }
        }
    }
    // Constant indices only (unrolled, `valid` tested inside): indexing `sum` by a variable
    // would keep it in memory instead of registers.
    alignas(32) float lanes[kLanes];
#pragma GCC unroll 16
    for (int p = 0; p < kPixels; ++p) {
        if (p >= valid) break;
#pragma GCC unroll 16
        for (int v = 0; v < kVectors; ++v) {
            __m256 s = sum[p][v];
            if (relu) s = _mm256_max_ps(s, _mm256_setzero_ps());
            _mm256_store_ps(lanes, s);
            float* o = out + static_cast<std::size_t>(first + kLanes * v) * plane + pixels[p];
            for (int lane = 0; lane < kLanes; ++lane)
                o[static_cast<std::size_t>(lane) * plane] = lanes[lane];
        }
    }
}

// One image of a single input channel (the network's first convolution), at least 8 pixels
// wide: there each output channel is only nine products a pixel, too few to pay for storing
// one pixel's channels at a time as ConvolveBlock does. Here a register holds 8 neighbouring
// pixels of one output channel and is stored whole; the row's last 8 pixels are computed even
// where they overlap the previous register.
SUDOKU_CONV_KERNEL void ConvolveSingleChannel(const PaddedInput& in, int h, int w,
                                              const float* weights, const float* bias, int outputs,
                                              bool relu, float* out) {
    constexpr int kOutputsAtOnce = 4;
    const std::size_t plane = static_cast<std::size_t>(h) * w;
    for (int y = 0; y < h; ++y) {
        for (int x0 = 0; x0 < w; x0 += kLanes) {
            const int x = std::min(x0, w - kLanes);
            __m256 taps[kTaps];
            for (int tap = 0; tap < kTaps; ++tap)
                taps[tap] = _mm256_loadu_ps(in.values.data() + in.corner(y, x) +
                                            (tap / 3) * in.width + tap % 3);
            for (int first = 0; first < outputs; first += kOutputsAtOnce) {
                __m256 sum[kOutputsAtOnce];
#pragma GCC unroll 4
                for (int o = 0; o < kOutputsAtOnce; ++o)
                    sum[o] = _mm256_set1_ps(bias[first + o]);
#pragma GCC unroll 9
                for (int tap = 0; tap < kTaps; ++tap)
#pragma GCC unroll 4
                    for (int o = 0; o < kOutputsAtOnce; ++o)
                        sum[o] = _mm256_fmadd_ps(
                            _mm256_broadcast_ss(weights + tap * outputs + first + o), taps[tap],
                            sum[o]);
#pragma GCC unroll 4
                for (int o = 0; o < kOutputsAtOnce; ++o) {
                    const __m256 s = relu ? _mm256_max_ps(sum[o], _mm256_setzero_ps()) : sum[o];
                    _mm256_storeu_ps(
                        out + (first + o) * plane + static_cast<std::size_t>(y) * w + x, s);
                }
            }
        }
    }
}

// One image: `out` is its `outputs` planes of h x w.
template <int kPixels, int kVectors>
SUDOKU_CONV_KERNEL void ConvolveImage(const PaddedInput& in, int h, int w, const float* weights,
                                      const float* bias, int outputs, bool relu, float* out) {
    const int plane = h * w;
    for (int start = 0; start < plane; start += kPixels) {
        int corners[kPixels], pixels[kPixels];
        for (int p = 0; p < kPixels; ++p) {
            pixels[p] = std::min(start + p, plane - 1);
            corners[p] = in.corner(pixels[p] / w, pixels[p] % w);
        }
        const int valid = std::min(kPixels, plane - start);
        for (int first = 0; first < outputs; first += kLanes * kVectors)
            ConvolveBlock<kPixels, kVectors>(in, corners, weights, bias, outputs, first, relu,
                                             pixels, valid, plane, out);
    }
}

// The weights [output][input][tap] as [tap][input][output]: eight outputs of one weight side by
// side, as ConvolveBlock loads them.
std::vector<float> TapMajor(const cv::Mat& weights) {
    const int outputs = weights.size[0], inputs = weights.size[1];
    std::vector<float> arranged(static_cast<std::size_t>(kTaps) * inputs * outputs);
    const float* src = weights.ptr<float>();
    for (int o = 0; o < outputs; ++o)
        for (int i = 0; i < inputs; ++i)
            for (int tap = 0; tap < kTaps; ++tap)
                arranged[(static_cast<std::size_t>(tap) * inputs + i) * outputs + o] =
                    src[(static_cast<std::size_t>(o) * inputs + i) * kTaps + tap];
    return arranged;
}

// The bias blob, or zeros when the convolution has none.
std::vector<float> BiasOf(const cv::dnn::LayerParams& params) {
    std::vector<float> bias(params.blobs[0].size[0], 0.f);
    if (params.blobs.size() > 1) {
        const cv::Mat b = params.blobs[1].reshape(1, 1);
        std::copy(b.ptr<float>(), b.ptr<float>() + bias.size(), bias.begin());
    }
    return bias;
}

class Conv3x3Layer final : public cv::dnn::Layer {
public:
    explicit Conv3x3Layer(const cv::dnn::LayerParams& params)
        : Layer(params),
          inputs_(params.blobs[0].size[1]),
          outputs_(params.blobs[0].size[0]),
          weights_(TapMajor(params.blobs[0])),
          bias_(BiasOf(params)) {}

    bool getMemoryShapes(const std::vector<cv::dnn::MatShape>& inputs, int /*requiredOutputs*/,
                         std::vector<cv::dnn::MatShape>& outputs,
                         std::vector<cv::dnn::MatShape>& /*internals*/) const override {
        CV_Assert(inputs.size() == 1 && inputs[0].size() == 4 && inputs[0][1] == inputs_);
        cv::dnn::MatShape shape = inputs[0];
        shape[1] = outputs_;
        outputs.assign(1, shape);
        return false;
    }

    // OpenCV runs a ReLU after a convolution inside it when the convolution takes it.
    bool setActivation(const cv::Ptr<cv::dnn::ActivationLayer>& layer) override {
        if (layer.empty()) {
            relu_ = false;
            return true;
        }
        const auto relu = layer.dynamicCast<cv::dnn::ReLULayer>();
        if (relu_ || !relu || relu->negativeSlope != 0.f) return false;
        relu_ = true;
        return true;
    }

    void forward(cv::InputArrayOfArrays inputsArr, cv::OutputArrayOfArrays outputsArr,
                 cv::OutputArrayOfArrays /*internalsArr*/) override {
        LayerBlobs io = OnlyInputAndOutput(inputsArr, outputsArr);
        const int images = io.in.size[0], h = io.in.size[2], w = io.in.size[3];
        const std::size_t inSize = static_cast<std::size_t>(inputs_) * h * w;
        const std::size_t outSize = static_cast<std::size_t>(outputs_) * h * w;
        ForEachRange(images, [&](const cv::Range& range) {
            PaddedInput padded;
            for (int n = range.start; n < range.end; ++n) {
                padded.fill(io.in.ptr<float>() + n * inSize, inputs_, h, w);
                convolve(padded, h, w, io.out.ptr<float>() + n * outSize);
            }
        });
    }

private:
    // Twelve sums in registers (of sixteen), as many output channels at once as divide them.
    void convolve(const PaddedInput& in, int h, int w, float* out) const {
        const float* weights = weights_.data();
        const float* bias = bias_.data();
        if (inputs_ == 1 && w >= kLanes)
            ConvolveSingleChannel(in, h, w, weights, bias, outputs_, relu_, out);
        else if (outputs_ % 16 == 0)
            ConvolveImage<6, 2>(in, h, w, weights, bias, outputs_, relu_, out);
        else
            ConvolveImage<12, 1>(in, h, w, weights, bias, outputs_, relu_, out);
    }

    int inputs_ = 0, outputs_ = 0;
    bool relu_ = false;
    std::vector<float> weights_, bias_;
};

#endif  // SUDOKU_OWN_CONVOLUTION

}  // namespace

bool HaveOwnConvolution() {
#if SUDOKU_OWN_CONVOLUTION
    static const bool have =
        (__builtin_cpu_init(), __builtin_cpu_supports("avx2")) && __builtin_cpu_supports("fma");
    return have;
#else
    return false;
#endif
}

cv::Ptr<cv::dnn::Layer> CreateConvolution(cv::dnn::LayerParams& params) {
#if SUDOKU_OWN_CONVOLUTION
    if (HaveOwnConvolution() && IsSameSize3x3(params)) return cv::makePtr<Conv3x3Layer>(params);
#endif
    return cv::dnn::ConvolutionLayer::create(params);
}

}  // namespace sudoku
