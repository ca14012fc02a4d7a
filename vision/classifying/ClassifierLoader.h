#pragma once
// Loading a digit engine by name, once per process: the CNN's model file is parsed once and the
// same classifier serves every later photo (classify() is const and thread-safe).

#include <filesystem>
#include <memory>

#include "vision/classifying/CellClassifier.h"
#include "vision/reading/ReadSudoku.h"

namespace sudoku {

// The classifier for an engine, loaded on first use and cached by (engine, model path); an
// empty path means the CNN's default model (models/digits.onnx). Throws std::runtime_error with
// the reason when the engine cannot be loaded.
std::shared_ptr<const CellClassifier> LoadClassifier(Engine engine,
                                                     const std::filesystem::path& modelPath = {});

}  // namespace sudoku
