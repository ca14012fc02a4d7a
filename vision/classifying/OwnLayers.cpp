#include "vision/classifying/OwnLayers.h"

#include <mutex>

#include "vision/classifying/ConvLayer.h"
#include "vision/classifying/MaxPoolLayer.h"

namespace sudoku {
namespace {

// Registers our factories for as long as it lives.
class OwnFactories {
public:
    explicit OwnFactories(OwnLayers own) : convolution_(own == OwnLayers::PoolingAndConvolution) {
        cv::dnn::LayerFactory::registerLayer("Pooling", CreatePooling);
        if (convolution_) cv::dnn::LayerFactory::registerLayer("Convolution", CreateConvolution);
    }
    ~OwnFactories() {
        cv::dnn::LayerFactory::unregisterLayer("Pooling");
        if (convolution_) cv::dnn::LayerFactory::unregisterLayer("Convolution");
    }
    OwnFactories(const OwnFactories&) = delete;
    OwnFactories& operator=(const OwnFactories&) = delete;

private:
    bool convolution_;
};

}  // namespace

cv::dnn::Net ReadNetWithOwnLayers(const std::filesystem::path& onnx, OwnLayers own) {
    // The layer factory is global: two loads at once must not register a constructor twice, and
    // no other load may see ours once this one is done.
    static std::mutex factory;
    std::lock_guard lock(factory);
    const OwnFactories registered(own);
    return cv::dnn::readNetFromONNX(onnx.string());
}

}  // namespace sudoku
