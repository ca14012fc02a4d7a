#include "python/PhotoArgument.h"

#include <unistd.h>

#include <climits>
#include <system_error>

#include <pybind11/numpy.h>

#include "python/JsonToPython.h"

namespace sudokucam::python {
namespace {

namespace fs = std::filesystem;
namespace py = pybind11;

PhotoArgument FromPath(const py::object& photo) {
    const py::object os = py::module_::import("os");
    const py::object text = os.attr("fspath")(photo);
    if (!py::isinstance<py::str>(text))
        throw py::type_error(
            "a photo's path must be str or os.PathLike of str, not of bytes "
            "(bytes are an encoded photo)");
    // os.fsencode: the file's own bytes, whatever its name's encoding (as the command line's
    // argument).
    const std::string bytes = os.attr("fsencode")(text).cast<std::string>();
    PhotoArgument argument;
    argument.kind = PhotoArgument::Kind::File;
    argument.path = bytes;
    argument.name = bytes;
    return argument;
}

PhotoArgument FromBytes(const py::object& photo) {
    // bytes cannot change while the reader runs without the GIL; a bytearray or memoryview could,
    // so it is copied into bytes first.
    const py::bytes owned = py::isinstance<py::bytes>(photo)
                                ? py::reinterpret_borrow<py::bytes>(photo)
                                : py::bytes(py::module_::import("builtins").attr("bytes")(photo));
    char* data = nullptr;
    Py_ssize_t size = 0;
    if (PyBytes_AsStringAndSize(owned.ptr(), &data, &size) != 0) throw py::error_already_set();
    PhotoArgument argument;
    argument.kind = PhotoArgument::Kind::Encoded;
    argument.bytes = {reinterpret_cast<const std::uint8_t*>(data), static_cast<std::size_t>(size)};
    argument.owner = owned;
    argument.name = "bytes";
    return argument;
}

[[noreturn]] void RefuseArray(const py::array& array) {
    throw py::value_error(
        py::str("a photo array must hold uint8 (or uint16) pixels, HxW gray, HxWx1, HxWx3 BGR "
                "or HxWx4 BGRA; this one is {} with shape {}")
            .format(array.dtype(), array.attr("shape"))
            .cast<std::string>());
}

PhotoArgument FromArray(const py::array& given) {
    const py::dtype dtype = given.dtype();
    const bool native = dtype.attr("isnative").cast<bool>();
    if (dtype.kind() != 'u' || (dtype.itemsize() != 1 && dtype.itemsize() != 2) || !native)
        RefuseArray(given);
    const int channels = given.ndim() == 2   ? 1
                         : given.ndim() == 3 ? static_cast<int>(given.shape(2))
                                             : 0;
    if (channels != 1 && channels != 3 && channels != 4) RefuseArray(given);
    if (given.shape(0) > INT_MAX || given.shape(1) > INT_MAX) RefuseArray(given);
    // One copy only for an array whose pixels are not laid out row after row (a slice, a
    // transpose).
    const py::array array = py::array::ensure(given, py::array::c_style);
    PhotoArgument argument;
    argument.kind = PhotoArgument::Kind::Pixels;
    argument.pixels = cv::Mat(static_cast<int>(array.shape(0)), static_cast<int>(array.shape(1)),
                              CV_MAKETYPE(dtype.itemsize() == 1 ? CV_8U : CV_16U, channels),
                              const_cast<void*>(array.data()));
    argument.owner = array;
    argument.name = "array";
    return argument;
}

bool IsArray(const py::object& photo) {
    // numpy is imported only for an object that may be one of its arrays.
    return py::hasattr(photo, "__array_interface__") && py::isinstance<py::array>(photo);
}

[[noreturn]] void Raise(PyObject* type, const std::string& message) {
    PyErr_SetObject(type, ToPythonText(message).ptr());
    throw py::error_already_set();
}

}  // namespace

PhotoArgument ToPhotoArgument(const py::object& photo) {
    if (py::isinstance<py::str>(photo) || py::hasattr(photo, "__fspath__")) return FromPath(photo);
    if (py::isinstance<py::bytes>(photo) || PyByteArray_Check(photo.ptr()) ||
        PyMemoryView_Check(photo.ptr()))
        return FromBytes(photo);
    if (IsArray(photo)) return FromArray(py::reinterpret_borrow<py::array>(photo));
    throw py::type_error(
        py::str("the photo must be a path (str or os.PathLike), encoded bytes or a numpy array, "
                "not {}")
            .format(py::type::of(photo).attr("__name__"))
            .cast<std::string>());
}

void RaisePhotoError(const PhotoArgument& photo, const std::string& message, PyObject* otherwise) {
    if (photo.kind == PhotoArgument::Kind::File) {
        std::error_code error;
        const fs::file_status status = fs::status(photo.path, error);
        if (!fs::exists(status)) Raise(PyExc_FileNotFoundError, message);
        if (fs::is_directory(status)) Raise(PyExc_IsADirectoryError, message);
        if (!fs::is_regular_file(status)) Raise(PyExc_OSError, message);
        if (::access(photo.path.c_str(), R_OK) != 0) Raise(PyExc_PermissionError, message);
    }
    Raise(otherwise, message);
}

}  // namespace sudokucam::python
