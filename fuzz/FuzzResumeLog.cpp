// libFuzzer target: bytes written as a batch's results.jsonl, then opened with ResultsLog the way
// `sudokucam batch` resumes a folder. Properties checked besides "no crash": only a torn last
// line is cut, reopening finds the same files and nothing more to cut, and LogKey is stable.

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include "app/ResultsLog.h"

namespace {

void Require(bool condition) {
    if (!condition) std::abort();  // a broken property is a finding, like a crash
}

const std::filesystem::path& LogPath() {
    static const std::filesystem::path path =
        std::filesystem::temp_directory_path() /
        ("fuzz_resume_log_" + std::to_string(getpid()) + ".jsonl");
    return path;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    std::ofstream(LogPath(), std::ios::binary | std::ios::trunc) << text;
    const std::size_t lastNewline = text.rfind('\n');
    const std::size_t whole = lastNewline == std::string::npos ? 0 : lastNewline + 1;
    std::set<std::string> done;
    {
        const sudokucam::ResultsLog log(LogPath());
        Require(log.truncatedBytes() == size - whole);
        Require(std::filesystem::file_size(LogPath()) == whole);
        done = log.done();
        for (const std::string& file : done)
            Require(sudokucam::LogKey(file) == sudokucam::LogKey(sudokucam::LogKey(file)));
    }
    {
        const sudokucam::ResultsLog again(LogPath());
        Require(again.truncatedBytes() == 0);
        Require(again.done() == done);
    }
    const std::string key = sudokucam::LogKey(text);
    Require(sudokucam::LogKey(key) == key);
    std::filesystem::remove(LogPath());
    return 0;
}
