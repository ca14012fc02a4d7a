#include "solver/FastSolver9.h"

#include <array>
#include <limits>
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define SUDOKU_FAST9_DISPATCH 1
#include <immintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

// Representation (after JCZSolve): for each band b (rows 3b..3b+2) and digit d one 27-bit mask
// `cells[9b+d]` of the cells that may still hold d; bit 9r+c is row r of the band, column c.
// A placed digit keeps its bit, so a solution is simply 81 bits spread over the 27 masks.
//
// Why bands: inside one band a digit occupies exactly one cell per row and per box, i.e. a
// permutation of (row -> box). Reducing the 3x3 "row r has d in box k" matrix to the union of the
// permutations it still contains is a single table look-up, and it performs hidden singles in
// boxes and locked candidates (pointing and claiming) in one step. A stack (three boxes in a
// column) obeys the same rule with (column -> band), applied per digit once the bands settle:
// it gives hidden singles in columns and the column-wise locked candidates. Naked singles take
// a bit-sliced count over the nine digits of a band.
//
// Propagation is driven by a set of changed masks that every write keeps exact, reduced in
// rounds. When it stalls, the search guesses on where one digit goes in a band or stack (which
// of its permutations), as tdoku does; bench/README.md lists what was measured and tried.

namespace sudoku {
namespace {

constexpr std::uint32_t kBand = 0x7FFFFFF;
constexpr std::uint32_t kRowBits = 0x1FF;

struct Tables {
    std::array<std::uint8_t, 512> boxesOfRow{};  // 9 row bits -> 3 bits: boxes the row touches
    std::array<std::uint32_t, 512> permitted{};  // 9 (row, box) bits -> cells of permutations
    std::array<std::uint8_t, 1024> bitCount{};   // 10 bits -> how many are set
    std::array<std::uint8_t, 512> atMostOne{};   // 9 bits -> 1 when at most one is set
    std::array<std::uint32_t, 8> rowsCells{};    // 3 row bits -> the 27-bit cells of those rows
    // The same permutation rule on a stack: 3 bits per band (the stack's columns where the
    // digit may be, band b at bits 3b..3b+2) -> the (band, column) pairs some column -> band
    // permutation still uses, band b's at bits 9b..9b+2 (shifted by 3*stack to its columns).
    std::array<std::uint32_t, 512> stackKept{};
    std::array<std::array<std::uint32_t, 3>, 81> peers{};  // cell -> its peers, per band
    // For branching on a digit's permutation (tdoku's band configurations): the permutations
    // (bit k of the six below) that 9 (row, box) bits of a band, or the 9 bits of stackKept's
    // input, still hold; a band permutation's cells; a stack permutation's column in each band.
    std::array<std::uint8_t, 512> bandPermutations{};
    std::array<std::uint8_t, 512> stackPermutations{};
    std::array<std::uint32_t, 6> bandPermutationCells{};
    std::array<std::array<std::uint8_t, 3>, 6> stackPermutationColumn{};
    // A set of permutations (6 bits) -> 100 log2 of how many: summed over a band's digits, the
    // log of how many ways the band's digits could still be placed, if independently.
    std::array<std::uint16_t, 64> permutationsLog{};

