#pragma once
// Ctrl-C for the long-running commands (batch, live, serve): the first SIGINT asks the run to stop
// cleanly, a second one kills as usual.

#include <atomic>
#include <csignal>
#include <thread>

namespace sudokucam {

// The shell's exit code for a run stopped by Ctrl-C (128 + SIGINT).
inline constexpr int kExitInterrupted = 130;

// While it lives, SIGINT sets stop() instead of killing the process, and a second SIGINT kills as
// usual. Make it before the run starts its threads: it blocks SIGINT in the thread that makes it,
// so every thread started after it (the run's workers, OpenCV's pool, the server's) inherits the
// block, and one thread of its own takes the signal with sigwait. The kernel gives a signal sent
// to the process to any thread that does not block it, and a thread asleep in a library's wait
// could otherwise take it and leave it pending (ThreadSanitizer defers handlers until the thread
// next calls an intercepted function, so a Ctrl-C caught by an idle OpenCV worker went unseen).
// A thread that was running before the guard, and so does not block SIGINT, still sets stop()
// through a handler that resets itself (SA_RESETHAND). The previous handler and signal mask come
// back when the guard ends. One guard at a time: the flag is process-wide, as signals are.
class InterruptGuard {
public:
    InterruptGuard();
    ~InterruptGuard();
    InterruptGuard(const InterruptGuard&) = delete;
    InterruptGuard& operator=(const InterruptGuard&) = delete;

    // Set by the first SIGINT since the guard was made.
    const std::atomic<bool>& stop() const;

private:
    void takeSignals();

    struct sigaction savedAction_ {};
    sigset_t savedMask_{};
    std::atomic<bool> closing_ = false;
    std::thread taker_;
};

}  // namespace sudokucam
