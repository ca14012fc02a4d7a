#include "solver/RuleFixpoint9.h"

#include <algorithm>
#include <bit>

namespace sudoku {
namespace {

using Bits = std::uint16_t;  // digits of a cell, or positions within a unit or a line

constexpr Bits kAllNine = 0x1FF;

bool Single(Bits bits) {
    return bits != 0 && (bits & (bits - 1)) == 0;
}

// Units 0-8 rows, 9-17 columns, 18-26 boxes; each cell's 20 peers.
struct Tables9 {
    std::array<std::array<std::uint8_t, 9>, 27> unitCells{};
    std::array<std::array<std::uint8_t, 20>, 81> peers{};
};

const Tables9& Tables() {
    static const Tables9 tables = [] {
        Tables9 t;
        for (int i = 0; i < 9; ++i)
            for (int k = 0; k < 9; ++k) {
                t.unitCells[i][k] = static_cast<std::uint8_t>(i * 9 + k);
                t.unitCells[9 + i][k] = static_cast<std::uint8_t>(k * 9 + i);
                t.unitCells[18 + i][k] =
                    static_cast<std::uint8_t>((i / 3 * 3 + k / 3) * 9 + i % 3 * 3 + k % 3);
            }
        for (int cell = 0; cell < 81; ++cell) {
            int count = 0;
            for (int other = 0; other < 81; ++other) {
                const bool box = other / 27 == cell / 27 && other % 9 / 3 == cell % 9 / 3;
                if (other != cell && (other / 9 == cell / 9 || other % 9 == cell % 9 || box))
                    t.peers[cell][count++] = static_cast<std::uint8_t>(other);
            }
        }
        return t;
    }();
    return tables;
}

// Bit counts of 9-bit sets: the x86-64 baseline has no popcount instruction, and GCC's generic
// one is a library call.
constexpr std::array<std::uint8_t, 512> kCount = [] {
    std::array<std::uint8_t, 512> count{};
    for (int bits = 1; bits < 512; ++bits)
        count[bits] = static_cast<std::uint8_t>(count[bits >> 1] + (bits & 1));
    return count;
}();

int Count(Bits bits) {
    return kCount[bits & kAllNine];
}

// Calls found(chosen, together) for each choice of 2 to `most` of the n bit sets (chosen: bit i
// for set i), fewer than `open`, that together hold as many bits as sets were chosen; a choice
// grows only while it holds at most `most`.
template <typename Found>
void ForEachTight(const Bits* sets, int n, int most, int open, Found& found, int from = 0,
                  int chosen = 0, Bits together = 0, int picked = 0) {
    for (int i = from; i < n; ++i) {
        const Bits grown = together | sets[i];
        const int bits = Count(grown);
        if (bits > most) continue;
        if (picked + 1 >= 2 && bits == picked + 1 && picked + 1 < open)
            found(chosen | 1 << i, grown);
        ForEachTight(sets, n, most, open, found, i + 1, chosen | 1 << i, grown, picked + 1);
    }
}

class Fixpoint {
public:
    explicit Fixpoint(const std::array<Bits, 81>& candidates) : c_(candidates) {}

    bool solvedWithinXWing() {
        for (;;) {
            if (!singles()) return false;
            if (placedCount_ == 81) return allSingle();
            if (lockedCandidates() || subsets() || xWings()) continue;
            return false;
        }
    }

private:
    static constexpr std::uint32_t kAllUnits = (1u << 27) - 1;

    bool allSingle() const {
        for (Bits digits : c_)
            if (!Single(digits)) return false;
        return true;
    }

    // Removes digits from a cell; the units and digits that changed are looked at again.
    bool remove(int cell, Bits digits) {
        const Bits gone = c_[cell] & digits;
        if (gone == 0) return false;
        c_[cell] &= static_cast<Bits>(~gone);
        const std::uint32_t units =
            1u << (cell / 9) | 1u << (9 + cell % 9) | 1u << (18 + cell / 27 * 3 + cell % 9 / 3);
        singleUnits_ |= units;
        subsetUnits_ |= units;
        lockedUnits_ |= units;
        wingDigits_ |= gone;
        return true;
    }

