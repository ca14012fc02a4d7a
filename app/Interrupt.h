#pragma once
// Ctrl-C for the long-running commands (batch, live): the first SIGINT asks the run to stop
// cleanly, a second one kills as usual.

#include <atomic>
#include <csignal>

namespace sudokucam {

// The shell's exit code for a run stopped by Ctrl-C (128 + SIGINT).
inline constexpr int kExitInterrupted = 130;

// While it lives, SIGINT sets stop() instead of killing the process; the handler then resets
// itself (SA_RESETHAND), so a second SIGINT kills as usual. The previous handler comes back
// when the guard ends. One guard at a time: the flag is process-wide, as signals are.
class InterruptGuard {
public:
    InterruptGuard();
    ~InterruptGuard();
    InterruptGuard(const InterruptGuard&) = delete;
    InterruptGuard& operator=(const InterruptGuard&) = delete;

    // Set by the first SIGINT since the guard was made.
    const std::atomic<bool>& stop() const;

private:
    struct sigaction saved_ {};
};

}  // namespace sudokucam
