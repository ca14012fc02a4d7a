// Ctrl-C for the long-running commands (app/Interrupt): the first SIGINT sets the stop flag
// whichever thread the kernel would give it to, a second one kills, and the guard leaves the
// signal's handler and mask as it found them.

#include <gtest/gtest.h>

#include <pthread.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <thread>

#include "app/Interrupt.h"

namespace sudokucam {
namespace {

using namespace std::chrono_literals;

bool Blocks(const sigset_t& mask) {
    return sigismember(&mask, SIGINT) == 1;
}

bool ThisThreadBlocksInterrupts() {
    sigset_t mask;
    pthread_sigmask(SIG_BLOCK, nullptr, &mask);
    return Blocks(mask);
}

// Waits up to 10 s for the flag: the guard's own thread sets it.
bool StopsWithin10s(const InterruptGuard& guard) {
    for (auto waited = 0ms; waited < 10s; waited += 5ms) {
        if (guard.stop()) return true;
        std::this_thread::sleep_for(5ms);
    }
    return guard.stop();
}

TEST(Interrupt, ThreadsStartedUnderTheGuardLeaveTheSignalToIt) {
    ASSERT_FALSE(ThisThreadBlocksInterrupts());
    const InterruptGuard guard;
    EXPECT_TRUE(ThisThreadBlocksInterrupts());
    bool workerBlocks = false;
    std::thread([&] { workerBlocks = ThisThreadBlocksInterrupts(); }).join();
    EXPECT_TRUE(workerBlocks) << "a worker could take the signal and sit on it";
}

TEST(Interrupt, ASignalToTheProcessSetsStopWhileWorkersSleep) {
    const InterruptGuard guard;
    EXPECT_FALSE(guard.stop());
    std::thread sleeper([] { std::this_thread::sleep_for(200ms); });
    ::kill(::getpid(), SIGINT);
    EXPECT_TRUE(StopsWithin10s(guard));
    sleeper.join();
}

TEST(Interrupt, TheGuardRestoresHandlerAndMask) {
    struct sigaction before {};
    sigaction(SIGINT, nullptr, &before);
    { const InterruptGuard guard; }
    struct sigaction after {};
    sigaction(SIGINT, nullptr, &after);
    EXPECT_EQ(after.sa_handler, before.sa_handler);
    EXPECT_FALSE(ThisThreadBlocksInterrupts());
    // A new guard starts unset, whatever an earlier one saw.
    {
        const InterruptGuard first;
        ::kill(::getpid(), SIGINT);
        ASSERT_TRUE(StopsWithin10s(first));
    }
    const InterruptGuard second;
    EXPECT_FALSE(second.stop());
}

TEST(InterruptDeathTest, ASecondSignalKills) {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_EXIT(
        {
            const InterruptGuard guard;
            ::kill(::getpid(), SIGINT);
            if (!StopsWithin10s(guard)) std::_Exit(2);
            ::kill(::getpid(), SIGINT);
            std::this_thread::sleep_for(10s);
            std::_Exit(0);
        },
        testing::KilledBySignal(SIGINT), "");
}

}  // namespace
}  // namespace sudokucam
