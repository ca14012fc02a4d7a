#include "app/VideoIo.h"

#include <dlfcn.h>

#include <filesystem>
#include <mutex>
#include <stdexcept>
#include <vector>

namespace sudokucam {
namespace {

namespace fs = std::filesystem;

// Where the module may be: the installed layout relative to the running program (a moved
// install still finds it), the install prefix it was built for, and the build tree (the program
// and the tests run from there). SUDOKUCAM_VIDEO_IO_* are set by app/CMakeLists.txt.
std::vector<fs::path> ModulePlaces() {
    std::vector<fs::path> places;
    std::error_code error;
    const fs::path self = fs::read_symlink("/proc/self/exe", error);
    if (!error)
        places.push_back(
            (self.parent_path() / ".." / SUDOKUCAM_VIDEO_IO_RELATIVE_DIR / SUDOKUCAM_VIDEO_IO_NAME)
                .lexically_normal());
    places.push_back(fs::path(SUDOKUCAM_VIDEO_IO_INSTALLED_DIR) / SUDOKUCAM_VIDEO_IO_NAME);
    places.push_back(SUDOKUCAM_VIDEO_IO_BUILT);
    return places;
}

const VideoIo* Load() {
    std::string tried;
    for (const fs::path& place : ModulePlaces()) {
        std::error_code error;
        if (!fs::is_regular_file(place, error)) {
            tried += "\n  " + place.string() + ": not there";
            continue;
        }
        // Never closed: the module's objects live as long as the program.
        void* handle = ::dlopen(place.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            tried += "\n  " + place.string() + ": " + ::dlerror();
            continue;
        }
        using Entry = const VideoIo* (*)();
        if (auto entry = reinterpret_cast<Entry>(::dlsym(handle, "sudokucam_video_io")))
            return entry();
        tried += "\n  " + place.string() + ": no sudokucam_video_io in it";
    }
    throw std::runtime_error("cannot load the camera and video module" + tried);
}

}  // namespace

const VideoIo& TheVideoIo() {
    // A failed load is tried again next time (and says why again).
    static std::mutex mutex;
    static const VideoIo* io = nullptr;
    std::lock_guard lock(mutex);
    if (!io) io = Load();
    return *io;
}

}  // namespace sudokucam
