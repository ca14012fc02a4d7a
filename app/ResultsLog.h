#pragma once
// OUTDIR/results.jsonl, the batch's resume log: one JSON object per line, one line per image,
// appended with a single write() each so a killed process never leaves half of a line behind
// a whole one. On opening, a torn last line (a crash during the write) is cut off and the files
// already done are collected, so a new run skips them.

#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <string_view>

namespace sudokucam {

class ResultsLog {
public:
    // Opens or creates the log and locks it against a second batch on the same folder. Throws
    // std::runtime_error with the reason when it cannot.
    explicit ResultsLog(const std::filesystem::path& path);
    ~ResultsLog();
    ResultsLog(const ResultsLog&) = delete;
    ResultsLog& operator=(const ResultsLog&) = delete;

    // The "file" of every complete line found when the log was opened.
    const std::set<std::string>& done() const { return done_; }
    // Bytes cut off the end when the log was opened (a torn last line), 0 normally.
    std::size_t truncatedBytes() const { return truncatedBytes_; }
    // Complete lines that were not a JSON object with a "file" string (kept, but ignored).
    int invalidLines() const { return invalidLines_; }

    // Appends `line` and a newline in one write(). Throws std::runtime_error naming the log and
    // the reason ("No space left on device") when it fails, with the part written cut off.
    void append(const std::string& line);

private:
    void load();

    std::filesystem::path path_;
    int fd_ = -1;
    std::set<std::string> done_;
    std::size_t truncatedBytes_ = 0;
    int invalidLines_ = 0;
};

// The string a file name becomes once written to the log and read back (file names need not be
// valid UTF-8; the log replaces what is not), so names can be compared with done().
std::string LogKey(const std::string& file);

// The "file" of a results line (a JSON object with a "file" string), or nullopt for a line that
// is not a result. The log and `sudokucam merge` read lines alike.
std::optional<std::string> ResultFile(std::string_view line);

// The whole of an open file, from its start. Throws std::runtime_error ("cannot read PATH: ...").
std::string ReadWholeFile(int fd, const std::filesystem::path& path);

}  // namespace sudokucam
