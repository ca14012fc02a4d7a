#include "solver/FastSolver9.h"

#include <array>
#if defined(__SSE2__)
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
// rounds; bench/README.md lists what was measured and tried.

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
            }
        for (int pairs = 0; pairs < 512; ++pairs)
            for (const auto& p : perms) {
                bool fits = true;
                for (int c = 0; c < 3; ++c)
                    fits = fits && (pairs >> (3 * p[c] + c) & 1);
                if (!fits) continue;
                for (int c = 0; c < 3; ++c)
                    stackKept[pairs] |= 1u << (9 * p[c] + c);
            }
        for (int x = 0; x < 1024; ++x)
            for (int bit = 0; bit < 10; ++bit)
                bitCount[x] = static_cast<std::uint8_t>(bitCount[x] + (x >> bit & 1));
        for (int x = 0; x < 512; ++x) {
            atMostOne[x] = bitCount[x] <= 1;
        }
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

// Which of the three rows hold at most one bit.
inline std::uint32_t SingleRows(std::uint32_t b) {
    return static_cast<std::uint32_t>(kTables.atMostOne[b & kRowBits]) |
           static_cast<std::uint32_t>(kTables.atMostOne[b >> 9 & kRowBits]) << 1 |
           static_cast<std::uint32_t>(kTables.atMostOne[b >> 18]) << 2;
}

inline std::uint32_t RowsOf(std::uint32_t cells) {
    return static_cast<std::uint32_t>((cells & kRowBits) != 0) |
           static_cast<std::uint32_t>((cells >> 9 & kRowBits) != 0) << 1 |
           static_cast<std::uint32_t>((cells >> 18) != 0) << 2;
}

struct State {
    std::uint32_t cells[27];    // index 9*band + digit
    std::uint32_t unsolved[3];  // cells of each band without a digit yet
    // Masks changed since they were last reduced, since the last naked-single scan, and since
    // the stacks were last reduced (bit i for cells[i]). Every write that changes a mask sets
    // its bit in `dirty`, so propagation never has to search for work.
    std::uint32_t dirty;
    std::uint32_t singlesDirty;
    std::uint32_t stackDirty;
    std::uint8_t openRows[27];  // rows of each (band, digit) where the digit is not placed yet

    // Removes `drop` from the nine digits of `band`; returns the masks that changed.
    std::uint32_t clearInBand(int band, std::uint32_t drop) {
        std::uint32_t* m = cells + 9 * band;
#if defined(__SSE2__)
        const __m128i keep = _mm_set1_epi32(static_cast<int>(~drop));
        const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(m));
        const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(m + 4));
        const __m128i a2 = _mm_and_si128(a, keep), b2 = _mm_and_si128(b, keep);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(m), a2);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(m + 4), b2);
        std::uint32_t same =
            static_cast<std::uint32_t>(_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(a, a2)))) |
            static_cast<std::uint32_t>(_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(b, b2))))
                << 4;
        same |= static_cast<std::uint32_t>((m[8] & drop) == 0) << 8;
        m[8] &= ~drop;
        return (~same & kBandBits) << (9 * band);
#else
        std::uint32_t changed = 0;
        for (int d = 0; d < 9; ++d) {
            changed |= static_cast<std::uint32_t>((m[d] & drop) != 0) << d;
            m[d] &= ~drop;
        }
        return changed << (9 * band);
