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

    // `extra` rows and columns of zeros more at the bottom and right, where Winograd's tiles
    // reach past an image of odd size.
    void fill(const float* planes, int count, int h, int w, int extra = 0) {
        width = w + 2 + extra;
        channels = count;
        values.assign(static_cast<std::size_t>(h + 2 + extra) * width * channels, 0.f);
        for (int c = 0; c < channels; ++c)
            for (int y = 0; y < h; ++y)
                for (int x = 0; x < w; ++x)
                    values[(static_cast<std::size_t>(y + 1) * width + x + 1) * channels + c] =
                        planes[(static_cast<std::size_t>(c) * h + y) * w + x];
    }
    // Where the kernel's top left tap reads for output pixel (y, x).
    int corner(int y, int x) const { return (y * width + x) * channels; }
};

// Eight output channels of one pixel, `o` the first's place, each channel's plane `plane` floats
// after the one before; through a ReLU when the layer took one in.
SUDOKU_CONV_KERNEL __attribute__((always_inline)) inline void StorePixelChannels(
    __m256 s, bool relu, float* o, std::size_t plane) {
    if (relu) s = _mm256_max_ps(s, _mm256_setzero_ps());
    alignas(32) float lanes[kLanes];
    _mm256_store_ps(lanes, s);
    for (int lane = 0; lane < kLanes; ++lane)
        o[lane * plane] = lanes[lane];
}

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
#pragma GCC unroll 16
    for (int p = 0; p < kPixels; ++p) {
        if (p >= valid) break;
#pragma GCC unroll 16
        for (int v = 0; v < kVectors; ++v)
            StorePixelChannels(
                sum[p][v], relu,
                out + static_cast<std::size_t>(first + kLanes * v) * plane + pixels[p],
                static_cast<std::size_t>(plane));
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

// Winograd's F(2x2, 3x3) (Lavin and Gray, "Fast algorithms for convolutional neural networks",
// 2016): a 4x4 tile of the padded input gives a 2x2 tile of the output, by 16 products per input
// and output channel instead of the 36 of four 3x3 kernels. The input tile d becomes B^T d B and
// the kernel g becomes G g G^T (once, as the layer is made); their products, summed over the input
// channels (a matrix product for each of the 16 positions of a tile), become the output tile by
// A^T m A. Only additions besides the products: B, G and A hold 0, 1, -1 and 0.5.
constexpr int kTilePositions = 16;  // a transformed tile is 4x4

int TilesAlong(int pixels) {
    return (pixels + 1) / 2;
}

// The weights [output][input][tap] as G g G^T, [position][input][output].
std::vector<float> WinogradWeights(const cv::Mat& weights) {
    const int outputs = weights.size[0], inputs = weights.size[1];
    std::vector<float> u(static_cast<std::size_t>(kTilePositions) * inputs * outputs);
    const float* src = weights.ptr<float>();
    for (int o = 0; o < outputs; ++o)
        for (int i = 0; i < inputs; ++i) {
            const float* g = src + (static_cast<std::size_t>(o) * inputs + i) * kTaps;
            float gg[4][3];  // G g
            for (int col = 0; col < 3; ++col) {
                gg[0][col] = g[col];
                gg[1][col] = 0.5f * (g[col] + g[3 + col] + g[6 + col]);
                gg[2][col] = 0.5f * (g[col] - g[3 + col] + g[6 + col]);
                gg[3][col] = g[6 + col];
            }
            for (int row = 0; row < 4; ++row) {
                const float* r = gg[row];
                const float ggg[4] = {r[0], 0.5f * (r[0] + r[1] + r[2]),
                                      0.5f * (r[0] - r[1] + r[2]), r[2]};
                for (int col = 0; col < 4; ++col)
                    u[(static_cast<std::size_t>(row * 4 + col) * inputs + i) * outputs + o] =
                        ggg[col];
            }
        }
    return u;
}

// B^T x B of a 4x4 tile of registers, in place.
SUDOKU_CONV_KERNEL __attribute__((always_inline)) inline void InputTransform(__m256 (&x)[4][4]) {
    for (int col = 0; col < 4; ++col) {
        const __m256 d0 = x[0][col], d1 = x[1][col], d2 = x[2][col], d3 = x[3][col];
        x[0][col] = _mm256_sub_ps(d0, d2);
        x[1][col] = _mm256_add_ps(d1, d2);
        x[2][col] = _mm256_sub_ps(d2, d1);
        x[3][col] = _mm256_sub_ps(d1, d3);
    }
    for (auto& row : x) {
        const __m256 t0 = row[0], t1 = row[1], t2 = row[2], t3 = row[3];
        row[0] = _mm256_sub_ps(t0, t2);
        row[1] = _mm256_add_ps(t1, t2);
        row[2] = _mm256_sub_ps(t2, t1);
        row[3] = _mm256_sub_ps(t1, t3);
    }
}

// Every tile of one image transformed: `v` is [position][tile][channel].
SUDOKU_CONV_KERNEL void TransformInputTiles(const PaddedInput& in, int tilesDown, int tilesAcross,
                                            float* v) {
    const int channels = in.channels, tiles = tilesDown * tilesAcross;
    for (int ty = 0; ty < tilesDown; ++ty)
        for (int tx = 0; tx < tilesAcross; ++tx) {
            const int tile = ty * tilesAcross + tx;
            for (int c = 0; c < channels; c += kLanes) {
                __m256 x[4][4];
                for (int row = 0; row < 4; ++row)
                    for (int col = 0; col < 4; ++col)
                        x[row][col] = _mm256_loadu_ps(in.values.data() +
                                                      in.corner(2 * ty + row, 2 * tx + col) + c);
                InputTransform(x);
                for (int pos = 0; pos < kTilePositions; ++pos)
                    _mm256_storeu_ps(
                        v + (static_cast<std::size_t>(pos) * tiles + tile) * channels + c,
                        x[pos / 4][pos % 4]);
            }
        }
}

// Outputs `first` to `first + 8 * kVectors - 1` of tiles `start` to `start + kTiles - 1` at one
// position: the sum over the input channels of the transformed input times the transformed
// weights, as ConvolveBlock's registers hold eight output channels of one pixel. `m` is
// [tile][position][output].
template <int kTiles, int kVectors>
SUDOKU_CONV_KERNEL __attribute__((always_inline)) inline void MultiplyTileBlock(
    const float* v, const float* u, int channels, int outputs, int first, int start, int pos,
    float* m) {
    __m256 sum[kTiles][kVectors];
#pragma GCC unroll 16
    for (int t = 0; t < kTiles; ++t)
#pragma GCC unroll 16
        for (int k = 0; k < kVectors; ++k)
            sum[t][k] = _mm256_setzero_ps();
    const float* w = u + first;
    const float* x = v + static_cast<std::size_t>(start) * channels;
    for (int c = 0; c < channels; ++c, w += outputs, ++x) {
        __m256 wv[kVectors];
#pragma GCC unroll 16
        for (int k = 0; k < kVectors; ++k)
            wv[k] = _mm256_loadu_ps(w + kLanes * k);
#pragma GCC unroll 16
        for (int t = 0; t < kTiles; ++t) {
            const __m256 xv = _mm256_broadcast_ss(x + t * channels);
#pragma GCC unroll 16
            for (int k = 0; k < kVectors; ++k)
                sum[t][k] = _mm256_fmadd_ps(xv, wv[k], sum[t][k]);
        }
    }
#pragma GCC unroll 16
    for (int t = 0; t < kTiles; ++t)
#pragma GCC unroll 16
        for (int k = 0; k < kVectors; ++k)
            _mm256_storeu_ps(
                m + (static_cast<std::size_t>(start + t) * kTilePositions + pos) * outputs + first +
                    kLanes * k,
                sum[t][k]);
}

// Tiles `start` to `start + kTiles - 1` at one position, every output.
template <int kTiles>
SUDOKU_CONV_KERNEL void MultiplyTiles(const float* v, const float* u, int channels, int outputs,
                                      int start, int pos, float* m) {
    for (int first = 0; first < outputs; first += 2 * kLanes)
        MultiplyTileBlock<kTiles, 2>(v, u, channels, outputs, first, start, pos, m);
}

// A^T m A of a 4x4 tile of registers: the 2x2 outputs.
SUDOKU_CONV_KERNEL __attribute__((always_inline)) inline void OutputTransform(
    const __m256 (&m)[4][4], __m256 (&y)[2][2]) {
    __m256 s[2][4];
    for (int col = 0; col < 4; ++col) {
        s[0][col] = _mm256_add_ps(_mm256_add_ps(m[0][col], m[1][col]), m[2][col]);
        s[1][col] = _mm256_sub_ps(_mm256_sub_ps(m[1][col], m[2][col]), m[3][col]);
    }
    for (int row = 0; row < 2; ++row) {
        y[row][0] = _mm256_add_ps(_mm256_add_ps(s[row][0], s[row][1]), s[row][2]);
        y[row][1] = _mm256_sub_ps(_mm256_sub_ps(s[row][1], s[row][2]), s[row][3]);
    }
}

// One image by F(2x2, 3x3): `v` and `m` are room for its transformed input and products.
SUDOKU_CONV_KERNEL void ConvolveImageByTiles(const PaddedInput& in, int h, int w, const float* u,
                                             const float* bias, int outputs, bool relu,
                                             std::vector<float>& v, std::vector<float>& m,
                                             float* out) {
    constexpr int kTiles = 6;  // by 16 outputs: twelve sums in registers, as ConvolveImage<6, 2>
    const int tilesDown = TilesAlong(h), tilesAcross = TilesAlong(w);
    const int tiles = tilesDown * tilesAcross, channels = in.channels;
    v.resize(static_cast<std::size_t>(kTilePositions) * tiles * channels);
    m.resize(static_cast<std::size_t>(tiles) * kTilePositions * outputs);
    TransformInputTiles(in, tilesDown, tilesAcross, v.data());
    for (int pos = 0; pos < kTilePositions; ++pos) {
        const float* vp = v.data() + static_cast<std::size_t>(pos) * tiles * channels;
        const float* up = u + static_cast<std::size_t>(pos) * channels * outputs;
        int start = 0;
        for (; start + kTiles <= tiles; start += kTiles)
            MultiplyTiles<kTiles>(vp, up, channels, outputs, start, pos, m.data());
        // The last few tiles by a block of their own size (none computed twice).
        switch (tiles - start) {
            case 5:
                MultiplyTiles<5>(vp, up, channels, outputs, start, pos, m.data());
                break;
            case 4:
                MultiplyTiles<4>(vp, up, channels, outputs, start, pos, m.data());
                break;
            case 3:
                MultiplyTiles<3>(vp, up, channels, outputs, start, pos, m.data());
                break;
            case 2:
                MultiplyTiles<2>(vp, up, channels, outputs, start, pos, m.data());
                break;
            case 1:
                MultiplyTiles<1>(vp, up, channels, outputs, start, pos, m.data());
                break;
            default:
                break;
        }
    }
    const std::size_t plane = static_cast<std::size_t>(h) * w;
    for (int tile = 0; tile < tiles; ++tile) {
        const int y0 = 2 * (tile / tilesAcross), x0 = 2 * (tile % tilesAcross);
        const float* mt = m.data() + static_cast<std::size_t>(tile) * kTilePositions * outputs;
        for (int first = 0; first < outputs; first += kLanes) {
            __m256 mm[4][4], y[2][2];
            for (int pos = 0; pos < kTilePositions; ++pos)
                mm[pos / 4][pos % 4] = _mm256_loadu_ps(mt + pos * outputs + first);
            OutputTransform(mm, y);
            const __m256 b = _mm256_loadu_ps(bias + first);
            for (int row = 0; row < 2 && y0 + row < h; ++row)
                for (int col = 0; col < 2 && x0 + col < w; ++col)
                    StorePixelChannels(_mm256_add_ps(y[row][col], b), relu,
                                       out + static_cast<std::size_t>(first) * plane +
                                           static_cast<std::size_t>(y0 + row) * w + x0 + col,
                                       plane);
        }
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
          byTiles_(inputs_ % kLanes == 0 && outputs_ % (2 * kLanes) == 0),
          weights_(byTiles_ ? WinogradWeights(params.blobs[0]) : TapMajor(params.blobs[0])),
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
        const int extra = byTiles_ && (h % 2 || w % 2) ? 1 : 0;
        ForEachRange(images, [&](const cv::Range& range) {
            PaddedInput padded;
            std::vector<float> tiles, products;
            for (int n = range.start; n < range.end; ++n) {
                padded.fill(io.in.ptr<float>() + n * inSize, inputs_, h, w, extra);
                float* out = io.out.ptr<float>() + n * outSize;
                if (byTiles_)
                    ConvolveImageByTiles(padded, h, w, weights_.data(), bias_.data(), outputs_,
                                         relu_, tiles, products, out);
                else
                    convolve(padded, h, w, out);
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
    // Winograd's tiles where the input channels fill registers (all but a network's first
    // convolution) and the outputs fill MultiplyTileBlock's two; ConvolveImage elsewhere.
    bool byTiles_ = false;
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
