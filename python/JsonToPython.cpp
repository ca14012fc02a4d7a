#include "python/JsonToPython.h"

#include <cmath>
#include <cstdint>
#include <string>

namespace sudokucam::python {
namespace {

namespace py = pybind11;

template <class Json>
py::object Convert(const Json& value) {
    switch (value.type()) {
        case Json::value_t::null:
        case Json::value_t::discarded:
            return py::none();
        case Json::value_t::boolean:
            return py::bool_(value.template get<bool>());
        case Json::value_t::number_integer:
            return py::int_(value.template get<std::int64_t>());
        case Json::value_t::number_unsigned:
            return py::int_(value.template get<std::uint64_t>());
        case Json::value_t::number_float:
            // The dump writes NaN and the infinities as null.
            if (!std::isfinite(value.template get<double>())) return py::none();
            return py::float_(value.template get<double>());
        case Json::value_t::string:
            return ToPythonText(value.template get_ref<const std::string&>());
        case Json::value_t::binary:
            break;
        case Json::value_t::array: {
            py::list list;
            for (const Json& item : value)
                list.append(Convert(item));
            return list;
        }
        case Json::value_t::object: {
            py::dict dict;
            for (const auto& item : value.items())
                dict[ToPythonText(item.key())] = Convert(item.value());
            return dict;
        }
    }
    throw py::type_error("a JSON answer holds binary data, which has no Python form here");
}

}  // namespace

py::str ToPythonText(const std::string& text) {
    PyObject* decoded =
        PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()), "replace");
    if (decoded == nullptr) throw py::error_already_set();
    return py::reinterpret_steal<py::str>(decoded);
}

py::object ToPython(const nlohmann::json& value) {
    return Convert(value);
}

py::object ToPython(const nlohmann::ordered_json& value) {
    return Convert(value);
}

}  // namespace sudokucam::python
