#pragma once
// Numbers drawn from a photo's file name, for the tests that spoil photos: the same spoil for a
// photo's printed and filled-in copies, on any machine.

#include <cstdint>
#include <string>

namespace sudoku {

// Numbers in [0, 1) drawn from a name (FNV-1a seeds a xorshift).
class NameDraws {
public:
    explicit NameDraws(const std::string& name) {
        for (char c : name) {
            state_ ^= static_cast<std::uint8_t>(c);
            state_ *= 16777619u;
        }
    }
    double next() {
        state_ ^= state_ << 13;
        state_ ^= state_ >> 17;
        state_ ^= state_ << 5;
        return (state_ % 10000) / 10000.0;
    }

private:
    std::uint32_t state_ = 2166136261u;
};

}  // namespace sudoku
