#pragma once
// The module's puzzle functions: solve, hint, grade and generate, answered by the same code as
// the commands (app/PuzzleJson.h, app/GenerateRequest.h), so they give the same answers and the
// same messages. The GIL is released while they search.

#include <cstdint>
#include <optional>
#include <string>

#include <pybind11/pybind11.h>

#include "app/GenerateRequest.h"

namespace sudokucam::python {

// The solution in the one-line form; raises ValueError with solve's text line ("no-solution:
// Row 3 has two 5s: r3c2 and r3c7.") when the puzzle has not exactly one. With `details` or
// `steps`: the `solve --json` dict instead, whatever the status.
pybind11::object Solve(const std::string& puzzle, const std::string& format, bool steps,
                       bool details);
// The `hint --json` dict.
pybind11::object Hint(const std::string& puzzle, const std::string& format);
// The `grade --json` dict.
pybind11::object Grade(const std::string& puzzle, const std::string& format);
// The puzzle in the one-line form; with `details` the `generate --json` dict (graded).
pybind11::object Generate(const pybind11::object& seed, GenerateRequest request, bool details);

}  // namespace sudokucam::python
