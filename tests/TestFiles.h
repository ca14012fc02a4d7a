#pragma once
// Files for the tests: whole files read and written as text, split into lines, and fresh
// temporary folders. Also Cat, string concatenation that GCC 12 does not misreport.

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <map>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

namespace sudoku {

// Concatenation by append: GCC 12 warns (-Wrestrict, a false positive) on some
// "literal" + std::string expressions once inlined.
inline std::string Cat(std::initializer_list<std::string_view> parts) {
    std::string s;
    for (std::string_view part : parts)
        s.append(part);
    return s;
}

// The whole file; empty if it cannot be read.
inline std::string ReadText(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// The text's lines, without their line ends.
inline std::vector<std::string> Lines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

// The numbers of a text's "key: 12" lines (a command's summary), by key.
inline std::map<std::string, int> KeyCounts(const std::string& text) {
    std::map<std::string, int> counts;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        if (const auto colon = line.find(": "); colon != std::string::npos)
            counts[line.substr(0, colon)] = std::atoi(line.c_str() + colon + 2);
    return counts;
}

// Writes the file, and the folders it lies in.
inline void WriteText(const std::filesystem::path& path, const std::string& text) {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
}

// A path in the tests' temporary folder, unique per process: CTest runs each test case in a
// process of its own, in parallel, and other people's runs of the suite may run beside it.
inline std::filesystem::path TempPath(std::string_view name) {
    return std::filesystem::path(::testing::TempDir()) /
           Cat({"sudokucam_", std::to_string(::getpid()), "_", name});
}

// Removes, as the test process ends, everything TempPath named in it, so that runs of the suite
// leave nothing behind in the temporary folder. A child the process forks has a pid of its own
// and removes only its own.
struct TempPathsRemover {
    TempPathsRemover() = default;
    TempPathsRemover(const TempPathsRemover&) = delete;
    TempPathsRemover& operator=(const TempPathsRemover&) = delete;
    ~TempPathsRemover() {
        const std::string prefix = Cat({"sudokucam_", std::to_string(::getpid()), "_"});
        std::vector<std::filesystem::path> ours;
        std::error_code error;
        std::filesystem::directory_iterator entry(::testing::TempDir(), error), end;
        for (; !error && entry != end; entry.increment(error))
            if (entry->path().filename().string().rfind(prefix, 0) == 0)
                ours.push_back(entry->path());
        for (const std::filesystem::path& path : ours)
            std::filesystem::remove_all(path, error);
    }
};
inline TempPathsRemover gTempPathsRemover;

// A fresh empty folder for one test (see TempPath).
inline std::filesystem::path FreshDir(std::string_view name) {
    const std::filesystem::path dir = TempPath(name);
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

}  // namespace sudoku
