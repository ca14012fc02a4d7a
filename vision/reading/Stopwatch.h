#pragma once
// The time between one lap and the next, for a reading's time by stage (StageMillis).

#include <chrono>

namespace sudoku {

class Stopwatch {
public:
    // The milliseconds since the last lap (or since the stopwatch was made).
    double lap() {
        const auto now = std::chrono::steady_clock::now();
        const double ms = std::chrono::duration<double, std::milli>(now - last_).count();
        last_ = now;
        return ms;
    }

private:
    std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

}  // namespace sudoku
