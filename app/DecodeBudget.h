#pragma once
// The batch's bound on the memory of the photos it holds decoded at once (`--max-queue-mb`).
// Each worker reserves its photo's estimated bytes before it reads and decodes the photo, and
// waits while the reservations in flight would exceed the budget, so many workers on big photos
// cannot exhaust the memory. A photo larger than the whole budget is read alone.

#include <condition_variable>
#include <cstddef>
#include <filesystem>
#include <functional>
#include <mutex>
#include <optional>

namespace sudokucam {

// Default budget of `sudokucam batch --max-queue-mb`.
inline constexpr std::size_t kDefaultMaxQueueMb = 1024;

// Bytes a photo is estimated to occupy while it is read and annotated: the file itself, the
// decoded BGR photo, its gray copy and the encoded annotated copy (8 bytes per pixel in all).
// The size comes from the file's header (sudoku::ReadImageHeader), before decoding; when the
// header does not give it (JPEG 2000, OpenEXR, a header cut short...), nullopt: the photo then
// reserves the whole budget.
std::optional<std::size_t> EstimateDecodeBytes(const std::filesystem::path& path);

class DecodeBudget {
public:
    explicit DecodeBudget(std::size_t bytes) : total_(bytes) {}

    // Held bytes, given back when it goes out of scope.
    class Reservation {
    public:
        Reservation() = default;
        Reservation(DecodeBudget* budget, std::size_t bytes) : budget_(budget), bytes_(bytes) {}
        Reservation(Reservation&& other) noexcept;
        Reservation& operator=(Reservation&& other) noexcept;
        ~Reservation();
        explicit operator bool() const { return budget_ != nullptr; }

    private:
        DecodeBudget* budget_ = nullptr;
        std::size_t bytes_ = 0;
    };

    // Waits until `bytes` (at most the whole budget; nullopt means the whole budget) fit beside
    // the reservations in flight; an empty Reservation once `stopped()` is true.
    Reservation reserve(std::optional<std::size_t> bytes, const std::function<bool()>& stopped);

    std::size_t total() const { return total_; }
    // The most bytes reserved at once so far.
    std::size_t peak() const;

private:
    void release(std::size_t bytes);

    const std::size_t total_;
    mutable std::mutex mutex_;
    std::condition_variable freed_;
    std::size_t used_ = 0;
    std::size_t peak_ = 0;
};

}  // namespace sudokucam