#endif
    }

    // Brings one (band, digit) mask to a fixed point inside its band and places the digit in the
    // rows where one cell remains; adds the masks it changes to `changed`. False on a
    // contradiction.
    bool reduceBand(int i, std::uint32_t& changed) {
        const int band = kBandOf[i];
        std::uint32_t b = cells[i];
        const std::uint32_t triads = kTables.boxesOfRow[b & kRowBits] |
                                     kTables.boxesOfRow[b >> 9 & kRowBits] << 3 |
                                     kTables.boxesOfRow[b >> 18] << 6;
        b &= kTables.permitted[triads];
        if (b == 0) return false;
        const std::uint32_t placed = SingleRows(b) & openRows[i];
        if (placed == 0) {
            cells[i] = b;
            return true;
        }
        openRows[i] &= static_cast<std::uint8_t>(~placed);
        const std::uint32_t solved = b & kTables.rowsCells[placed];
        unsolved[band] &= ~solved;
        changed |= clearInBand(band, solved) & ~(1u << i);
        cells[i] = b;
        // The same digit's masks in the other two bands lose the placed cells' columns.
        const std::uint32_t otherBands =
            ~ColumnCells((solved | solved >> 9 | solved >> 18) & kRowBits);
        for (const int j : {kNextBand[i], kLastBand[i]}) {
            const std::uint32_t before = cells[j];
            cells[j] = before & otherBands;
            changed |= static_cast<std::uint32_t>((before & ~otherBands) != 0) << j;
        }
        return true;
    }

    // Reduces the changed masks in rounds: a mask changed again before its turn in the current
    // round is reduced once, with all the changes.
    bool reduceAll() {
        std::uint32_t next = dirty, done = 0;
        while (next) {
            done |= next;
            for (std::uint32_t todo = next; todo; todo &= todo - 1) {
                const int i = __builtin_ctz(todo);
                next &= ~(1u << i);
                if (!reduceBand(i, next)) return false;
            }
        }
        dirty = 0;
        stackDirty |= done;
        singlesDirty |= done;
        return true;
    }

    // Places every naked single: in each row the digit keeps only its single cell. Returns
    // false on a contradiction (an open cell with no candidate, or two cells of one row that
    // both need the same digit); sets `found`.
    bool placeNakedSingles(bool& found) {
        const std::uint32_t dirtyMasks = singlesDirty;
        singlesDirty = 0;
        for (int band = 0; band < 3; ++band) {
            if (unsolved[band] == 0 || (dirtyMasks >> (9 * band) & kBandBits) == 0) continue;
            std::uint32_t* masks = cells + 9 * band;
            std::uint32_t once = 0, twice = 0;
            for (int d = 0; d < 9; ++d) {
                twice |= once & masks[d];
                once |= masks[d];
            }
            if (unsolved[band] & ~once) return false;
            const std::uint32_t singles = unsolved[band] & ~twice;
            if (singles == 0) continue;
            found = true;
            for (int d = 0; d < 9; ++d) {
                const std::uint32_t mine = singles & masks[d];
                if (mine == 0) continue;
                if (SingleRows(mine) != 7) return false;
                const std::uint32_t kept = masks[d] & (~kTables.rowsCells[RowsOf(mine)] | mine);
                if (kept == masks[d]) continue;
                masks[d] = kept;
                dirty |= 1u << (9 * band + d);
            }
        }
        return true;
    }

    // Each stack holds a digit once per column and once per band: keep the (band, column)
    // pairs that some column -> band permutation of the stack still uses. Only digits whose
    // masks changed are looked at, and most of them change nothing, so the test for a change
    // comes before any write. Sets `dirty` for the masks it changes.
    void reduceStacks() {
        std::uint32_t digits = (stackDirty | stackDirty >> 9 | stackDirty >> 18) & kBandBits;
        stackDirty = 0;
        for (; digits; digits &= digits - 1) {
            const int d = __builtin_ctz(digits);
            std::uint32_t* m = cells + d;  // band b's mask is m[9 * b]
            // The digit's columns in band b at bits 9b..9b+8.
            const std::uint32_t cols = Columns(m[0]) | Columns(m[9]) << 9 | Columns(m[18]) << 18;
            std::uint32_t kept = 0;
            for (int shift = 0; shift < 9; shift += 3) {
                // One multiply gathers the stack's 3 bits of each band (bits 0, 9, 18 after
                // the shift) into bits 12..20; the three shifted copies never overlap.
                const std::uint32_t v = cols >> shift & 0x1C0E07u;
                kept |= kTables.stackKept[(v * 0x1041u) >> 12 & kRowBits] << shift;
            }
            if ((cols & ~kept) == 0) continue;
            for (int b = 0; b < 3; ++b) {
                const std::uint32_t keep = kept >> (9 * b) & kRowBits;
                if ((cols >> (9 * b) & ~keep & kRowBits) == 0) continue;
                m[9 * b] &= ColumnCells(keep);
                dirty |= 1u << (9 * b + d);
            }
        }
    }

    bool propagate() {
        for (;;) {
            if (!reduceAll()) return false;
            if ((unsolved[0] | unsolved[1] | unsolved[2]) == 0) return true;
            reduceStacks();
            if (dirty) continue;
            bool found = false;
            if (!placeNakedSingles(found)) return false;
            if (!found) return true;
        }
    }

    bool solved() const {
        return (unsolved[0] | unsolved[1] | unsolved[2]) == 0;
    }

    // Leaves only `digit` in one cell of `band`, where `digits` are its candidates.
    void keepOnly(int band, std::uint32_t cell, int digit, std::uint32_t digits) {
        std::uint32_t* masks = cells + 9 * band;
        for (std::uint32_t others = digits & ~(1u << digit); others; others &= others - 1)
            masks[__builtin_ctz(others)] &= ~cell;
        dirty |= (digits & ~(1u << digit)) << (9 * band);
    }

    void write(char* out) const {
        for (int i = 0; i < 27; ++i) {
            const int band = i / 9;
            for (std::uint32_t m = cells[i]; m; m &= m - 1)
                out[27 * band + __builtin_ctz(m)] = static_cast<char>('1' + i % 9);
        }
    }
};