    // Naked and hidden singles until none is left, in the units changed since they were last
    // looked at; false on a contradiction.
    bool singles() {
        const Tables9& t = Tables();
        while (singleUnits_) {
            const std::uint32_t todo = singleUnits_;
            singleUnits_ = 0;
            for (std::uint32_t units = todo; units; units &= units - 1) {
                const auto& unit = t.unitCells[std::countr_zero(units)];
                Bits once = 0, twice = 0;
                for (int cell : unit) {
                    twice |= once & c_[cell];
                    once |= c_[cell];
                }
                if (once != kAllNine) return false;
                const Bits hidden = once & static_cast<Bits>(~twice);
                for (int cell : unit) {
                    if (placed_[cell]) continue;
                    const Bits mine = c_[cell] & hidden;
                    if (mine != 0 && !Single(mine)) return false;  // two digits' only place
                    if (mine != 0) remove(cell, static_cast<Bits>(~mine));
                    if (c_[cell] == 0) return false;
                    if (Single(c_[cell])) place(cell);
                }
            }
        }
        return true;
    }

    void place(int cell) {
        placed_[cell] = true;
        ++placedCount_;
        for (int peer : Tables().peers[cell])
            remove(peer, c_[cell]);
    }

    // Pointing and claiming, for rows and columns: a digit of a box confined to one of its lines
    // leaves the rest of the line, a digit of a line confined to one box the rest of the box.
    bool lockedCandidates() {
        if (lockedUnits_ == 0) return false;
        lockedUnits_ = 0;
        bool changed = false;
        for (bool columns : {false, true}) {
            // segment[line][b]: the digits of the line's cells in its b-th box.
            std::array<std::array<Bits, 3>, 9> segment{};
            for (int line = 0; line < 9; ++line)
                for (int k = 0; k < 9; ++k)
                    segment[line][k / 3] |= c_[cellOf(columns, line, k)];
            for (int line = 0; line < 9; ++line)
                for (int b = 0; b < 3; ++b) {
                    const int first = line / 3 * 3;  // the box's lines: first .. first + 2
                    Bits otherLines = 0, otherBoxes = 0;
                    for (int other = first; other < first + 3; ++other)
                        if (other != line) otherLines |= segment[other][b];
                    for (int ob = 0; ob < 3; ++ob)
                        if (ob != b) otherBoxes |= segment[line][ob];
                    const Bits pointing = segment[line][b] & static_cast<Bits>(~otherLines);
                    const Bits claiming = segment[line][b] & static_cast<Bits>(~otherBoxes);
                    for (int k = 0; pointing && k < 9; ++k)
                        if (k / 3 != b) changed |= remove(cellOf(columns, line, k), pointing);
                    for (int other = first; claiming && other < first + 3; ++other)
                        for (int k = b * 3; other != line && k < b * 3 + 3; ++k)
                            changed |= remove(cellOf(columns, other, k), claiming);
                }
        }
        return changed;
    }

    // The k-th cell of a row, or of a column.
    static int cellOf(bool columns, int line, int k) {
        return columns ? k * 9 + line : line * 9 + k;
    }

    // Naked and hidden pairs, triples and quads in the units changed since they were last asked.
    bool subsets() {
        bool changed = false;
        for (std::uint32_t todo = subsetUnits_ & kAllUnits; todo; todo &= todo - 1) {
            subsetUnits_ &= ~(todo & -todo);
            changed |= subsetsIn(Tables().unitCells[std::countr_zero(todo)]);
        }
        return changed;
    }

    bool subsetsIn(const std::array<std::uint8_t, 9>& unit) {
        int open = 0;
        for (int cell : unit)
            open += !placed_[cell];
        // A hidden subset of k digits in k cells leaves the other open - k cells holding only the
        // other open - k digits: a naked subset, which nakedIn finds when it has at most 4 cells.
        // So only hidden subsets of fewer than open - 4 digits are left to look for.
        const bool naked = nakedIn(unit, open);
        return (open >= 7 && hiddenIn(unit, open, std::min(4, open - 5))) || naked;
    }