    constexpr Tables() {
        for (int x = 0; x < 512; ++x)
            for (int box = 0; box < 3; ++box)
                if (x & (7 << (3 * box))) boxesOfRow[x] |= static_cast<std::uint8_t>(1 << box);
        constexpr int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                     {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
        for (int triads = 0; triads < 512; ++triads)
            for (const auto& p : perms) {
                bool fits = true;
                for (int r = 0; r < 3; ++r)
                    fits = fits && (triads >> (3 * r + p[r]) & 1);
                if (!fits) continue;
                for (int r = 0; r < 3; ++r)
                    permitted[triads] |= 7u << (9 * r + 3 * p[r]);
                bandPermutations[triads] |= static_cast<std::uint8_t>(1 << (&p - perms));
            }
        for (int pairs = 0; pairs < 512; ++pairs)
            for (const auto& p : perms) {
                bool fits = true;
                for (int c = 0; c < 3; ++c)
                    fits = fits && (pairs >> (3 * p[c] + c) & 1);
                if (!fits) continue;
                for (int c = 0; c < 3; ++c)
                    stackKept[pairs] |= 1u << (9 * p[c] + c);
                stackPermutations[pairs] |= static_cast<std::uint8_t>(1 << (&p - perms));
            }
        // Permutation k puts the digit of row i in box perms[k][i] (a band), or the digit of
        // column i in band perms[k][i] (a stack).
        for (int k = 0; k < 6; ++k)
            for (int i = 0; i < 3; ++i) {
                bandPermutationCells[k] |= 7u << (9 * i + 3 * perms[k][i]);
                stackPermutationColumn[k][perms[k][i]] = static_cast<std::uint8_t>(i);
            }
        for (int x = 0; x < 1024; ++x)
            for (int bit = 0; bit < 10; ++bit)
                bitCount[x] = static_cast<std::uint8_t>(bitCount[x] + (x >> bit & 1));
        for (int x = 0; x < 512; ++x) {
            atMostOne[x] = bitCount[x] <= 1;
        }
        // 100 log2(n) for n = 0..6 permutations; 0 and 1 (a settled digit) add nothing.
        constexpr std::uint16_t kLog[7] = {0, 0, 100, 158, 200, 232, 258};
        for (int set = 0; set < 64; ++set)
            permutationsLog[set] = kLog[bitCount[set]];
        for (int rows = 0; rows < 8; ++rows)
            for (int r = 0; r < 3; ++r)
                if (rows >> r & 1) rowsCells[rows] |= kRowBits << (9 * r);
        for (int cell = 0; cell < 81; ++cell) {
            const int band = cell / 27, row = cell / 9 % 3, col = cell % 9;
            for (int b = 0; b < 3; ++b)
                for (int bit = 0; bit < 27; ++bit) {
                    const int r = bit / 9, c = bit % 9;
                    const bool sameBand = b == band;
                    const bool peer =
                        c == col || (sameBand && r == row) || (sameBand && c / 3 == col / 3);
                    if (peer && !(sameBand && bit == cell % 27)) peers[cell][b] |= 1u << bit;
                }
        }
    }
};

constexpr Tables kTables;

// Mask i = 9*band + digit: the nine digits of a band are adjacent, so one placement clears
// them with two 16-byte operations and one scalar, and a set of masks (bit i) holds a band's
// masks in nine adjacent bits.
constexpr std::uint32_t kBandBits = 0x1FF;  // band 0's masks in a set of masks

constexpr std::array<std::uint8_t, 27> kBandOf = {0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1,
                                                  1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2};
// The same digit's masks in the next and the last band.
constexpr auto kNextBand = [] {
    std::array<std::uint8_t, 27> a{};
    for (int i = 0; i < 27; ++i)
        a[i] = static_cast<std::uint8_t>((i + 9) % 27);
    return a;
}();
constexpr auto kLastBand = [] {
    std::array<std::uint8_t, 27> a{};
    for (int i = 0; i < 27; ++i)
        a[i] = static_cast<std::uint8_t>((i + 18) % 27);
    return a;
}();

// Spreads a 9-bit column set over the three rows of a band.
constexpr std::uint32_t ColumnCells(std::uint32_t cols) {
    return cols | cols << 9 | cols << 18;
}

// The columns a band mask touches.
constexpr std::uint32_t Columns(std::uint32_t b) {
    return (b | b >> 9 | b >> 18) & kRowBits;
}

// Pending branches: a guess on a cell pushes at most 8 and a search makes at most 81 in a row; a
// guess on a permutation pushes at most 5, and at most 54 in a row (each settles a band's or a
// stack's digit, which is never guessed again).
constexpr int kMaxPending = 81 * 8;

}  // namespace

// The solver for the x86-64 baseline (SSE2), which every machine runs.
namespace baseline9 {
#define SUDOKU_FAST9_AVX2 0
#include "solver/FastSolver9.inc"
#undef SUDOKU_FAST9_AVX2
}  // namespace baseline9

#if SUDOKU_FAST9_DISPATCH
// The same code for machines with AVX2, BMI1/2 and POPCNT (every x86-64 since Haswell and
// Zen): bit counts and lowest-bit steps become single instructions. Chosen at run time, so the
// binary still runs on the baseline.
#pragma GCC push_options
#pragma GCC target("avx2,bmi,bmi2,popcnt")
namespace avx2_9 {
#define SUDOKU_FAST9_AVX2 1
#include "solver/FastSolver9.inc"
#undef SUDOKU_FAST9_AVX2
}  // namespace avx2_9
#pragma GCC pop_options
#endif

#if SUDOKU_FAST9_DISPATCH
namespace {

// Whether to run the AVX2 copy. __builtin_cpu_init first: a static initializer elsewhere may call
// the solver before libgcc's.
bool UseAvx2() {
    static const bool avx2 = (__builtin_cpu_init(), __builtin_cpu_supports("avx2")) &&
                             __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
                             __builtin_cpu_supports("popcnt");
    return avx2;
}

}  // namespace
#endif

int SolveFast9(const char* puzzle81, int limit, char* solution81, std::uint64_t* guesses) {
#if SUDOKU_FAST9_DISPATCH
    if (UseAvx2()) return avx2_9::Solve(puzzle81, limit, solution81, guesses);
#endif
    return baseline9::Solve(puzzle81, limit, solution81, guesses);
}

bool CompleteGrid9(const char* puzzle81, char* solution81) {
#if SUDOKU_FAST9_DISPATCH
    if (UseAvx2()) return avx2_9::Complete(puzzle81, solution81);
#endif
    return baseline9::Complete(puzzle81, solution81);
}

int SolveFast9Excluding(const char* puzzle81, int cell, int digit, int limit,
                        std::uint64_t* guesses) {
#if SUDOKU_FAST9_DISPATCH
    if (UseAvx2()) return avx2_9::SolveExcluding(puzzle81, cell, digit, limit, guesses);
#endif
    return baseline9::SolveExcluding(puzzle81, cell, digit, limit, guesses);
}

RemovalCheck9 CheckRemoval9(const char* puzzle81, int cell, int digit,
                            std::uint16_t* candidates81) {
#if SUDOKU_FAST9_DISPATCH
    if (UseAvx2()) return avx2_9::CheckRemoval(puzzle81, cell, digit, candidates81);
#endif
    return baseline9::CheckRemoval(puzzle81, cell, digit, candidates81);
}

int SolveFast9Excluding(const std::array<CellSet9, 9>& places, int cell, int digit, int limit,
                        std::uint64_t* guesses) {
#if SUDOKU_FAST9_DISPATCH
    if (UseAvx2()) return avx2_9::SolveExcluding(places, cell, digit, limit, guesses);
#endif
    return baseline9::SolveExcluding(places, cell, digit, limit, guesses);
}

RemovalCheck9 CheckRemoval9(const std::array<CellSet9, 9>& places, int cell, int digit,
                            std::uint16_t* candidates81) {
#if SUDOKU_FAST9_DISPATCH
    if (UseAvx2()) return avx2_9::CheckRemoval(places, cell, digit, candidates81);
#endif
    return baseline9::CheckRemoval(places, cell, digit, candidates81);
}

bool SolvedByPropagation9(const char* puzzle81, std::uint16_t* candidates81) {
#if SUDOKU_FAST9_DISPATCH
    if (UseAvx2()) return avx2_9::SolvedByPropagation(puzzle81, candidates81);
#endif
    return baseline9::SolvedByPropagation(puzzle81, candidates81);
}

int SolveFast9Baseline(const char* puzzle81, int limit, char* solution81, std::uint64_t* guesses) {
    return baseline9::Solve(puzzle81, limit, solution81, guesses);
}

bool CompleteGrid9Baseline(const char* puzzle81, char* solution81) {
    return baseline9::Complete(puzzle81, solution81);
}

}  // namespace sudoku
