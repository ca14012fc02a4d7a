#include "app/ResultsLog.h"

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string_view>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

namespace sudokucam {
namespace {

using nlohmann::json;

std::runtime_error SystemError(const std::string& what, const std::filesystem::path& path) {
    return std::runtime_error(what + " " + path.string() + ": " + std::strerror(errno));
}

}  // namespace

std::string ReadWholeFile(int fd, const std::filesystem::path& path) {
    std::string text;
    char buffer[1 << 16];
    for (;;) {
        const ssize_t n = ::pread(fd, buffer, sizeof buffer, static_cast<off_t>(text.size()));
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw SystemError("cannot read", path);
        if (n == 0) return text;
        text.append(buffer, static_cast<std::size_t>(n));
    }
}

std::optional<std::string> ResultFile(std::string_view line) {
    const json j = json::parse(line, nullptr, false);
    if (!j.is_object() || !j.contains("file") || !j["file"].is_string()) return std::nullopt;
    return j["file"].get<std::string>();
}

std::string LogKey(const std::string& file) {
    const std::string dumped = json(file).dump(-1, ' ', false, json::error_handler_t::replace);
    return json::parse(dumped).get<std::string>();
}

ResultsLog::ResultsLog(const std::filesystem::path& path) : path_(path) {
    fd_ = ::open(path.c_str(), O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0) throw SystemError("cannot open", path);
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
        ::close(fd_);
        throw std::runtime_error("another batch is writing " + path.string());
    }
    try {
        load();
    } catch (...) {
        ::close(fd_);
        throw;
    }
}

ResultsLog::~ResultsLog() {
    if (fd_ >= 0) ::close(fd_);  // also releases the lock
}

void ResultsLog::load() {
    const std::string text = ReadWholeFile(fd_, path_);
    const std::size_t end = text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1;
    if (end < text.size()) {
        truncatedBytes_ = text.size() - end;
        if (::ftruncate(fd_, static_cast<off_t>(end)) != 0)
            throw SystemError("cannot cut the torn last line of", path_);
    }
    std::size_t start = 0;
    while (start < end) {
        const std::size_t newline = text.find('\n', start);
        const std::string_view line(text.data() + start, newline - start);
        start = newline + 1;
        if (line.empty()) continue;
        if (std::optional<std::string> file = ResultFile(line))
            done_.insert(*std::move(file));
        else
            ++invalidLines_;
    }
}

void ResultsLog::append(const std::string& line) {
    std::string whole = line;
    whole += '\n';
    struct stat before {};
    if (::fstat(fd_, &before) != 0) throw SystemError("cannot append to", path_);
    // One write() for the whole line; after a short write the rest is retried.
    std::size_t written = 0;
    while (written < whole.size()) {
        const ssize_t n = ::write(fd_, whole.data() + written, whole.size() - written);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            // A full disk: cut the part written, so the log stays whole lines (truncating frees
            // space, so it works there). Were this to fail, the next open cuts the torn line.
            const int error = n < 0 ? errno : ENOSPC;
            const bool cut = written == 0 || ::ftruncate(fd_, before.st_size) == 0;
            errno = error;
            throw SystemError(cut ? "cannot append to" : "cannot append (torn line left) to",
                              path_);
        }
        written += static_cast<std::size_t>(n);
    }
}

}  // namespace sudokucam