// A guess: the cell (band + bit) and the candidates to try there.
struct Guess {
    int band = 0;
    std::uint32_t cell = 0;
    std::uint32_t digits = 0;  // bit d
};

// Bit count without the POPCNT instruction (not in the x86-64 baseline the build targets).
inline int Pop(std::uint32_t x) {
    return kTables.bitCount[x & kRowBits] + kTables.bitCount[x >> 9 & kRowBits] +
           kTables.bitCount[x >> 18];
}

// The digits (bit d) that may go in `cell` of `band`.
inline std::uint32_t DigitsAt(const State& s, int band, std::uint32_t cell) {
    const std::uint32_t* m = s.cells + 9 * band;
#if defined(__SSE2__)
    const __m128i c = _mm_set1_epi32(static_cast<int>(cell)), zero = _mm_setzero_si128();
    const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(m));
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(m + 4));
    const std::uint32_t absent =
        static_cast<std::uint32_t>(
            _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_and_si128(a, c), zero)))) |
        static_cast<std::uint32_t>(
            _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_and_si128(b, c), zero))))
            << 4;
    return (~absent & 0xFF) | static_cast<std::uint32_t>((m[8] & cell) != 0) << 8;
#else
    std::uint32_t digits = 0;
    for (int d = 0; d < 9; ++d)
        digits |= static_cast<std::uint32_t>((m[d] & cell) != 0) << d;
    return digits;
#endif
}

