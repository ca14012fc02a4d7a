#include "app/DecodeBudget.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <fstream>
#include <utility>
#include <vector>

#include "vision/reading/ImageHeader.h"

namespace sudokucam {
namespace {

namespace fs = std::filesystem;

// JPEG headers come after the EXIF, XMP and ICC segments (64 KB each at most): 256 KB holds
// the frame header of nearly every camera photo.
constexpr std::size_t kHeaderBytes = 256 * 1024;
constexpr std::size_t kBytesPerPixel = 8;

std::vector<std::uint8_t> ReadHead(const fs::path& path, std::size_t limit) {
    std::vector<std::uint8_t> head(limit);
    std::ifstream in(path, std::ios::binary);
    in.read(reinterpret_cast<char*>(head.data()), static_cast<std::streamsize>(limit));
    head.resize(in ? limit : static_cast<std::size_t>(std::max<std::streamsize>(in.gcount(), 0)));
    return head;
}

}  // namespace

std::optional<std::size_t> EstimateDecodeBytes(const fs::path& path) {
    std::error_code ec;
    const std::uintmax_t fileBytes = fs::file_size(path, ec);
    if (ec) return std::nullopt;
    const sudoku::ImageHeader header = sudoku::ReadImageHeader(ReadHead(path, kHeaderBytes));
    if (!header.sized()) return std::nullopt;
    // Doubles: a forged header may claim billions of pixels.
    const double pixels = static_cast<double>(header.size.width) * header.size.height;
    const double bytes = static_cast<double>(fileBytes) + pixels * kBytesPerPixel;
    if (bytes >= 1e18) return std::nullopt;
    return static_cast<std::size_t>(bytes);
}

DecodeBudget::Reservation::Reservation(Reservation&& other) noexcept
    : budget_(std::exchange(other.budget_, nullptr)), bytes_(std::exchange(other.bytes_, 0)) {}

DecodeBudget::Reservation& DecodeBudget::Reservation::operator=(Reservation&& other) noexcept {
    if (this != &other) {
        if (budget_) budget_->release(bytes_);
        budget_ = std::exchange(other.budget_, nullptr);
        bytes_ = std::exchange(other.bytes_, 0);
    }
    return *this;
}

DecodeBudget::Reservation::~Reservation() {
    if (budget_) budget_->release(bytes_);
}

DecodeBudget::Reservation DecodeBudget::reserve(std::optional<std::size_t> bytes,
                                                const std::function<bool()>& stopped) {
    const std::size_t want = std::min(bytes.value_or(total_), total_);
    std::unique_lock lock(mutex_);
    // A stop may come from a signal handler, which cannot notify: look every 50 ms.
    while (used_ + want > total_) {
        if (stopped()) return {};
        freed_.wait_for(lock, std::chrono::milliseconds(50));
    }
    if (stopped()) return {};
    used_ += want;
    peak_ = std::max(peak_, used_);
    return {this, want};
}

std::size_t DecodeBudget::peak() const {
    const std::lock_guard lock(mutex_);
    return peak_;
}

void DecodeBudget::release(std::size_t bytes) {
    {
        const std::lock_guard lock(mutex_);
        used_ -= bytes;
    }
    freed_.notify_all();
}

}  // namespace sudokucam
