#include "app/BatchProgress.h"

#include <algorithm>
#include <cmath>

#include <fmt/core.h>

namespace sudokucam {
namespace {

using Clock = std::chrono::steady_clock;

constexpr int kBarWidth = 30;
// Redrawing the bar more often than this only costs the terminal time.
constexpr auto kRedrawEvery = std::chrono::milliseconds(100);

std::string Duration(double seconds) {
    const long s = std::lround(std::max(0.0, seconds));
    if (s >= 3600) return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
    return fmt::format("{}:{:02}", s / 60, s % 60);
}

}  // namespace

BatchProgress::BatchProgress(int total, bool terminal, std::FILE* out)
    : total_(total), terminal_(terminal), out_(out), start_(Clock::now()), lastDraw_(start_) {
    if (terminal_) drawBar();
}

double BatchProgress::seconds() const {
    return std::chrono::duration<double>(Clock::now() - start_).count();
}

double BatchProgress::imagesPerSecond() const {
    const double s = seconds();
    return s > 0 ? done_ / s : 0;
}

std::string BatchProgress::rateAndTimeLeft() const {
    const double rate = imagesPerSecond();
    if (rate <= 0) return "starting";
    return fmt::format("{:.2f} images/s, {} left", rate, Duration((total_ - done_) / rate));
}

void BatchProgress::drawBar() {
    const int filled = total_ ? kBarWidth * done_ / total_ : kBarWidth;
    const std::string bar = std::string(filled, '#') + std::string(kBarWidth - filled, '.');
    // \033[K clears what a longer previous line left on the right.
    fmt::print(out_, "\r[{}] {}/{} {}\033[K", bar, done_, total_, rateAndTimeLeft());
    std::fflush(out_);
    lastDraw_ = Clock::now();
}

void BatchProgress::imageDone(const std::string& file, const std::string& status) {
    ++done_;
    if (!terminal_) {
        fmt::print(out_, "batch: {}/{} {}: {} ({})\n", done_, total_, file, status,
                   rateAndTimeLeft());
        std::fflush(out_);
    } else if (done_ == total_ || Clock::now() - lastDraw_ >= kRedrawEvery) {
        drawBar();
    }
}

void BatchProgress::finish() {
    if (terminal_) {
        drawBar();
        fmt::print(out_, "\n");
        std::fflush(out_);
    }
}

}  // namespace sudokucam
