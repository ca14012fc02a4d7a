#include "app/Interrupt.h"

#include <pthread.h>

namespace sudokucam {
namespace {

// A lock-free atomic is the only shared state a signal handler may touch (besides
// volatile sig_atomic_t), so the handler stays async-signal-safe.
static_assert(std::atomic<bool>::is_always_lock_free);
std::atomic<bool> gStop{false};

extern "C" void OnInterrupt(int /*signal*/) {
    gStop.store(true);
}

sigset_t InterruptOnly() {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    return set;
}

}  // namespace

InterruptGuard::InterruptGuard() {
    gStop = false;
    struct sigaction action {};
    action.sa_handler = OnInterrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND;
    sigaction(SIGINT, &action, &savedAction_);
    const sigset_t interrupt = InterruptOnly();
    pthread_sigmask(SIG_BLOCK, &interrupt, &savedMask_);
    taker_ = std::thread([this] { takeSignals(); });
}

// The first SIGINT sets the flag; the second is sent again with the previous handler back and
// this thread not blocking it, so it does what it did before the guard (by default, kill).
void InterruptGuard::takeSignals() {
    const sigset_t interrupt = InterruptOnly();
    for (bool first = true;; first = false) {
        int signal = 0;
        if (sigwait(&interrupt, &signal) != 0 || closing_) return;
        if (first) {
            gStop.store(true);
            continue;
        }
        sigaction(SIGINT, &savedAction_, nullptr);
        pthread_sigmask(SIG_UNBLOCK, &interrupt, nullptr);
        pthread_kill(pthread_self(), SIGINT);
        return;
    }
}

InterruptGuard::~InterruptGuard() {
    // The taker waits for SIGINT only: one sent to it alone, with closing_ set, ends the wait.
    closing_ = true;
    pthread_kill(taker_.native_handle(), SIGINT);
    taker_.join();
    pthread_sigmask(SIG_SETMASK, &savedMask_, nullptr);
    sigaction(SIGINT, &savedAction_, nullptr);
}

const std::atomic<bool>& InterruptGuard::stop() const {
    return gStop;
}

}  // namespace sudokucam