    // Naked subsets of 2 to 4 cells of a unit with `open` open cells.
    bool nakedIn(const std::array<std::uint8_t, 9>& unit, int open) {
        std::array<Bits, 9> sets{};
        std::array<int, 9> position{};
        int n = 0;
        for (int i = 0; i < 9; ++i)
            if (!placed_[unit[i]] && Count(c_[unit[i]]) <= 4) {
                position[n] = i;
                sets[n++] = c_[unit[i]];
            }
        bool changed = false;
        auto found = [&](int chosen, Bits digits) {
            Bits inSubset = 0;
            for (int i = 0; i < n; ++i)
                if (chosen >> i & 1) inSubset |= static_cast<Bits>(1 << position[i]);
            for (int i = 0; i < 9; ++i)
                if (!(inSubset >> i & 1) && !placed_[unit[i]]) changed |= remove(unit[i], digits);
        };
        ForEachTight(sets.data(), n, 4, open, found);
        return changed;
    }

    // Hidden subsets of 2 to `most` digits.
    bool hiddenIn(const std::array<std::uint8_t, 9>& unit, int open, int most) {
        std::array<Bits, 9> places{};  // per digit: its positions among the unit's open cells
        for (int i = 0; i < 9; ++i)
            if (!placed_[unit[i]])
                for (Bits m = c_[unit[i]]; m; m &= m - 1)
                    places[std::countr_zero(m)] |= static_cast<Bits>(1 << i);
        std::array<Bits, 9> sets{};
        std::array<int, 9> digitOf{};
        int n = 0;
        for (int d = 0; d < 9; ++d)
            if (Count(places[d]) >= 2 && Count(places[d]) <= most) {
                digitOf[n] = d;
                sets[n++] = places[d];
            }
        bool changed = false;
        auto found = [&](int chosen, Bits positions) {
            Bits kept = 0;
            for (int i = 0; i < n; ++i)
                if (chosen >> i & 1) kept |= static_cast<Bits>(1 << digitOf[i]);
            for (int i = 0; i < 9; ++i)
                if (positions >> i & 1) changed |= remove(unit[i], static_cast<Bits>(~kept));
        };
        ForEachTight(sets.data(), n, most, open, found);
        return changed;
    }

    // X-Wings: a digit's open places in two rows in the same two columns leave the rest of the
    // columns, and the same with rows and columns swapped. Only digits that lost a candidate
    // since they were last asked.
    bool xWings() {
        const Bits digits = wingDigits_;
        wingDigits_ = 0;
        bool changed = false;
        for (bool columns : {false, true}) {
            std::array<std::array<Bits, 9>, 9> across{};  // [digit][line]: its places in the line
            for (int line = 0; line < 9; ++line)
                for (int k = 0; k < 9; ++k) {
                    const int cell = cellOf(columns, line, k);
                    if (placed_[cell]) continue;
                    for (Bits m = c_[cell] & digits; m; m &= m - 1)
                        across[std::countr_zero(m)][line] |= static_cast<Bits>(1 << k);
                }
            for (Bits m = digits; m; m &= m - 1) {
                const int d = std::countr_zero(m);
                for (int a = 0; a < 9; ++a) {
                    if (Count(across[d][a]) != 2) continue;
                    for (int b = a + 1; b < 9; ++b)
                        if (across[d][b] == across[d][a])
                            changed |= removeFromCover(columns, d, across[d][a], a, b);
                }
            }
        }
        return changed;
    }

    // Digit d leaves the cover lines (bits of `cover`) outside the base lines a and b.
    bool removeFromCover(bool columns, int d, Bits cover, int a, int b) {
        bool changed = false;
        for (int line = 0; line < 9; ++line)
            for (int k = 0; line != a && line != b && k < 9; ++k) {
                const int cell = cellOf(columns, line, k);
                if ((cover >> k & 1) && !placed_[cell])
                    changed |= remove(cell, static_cast<Bits>(1 << d));
            }
        return changed;
    }

    std::array<Bits, 81> c_;
    std::array<bool, 81> placed_{};
    int placedCount_ = 0;

    // What changed since each rule last looked: units (rows, columns, boxes) and digits.
    std::uint32_t singleUnits_ = kAllUnits, subsetUnits_ = kAllUnits, lockedUnits_ = kAllUnits;
    Bits wingDigits_ = kAllNine;
};

}  // namespace

bool SolvedWithinXWing9(const std::array<std::uint16_t, 81>& candidates) {
    return Fixpoint(candidates).solvedWithinXWing();
}

}  // namespace sudoku
