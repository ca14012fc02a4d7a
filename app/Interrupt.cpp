#include "app/Interrupt.h"

namespace sudokucam {
namespace {

// A lock-free atomic is the only shared state a signal handler may touch (besides
// volatile sig_atomic_t), so the handler stays async-signal-safe.
static_assert(std::atomic<bool>::is_always_lock_free);
std::atomic<bool> gStop{false};

extern "C" void OnInterrupt(int /*signal*/) {
    gStop.store(true);
}

}  // namespace

InterruptGuard::InterruptGuard() {
    gStop = false;
    struct sigaction action {};
    action.sa_handler = OnInterrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND;
    sigaction(SIGINT, &action, &saved_);
}

InterruptGuard::~InterruptGuard() {
    sigaction(SIGINT, &saved_, nullptr);
}

const std::atomic<bool>& InterruptGuard::stop() const {
    return gStop;
}

}  // namespace sudokucam
