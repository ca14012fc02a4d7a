#include "solver/RuleFixpoint9.h"

#include <algorithm>
#include <bit>
#include <span>

#include "solver/Geometry.h"
#include "solver/techniques/BasicSupport.h"

namespace sudoku {
namespace {

using basic::ForEachTightSubsetUpTo;
using basic::SeveralBits;

constexpr Mask kAllNine = 0x1FF;

// What a level's techniques can do (solver/Grader.h's scale).
struct Rules {
    bool lockedCandidates = false;  // pointing and claiming
    int largestSubset = 0;          // naked and hidden subsets of 2 to this many cells or digits
    bool xWing = false;
};

Rules RulesOf(Difficulty level) {
    if (level == Difficulty::Easy) return {};
    if (level == Difficulty::Medium) return {true, 2, false};
    return {true, 4, true};
}

const Geometry& Classic9() {
    static const Geometry geometry(3, 3);
    return geometry;
}

class Fixpoint {
public:
    Fixpoint(const std::array<std::uint16_t, 81>& candidates, Rules rules)
        : rules_(rules), g_(Classic9()) {
        std::copy(candidates.begin(), candidates.end(), c_.begin());
    }

    bool solved() {
        for (;;) {
            if (!singles()) return false;
            // A placed cell that later lost its digit left each of its units a digit short, and
            // singles() rescans a unit after every change in it: with all 81 placed and no
            // contradiction found, every cell holds its one digit.
            if (placedCount_ == 81) return true;
            if (lockedCandidates() || subsets() || xWings()) continue;
            return false;
        }
    }

private:
    static constexpr std::uint32_t kAllUnits = (1u << 27) - 1;

    static bool Single(Mask digits) { return digits != 0 && !SeveralBits(digits); }

    // Removes digits from a cell; the units and digits that changed are looked at again.
    bool remove(int cell, Mask digits) {
        const Mask gone = c_[cell] & digits;
        if (gone == 0) return false;
        c_[cell] &= ~gone;
        std::uint32_t units = 0;
        for (int unit : g_.unitsOf(cell))
            units |= 1u << unit;
        singleUnits_ |= units;
        subsetUnits_ |= units;
        lockedUnits_ |= units;
        wingDigits_ |= gone;
        return true;
    }

