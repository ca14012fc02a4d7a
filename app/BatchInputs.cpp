#include "app/BatchInputs.h"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <system_error>
#include <unordered_set>

#include "app/ImageSniff.h"

namespace sudokucam {
namespace {

namespace fs = std::filesystem;

bool SameFile(const fs::path& a, const fs::path& b) {
    std::error_code ec;
    return fs::equivalent(a, b, ec);
}

bool Excluded(const fs::path& dir, const std::vector<fs::path>& exclude) {
    return std::any_of(exclude.begin(), exclude.end(),
                       [&](const fs::path& e) { return SameFile(dir, e); });
}

std::runtime_error ListError(const std::string& what, const fs::path& dir, std::error_code ec) {
    return std::runtime_error(what + " " + dir.string() + ": " + ec.message());
}

BatchInputs ReadList(std::istream& in, const Shard& shard) {
    BatchInputs found;
    std::unordered_set<std::string> seen;
    for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty()) continue;
        if (!InShard(line, shard)) {
            ++found.otherShards;
            continue;
        }
        if (!seen.insert(line).second) {
            ++found.repeated;
            continue;
        }
        found.files.push_back(std::move(line));
    }
    return found;
}

}  // namespace

BatchInputs FindImages(const fs::path& dir, const std::vector<fs::path>& exclude,
                       const Shard& shard) {
    BatchInputs found;
    found.dir = dir;
    std::error_code ec;
    fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec);
    if (ec) throw ListError("cannot list", dir, ec);
    for (; it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (ec) throw ListError("cannot list", dir, ec);
        if (it->is_directory(ec)) {
            if (Excluded(it->path(), exclude)) it.disable_recursion_pending();
            continue;
        }
        if (!it->is_regular_file(ec)) continue;
        std::string file = it->path().lexically_relative(dir).generic_string();
        // Before the file is opened: a shard of a large folder only sniffs its own files.
        if (!InShard(file, shard)) {
            ++found.otherShards;
            continue;
        }
        const auto format = SniffImageFile(it->path());
        if (format && *format == ImageFormat::None) {
            ++found.skipped;
            continue;
        }
        found.files.push_back(std::move(file));
    }
    std::sort(found.files.begin(), found.files.end());
    return found;
}

BatchInput BatchInputs::input(const std::string& file) const {
    if (dir.empty()) return {file, file, ListedOutputName(file)};
    return {dir / file, file, file};
}

BatchInputs ListedFiles(const std::string& list, const Shard& shard) {
    if (list == "-") {
        BatchInputs found = ReadList(std::cin, shard);
        if (std::cin.bad()) throw std::runtime_error("cannot read the list on standard input");
        return found;
    }
    std::error_code ec;
    if (fs::is_directory(list, ec))
        throw std::runtime_error(list + " is a folder, not a list of files (--files-from)");
    std::ifstream in(list, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read the list " + list);
    BatchInputs found = ReadList(in, shard);
    if (in.bad()) throw std::runtime_error("cannot read the list " + list);
    return found;
}

fs::path ListedOutputName(const std::string& listed) {
    fs::path name;
    for (const fs::path& part : fs::path(listed).lexically_normal().relative_path()) {
        if (part == "..")
            name /= "%2E%2E";
        else if (!part.empty() && part != ".")
            name /= part;
    }
    return name;
}

}  // namespace sudokucam
