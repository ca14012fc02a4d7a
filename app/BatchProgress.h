#pragma once
// What `sudokucam batch` tells the person watching: on a terminal, one progress bar redrawn in
// place (count, rate, time left); otherwise (a log file, a pipe) one plain line per image.

#include <chrono>
#include <cstdio>
#include <string>

namespace sudokucam {

class BatchProgress {
public:
    // `total` images to read in this run, shown on `out` (a terminal when `terminal`).
    BatchProgress(int total, bool terminal, std::FILE* out = stderr);

    // One more image done: its name and status ("solved", "error", ...).
    void imageDone(const std::string& file, const std::string& status);
    // Ends the bar's line on a terminal.
    void finish();

    int done() const { return done_; }
    double seconds() const;
    double imagesPerSecond() const;

private:
    std::string rateAndTimeLeft() const;
    void drawBar();

    int total_ = 0;
    int done_ = 0;
    bool terminal_ = false;
    std::FILE* out_ = nullptr;
    std::chrono::steady_clock::time_point start_;
    std::chrono::steady_clock::time_point lastDraw_;
};

}  // namespace sudokucam
