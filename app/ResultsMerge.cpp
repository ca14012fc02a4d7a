#include "app/ResultsMerge.h"

#include <cerrno>
#include <cstring>
#include <map>
#include <set>
#include <stdexcept>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include "app/ResultsLog.h"
#include "app/Shard.h"

namespace sudokucam {
namespace {

namespace fs = std::filesystem;

struct Result {
    std::string key;    // its "file"
    std::string text;   // the line as written
    std::string where;  // "out/results.jsonl:12"
};

std::runtime_error ReadError(const fs::path& path, int code) {
    return std::runtime_error("cannot read " + path.string() + ": " + std::strerror(code));
}

// The whole file, refused while a batch holds its lock (ResultsLog takes an exclusive one):
// a shard still running has not logged everything yet.
std::string ReadFinished(const fs::path& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw ReadError(path, errno);
    if (::flock(fd, LOCK_SH | LOCK_NB) != 0) {
        const int code = errno;
        ::close(fd);
        if (code != EWOULDBLOCK) throw ReadError(path, code);
        throw std::runtime_error(path.string() +
                                 " is being written by a running batch: merge once it has ended");
    }
    std::string text;
    try {
        text = ReadWholeFile(fd, path);
    } catch (...) {
        ::close(fd);
        throw;
    }
    ::close(fd);
    return text;
}

std::string Where(const fs::path& path, int line) {
    std::string where = path.string();
    where += ':';
    where += std::to_string(line);
    return where;
}

// The result lines of one file; a last line without its newline (a batch killed while writing
// it) is left out and noted in `report.torn`.
void ReadResults(const fs::path& path, std::vector<Result>& results, MergeReport& report) {
    const std::string text = ReadFinished(path);
    int number = 0;
    for (std::size_t start = 0; start < text.size();) {
        const std::size_t newline = text.find('\n', start);
        if (newline == std::string::npos) {
            report.torn.push_back(path.string());
            break;
        }
        std::string line = text.substr(start, newline - start);
        start = newline + 1;
        ++number;
        if (line.empty()) continue;
        std::optional<std::string> file = ResultFile(line);
        if (!file) {
            report.invalid.push_back(Where(path, number) + ": not a result line");
            continue;
        }
        results.push_back({*std::move(file), std::move(line), Where(path, number)});
    }
}

// Results files named as a shard's ("results.shard-2-of-8.jsonl"): all of one N, each of its
// shards once. Files named otherwise are not checked.
void CheckShardNames(const std::vector<fs::path>& files, MergeReport& report) {
    std::map<int, std::map<int, int>> given;  // N -> K -> files
    for (const fs::path& file : files) {
        const std::optional<Shard> shard = ShardOfResultsFile(file.filename().string());
        if (!shard) return;
        ++given[shard->count][shard->index];
    }
    if (given.size() > 1) {
        report.shards.push_back("results files of shards of different counts (N) were given");
        return;
    }
    for (const auto& [count, shards] : given)
        for (int k = 1; k <= count; ++k) {
            const auto it = shards.find(k);
            const std::string shard = std::to_string(k) + " of " + std::to_string(count);
            if (it == shards.end())
                report.shards.push_back("no results file of shard " + shard);
            else if (it->second > 1)
                report.shards.push_back("shard " + shard + " given " + std::to_string(it->second) +
                                        " times");
        }
}

// `b.jpg (x.jsonl:4, y.jsonl:9)`: a file with several results, and where they are.
std::string Duplicate(const std::vector<Result>& results, const std::vector<std::size_t>& found) {
    std::string text = results[found.front()].key;
    for (std::size_t i = 0; i < found.size(); ++i) {
        text += i == 0 ? " (" : ", ";
        text += results[found[i]].where;
    }
    return text += ")";
}

// Adds the first result of a file to the merge, noting a file found more than once.
void Take(const std::vector<Result>& results, const std::vector<std::size_t>& found,
          MergeReport& report) {
    if (found.size() > 1) report.duplicated.push_back(Duplicate(results, found));
    report.lines.push_back(results[found.front()].text);
}

}  // namespace

MergeReport MergeResults(const std::vector<fs::path>& files,
                         const std::optional<std::vector<std::string>>& expected) {
    MergeReport report;
    std::vector<Result> results;
    for (const fs::path& file : files) {
        ReadResults(file, results, report);
        ++report.files;
    }
    report.results = static_cast<int>(results.size());
    CheckShardNames(files, report);
    std::map<std::string, std::vector<std::size_t>> byFile;
    for (std::size_t i = 0; i < results.size(); ++i)
        byFile[results[i].key].push_back(i);
    if (!expected) {
        for (const auto& [file, found] : byFile)
            Take(results, found, report);
        return report;
    }
    std::set<std::string> inputs;
    for (const std::string& file : *expected) {
        if (!inputs.insert(file).second) continue;
        const auto it = byFile.find(file);
        if (it == byFile.end())
            report.missing.push_back(file);
        else
            Take(results, it->second, report);
    }
    report.inputs = static_cast<int>(inputs.size());
    for (const auto& [file, found] : byFile)
        if (!inputs.count(file))
            report.unexpected.push_back(file + " (" + results[found[0]].where + ")");
    return report;
}

}  // namespace sudokucam
