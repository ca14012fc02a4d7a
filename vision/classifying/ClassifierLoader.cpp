#include "vision/classifying/ClassifierLoader.h"

#include <map>
#include <mutex>
#include <string>
#include <utility>

#include "vision/classifying/CnnClassifier.h"
#include "vision/classifying/TesseractClassifier.h"

namespace sudoku {

std::shared_ptr<const CellClassifier> LoadClassifier(Engine engine,
                                                     const std::filesystem::path& modelPath) {
    static std::mutex mutex;
    static std::map<std::pair<Engine, std::string>, std::shared_ptr<const CellClassifier>> cache;
    const std::lock_guard lock(mutex);
    // Tesseract ignores the model path: its data comes from the system's tessdata.
    auto key = std::make_pair(engine, engine == Engine::Cnn ? modelPath.string() : std::string());
    if (auto it = cache.find(key); it != cache.end()) return it->second;
    std::shared_ptr<const CellClassifier> classifier;
    if (engine == Engine::Cnn)
        classifier = std::make_shared<CnnClassifier>(modelPath);
    else
        classifier = std::make_shared<TesseractClassifier>();
    cache.emplace(std::move(key), classifier);
    return classifier;
}

}  // namespace sudoku
