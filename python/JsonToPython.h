#pragma once
// The commands' JSON answers as Python objects, so the module returns exactly the fields the
// command line prints: null -> None, true/false -> bool, numbers -> int or float (NaN and the
// infinities, which the dump writes as null, -> None), strings -> str (invalid UTF-8 replaced, as
// the dump replaces it), arrays -> list, objects -> dict in the JSON's key order (sorted for
// nlohmann::json, as written for ordered_json).

#include <string>

#include <pybind11/pybind11.h>
#include <nlohmann/json.hpp>

namespace sudokucam::python {

pybind11::object ToPython(const nlohmann::json& value);
pybind11::object ToPython(const nlohmann::ordered_json& value);
// A C++ string (UTF-8, or a file name in any bytes) as str, invalid UTF-8 replaced.
pybind11::str ToPythonText(const std::string& text);

}  // namespace sudokucam::python