// Guesses on a cell with two candidates when there is one, choosing the one whose peers
// holding one of its digits are most often two-candidate cells (each becomes a single in at
// least one of the two branches and starts a chain of placements), then three-candidate cells
// (they become pairs), weighted 3:1. Guesses per puzzle on forum_hardest_1106: the first such
// cell 322; the one seeing the most two-candidate cells 193; the most two-candidate peers
// sharing a digit 158 (with peers counted once per shared digit: 171; with the first of equal
// scores instead of the last: 166); with three-candidate peers 3:1 138 (4:1 141, 2:1 141,
// 3:2 143). Without a two-candidate cell, the cell with the fewest candidates.
Guess ChooseGuess(const State& s) {
    std::uint32_t pairs[3], triples[3];  // unsolved cells with two and three candidates
    std::uint32_t any = 0;
    for (int band = 0; band < 3; ++band) {
        std::uint32_t once = 0, twice = 0, thrice = 0, more = 0;
        for (int d = 0; d < 9; ++d) {
            const std::uint32_t m = s.cells[9 * band + d];
            more |= thrice & m;
            thrice |= twice & m;
            twice |= once & m;
            once |= m;
        }
        pairs[band] = s.unsolved[band] & twice & ~thrice;
        triples[band] = s.unsolved[band] & thrice & ~more;
        any |= pairs[band];
    }
    if (any) {
        Guess g;
        int bestScore = -1;
        for (int band = 0; band < 3; ++band) {
            const int next = kNextBand[9 * band] / 9, last = kLastBand[9 * band] / 9;
            for (std::uint32_t p = pairs[band]; p; p &= p - 1) {
                const int bit = __builtin_ctz(p);
                const std::uint32_t cell = p & (0u - p);
                const std::uint32_t digits = DigitsAt(s, band, cell);
                const int a = __builtin_ctz(digits), b = 31 - __builtin_clz(digits);
                const auto& peers = kTables.peers[27 * band + bit];
                // Peers holding a or b; in the other bands they are the cell's column, so
                // both of those bands fit in one word.
                const std::uint32_t own =
                    peers[band] & (s.cells[9 * band + a] | s.cells[9 * band + b]);
                const std::uint32_t column = peers[next];
                const std::uint32_t inNext =
                    column & (s.cells[9 * next + a] | s.cells[9 * next + b]);
                const std::uint32_t inLast =
                    column & (s.cells[9 * last + a] | s.cells[9 * last + b]);
                const int toSingles = Pop(own & pairs[band]) +
                                      Pop((inNext & pairs[next]) | (inLast & pairs[last]) << 1);
                const int toPairs = Pop(own & triples[band]) +
                                    Pop((inNext & triples[next]) | (inLast & triples[last]) << 1);
                const int score = 3 * toSingles + toPairs;
                if (score >= bestScore) bestScore = score, g = Guess{band, cell, digits};
            }
        }
        return g;
    }
    Guess best;
    int bestCount = 10;
    for (int band = 0; band < 3; ++band)
        for (std::uint32_t open = s.unsolved[band]; open; open &= open - 1) {
            const std::uint32_t cell = open & (0u - open);
            std::uint32_t digits = 0;
            int count = 0;
            for (int d = 0; d < 9; ++d)
                if (s.cells[9 * band + d] & cell) digits |= 1u << d, ++count;
            if (count < bestCount) best = {band, cell, digits}, bestCount = count;
        }
    return best;
}

bool Setup(const char* puzzle, State& s) {
    s.dirty = s.stackDirty = s.singlesDirty = kBand;  // every mask is reduced once
    for (int i = 0; i < 27; ++i) {
        s.cells[i] = kBand;
        s.openRows[i] = 7;
    }
    for (int band = 0; band < 3; ++band)
        s.unsolved[band] = kBand;
    for (int cell = 0; cell < 81; ++cell) {
        const char c = puzzle[cell];
        if (c < '1' || c > '9') continue;
        const int d = c - '1', band = cell / 27;
        const std::uint32_t bit = 1u << (cell % 27);
        if ((s.cells[9 * band + d] & bit) == 0) return false;  // a peer clue already holds d
        for (int b = 0; b < 3; ++b)
            s.cells[9 * b + d] &= ~kTables.peers[cell][b];
        for (int other = 0; other < 9; ++other)
            s.cells[9 * band + other] &= ~bit;
        s.cells[9 * band + d] |= bit;
    }
    return true;
}

// Pending branches: every guess pushes at most 8 and the depth is at most 81 guesses.
constexpr int kMaxPending = 81 * 8;

}  // namespace

int SolveFast9(const char* puzzle81, int limit, char* solution81, std::uint64_t* guesses) {
    thread_local State pending[kMaxPending];
    if (limit < 1) limit = 1;
    std::uint64_t tried = 0;
    int count = 0, top = 0;
    State s;
    bool alive = Setup(puzzle81, s);
    for (;;) {
        if (alive && s.propagate()) {
            if (!s.solved()) {
                const Guess g = ChooseGuess(s);
                std::uint32_t rest = g.digits;
                const int first = __builtin_ctz(rest);
                for (rest &= rest - 1; rest; rest &= rest - 1) {
                    State& alt = pending[top++];
                    alt = s;
                    alt.keepOnly(g.band, g.cell, __builtin_ctz(rest), g.digits);
                }
                s.keepOnly(g.band, g.cell, first, g.digits);
                continue;
            }
            if (count == 0 && solution81) s.write(solution81);
            if (++count >= limit) break;
        }
        if (top == 0) break;
        s = pending[--top];
        alive = true;
        ++tried;
    }
    if (guesses) *guesses = tried;
    return count;
}

}  // namespace sudoku