    // Naked and hidden singles until none is left, in the units changed since they were last
    // looked at; false on a contradiction.
    bool singles() {
        while (singleUnits_) {
            const std::uint32_t todo = singleUnits_;
            singleUnits_ = 0;
            for (std::uint32_t units = todo; units; units &= units - 1) {
                const std::span<const int> unit = g_.unitCells(std::countr_zero(units));
                Mask once = 0, twice = 0;
                for (int cell : unit) {
                    twice |= once & c_[cell];
                    once |= c_[cell];
                }
                if (once != kAllNine) return false;
                const Mask hidden = once & ~twice;
                for (int cell : unit) {
                    if (placed_[cell]) continue;
                    const Mask mine = c_[cell] & hidden;
                    if (SeveralBits(mine)) return false;  // two digits' only place
                    if (mine != 0) remove(cell, ~mine);
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
        for (int peer : g_.peers(cell))
            remove(peer, c_[cell]);
    }

    // A row (columns false) or a column.
    std::span<const int> line(bool columns, int index) const {
        return g_.unitCells(columns ? g_.colUnit(index) : g_.rowUnit(index));
    }

    // Pointing and claiming, for rows and columns: a digit of a box confined to one of its lines
    // leaves the rest of the line, a digit of a line confined to one box the rest of the box.
    bool lockedCandidates() {
        if (!rules_.lockedCandidates || lockedUnits_ == 0) return false;
        lockedUnits_ = 0;
        bool changed = false;
        for (bool columns : {false, true}) {
            // segment[index][b]: the digits of the line's cells in its b-th box.
            std::array<std::array<Mask, 3>, 9> segment{};
            for (int index = 0; index < 9; ++index)
                for (int k = 0; k < 9; ++k)
                    segment[index][k / 3] |= c_[line(columns, index)[k]];
            for (int index = 0; index < 9; ++index)
                for (int b = 0; b < 3; ++b) {
                    const int first = index / 3 * 3;  // the box's lines: first .. first + 2
                    Mask otherLines = 0, otherBoxes = 0;
                    for (int other = first; other < first + 3; ++other)
                        if (other != index) otherLines |= segment[other][b];
                    for (int ob = 0; ob < 3; ++ob)
                        if (ob != b) otherBoxes |= segment[index][ob];
                    const Mask pointing = segment[index][b] & ~otherLines;
                    const Mask claiming = segment[index][b] & ~otherBoxes;
                    for (int k = 0; pointing && k < 9; ++k)
                        if (k / 3 != b) changed |= remove(line(columns, index)[k], pointing);
                    for (int other = first; claiming && other < first + 3; ++other)
                        for (int k = b * 3; other != index && k < b * 3 + 3; ++k)
                            changed |= remove(line(columns, other)[k], claiming);
                }
        }
        return changed;
    }

    // Naked and hidden subsets in the units changed since they were last asked.
    bool subsets() {
        if (rules_.largestSubset < 2) return false;
        bool changed = false;
        for (std::uint32_t todo = subsetUnits_ & kAllUnits; todo; todo &= todo - 1) {
            subsetUnits_ &= ~(todo & -todo);
            changed |= subsetsIn(g_.unitCells(std::countr_zero(todo)));
        }
        return changed;
    }

    bool subsetsIn(std::span<const int> unit) {
        std::array<int, 9> open{};  // the unit's open cells
        std::array<Mask, 9> digits{};
        int n = 0;
        for (int cell : unit)
            if (!placed_[cell]) {
                open[n] = cell;
                digits[n++] = c_[cell];
            }
        // A hidden subset of k digits in k of the n open cells leaves the other n - k holding
        // only the other n - k digits: a naked subset, which nakedIn finds when it has at most
        // largestSubset cells. Only hidden subsets of fewer digits than that are left to find.
        const int largest = rules_.largestSubset;
        const bool naked = nakedIn(open, digits, n, std::min(largest, n - 1));
        return hiddenIn(open, digits, n, std::min(largest, n - largest - 1)) || naked;
    }

    // Naked subsets of 2 to `most` of the n open cells: their digits leave the other open cells.
    bool nakedIn(const std::array<int, 9>& open, const std::array<Mask, 9>& digits, int n,
                 int most) {
        bool changed = false;
        ForEachTightSubsetUpTo(digits.data(), n, most, [&](Mask chosen, Mask d) {
            for (int i = 0; i < n; ++i)
                if (!(chosen >> i & 1)) changed |= remove(open[i], d);
            return false;
        });
        return changed;
    }

    // Hidden subsets of 2 to `most` digits: their cells keep only them.
    bool hiddenIn(const std::array<int, 9>& open, const std::array<Mask, 9>& digits, int n,
                  int most) {
        if (most < 2) return false;
        std::array<Mask, 9> places{};  // per digit: its places among the open cells
        for (int i = 0; i < n; ++i)
            for (Mask m = digits[i]; m; m &= m - 1)
                places[std::countr_zero(m)] |= Mask{1} << i;
        std::array<Mask, 9> sets{};
        std::array<int, 9> digitOf{};
        int count = 0;
        for (int d = 0; d < 9; ++d)
            if (SeveralBits(places[d])) {
                digitOf[count] = d;
                sets[count++] = places[d];
            }
        bool changed = false;
        ForEachTightSubsetUpTo(sets.data(), count, most, [&](Mask chosen, Mask positions) {
            Mask kept = 0;
            for (Mask m = chosen; m; m &= m - 1)
                kept |= Mask{1} << digitOf[std::countr_zero(m)];
            for (Mask p = positions; p; p &= p - 1)
                changed |= remove(open[std::countr_zero(p)], ~kept);
            return false;
        });
        return changed;
    }

    // X-Wings: a digit's open places in two rows in the same two columns leave the rest of the
    // columns, and the same with rows and columns swapped. Only digits that lost a candidate
    // since they were last asked.
    bool xWings() {
        if (!rules_.xWing) return false;
        const Mask digits = wingDigits_;
        wingDigits_ = 0;
        bool changed = false;
        for (bool columns : {false, true}) {
            std::array<std::array<Mask, 9>, 9> across{};  // [digit][line]: its places in the line
            for (int index = 0; index < 9; ++index)
                for (int k = 0; k < 9; ++k) {
                    const int cell = line(columns, index)[k];
                    if (placed_[cell]) continue;
                    for (Mask m = c_[cell] & digits; m; m &= m - 1)
                        across[std::countr_zero(m)][index] |= Mask{1} << k;
                }
            for (Mask m = digits; m; m &= m - 1) {
                const int d = std::countr_zero(m);
                for (int a = 0; a < 9; ++a) {
                    if (CountDigits(across[d][a]) != 2) continue;
                    for (int b = a + 1; b < 9; ++b)
                        if (across[d][b] == across[d][a])
                            changed |= removeFromCover(columns, d, across[d][a], a, b);
                }
            }
        }
        return changed;
    }

    // Digit d leaves the cover lines (bits of `cover`) outside the base lines a and b.
    bool removeFromCover(bool columns, int d, Mask cover, int a, int b) {
        bool changed = false;
        for (int index = 0; index < 9; ++index)
            for (int k = 0; index != a && index != b && k < 9; ++k) {
                const int cell = line(columns, index)[k];
                if ((cover >> k & 1) && !placed_[cell]) changed |= remove(cell, Mask{1} << d);
            }
        return changed;
    }

    Rules rules_;
    const Geometry& g_;
    std::array<Mask, 81> c_{};
    std::array<bool, 81> placed_{};
    int placedCount_ = 0;

    // What changed since each rule last looked: units (rows, columns, boxes) and digits.
    std::uint32_t singleUnits_ = kAllUnits, subsetUnits_ = kAllUnits, lockedUnits_ = kAllUnits;
    Mask wingDigits_ = kAllNine;
};

}  // namespace

bool SolvedWithinLevel9(const std::array<std::uint16_t, 81>& candidates, Difficulty level) {
    return Fixpoint(candidates, RulesOf(level)).solved();
}

}  // namespace sudoku
