#include "solver/Generator.h"

#include "solver/CellSet9.h"
#include "solver/FastSolver9.h"
#include "solver/LogicalSolver.h"
#include "solver/QuietParts.h"
#include "solver/RegionLayout.h"
#include "solver/RuleFixpoint9.h"

#include <algorithm>
#include <array>
#include <bit>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>

namespace sudoku {
namespace {

using Rng = std::mt19937_64;

// Removal orders tried on one full grid before a new one is filled (see Generator::Impl).
constexpr int kOrdersPerGrid = 12;

// The seed of puzzle `index`'s own stream. The first puzzle's is the options' seed, so that a
// seed's first puzzle (what the page, the Python module and one-puzzle requests ask for) is the
// one it was before the puzzles had streams of their own; the others' is SplitMix64's finaliser
// over the seed and the index, so that neighbouring indices (and seeds) give unrelated streams.
std::uint64_t PuzzleSeed(std::uint64_t seed, std::uint64_t index) {
    if (index == 0) return seed;
    std::uint64_t z = seed + index * 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// rng() % n rather than std::uniform_int_distribution, whose algorithm differs between standard
// libraries: the same seed must give the same puzzles everywhere.
int RandomBelow(Rng& rng, int n) {
    return static_cast<int>(rng() % static_cast<unsigned>(n));
}

template <class T>
void Shuffle(std::vector<T>& items, Rng& rng) {
    for (int i = static_cast<int>(items.size()) - 1; i > 0; --i)
        std::swap(items[i], items[RandomBelow(rng, i + 1)]);
}

bool IsSingle(Mask mask) {
    return (mask & (mask - 1)) == 0;
}

Mask RandomBit(Mask mask, Rng& rng) {
    for (int skip = RandomBelow(rng, CountDigits(mask)); skip > 0; --skip)
        mask &= mask - 1;
    return mask & (~mask + 1);
}

// A depth-first search over candidate bitmasks for any grid size, for what the generator asks
// and CountSolutions cannot (it takes no start candidates and no random order): a random
// completion of an empty grid and "is there a solution at all" for clues plus one cell that must
// not hold the known solution's digit (the uniqueness check after removing a clue), both on
// grids other than the classic 9x9, which uses the fast solver; and "do singles alone solve it"
// (a budget of 0 nodes).
// Every state is propagated with naked and hidden singles; branching takes the cell with the
// fewest candidates. States live in one buffer, one per depth, so the search never allocates.
class CandidateSearch {
public:
    static constexpr int kBudgetExceeded = -1;

    explicit CandidateSearch(const Geometry& geometry)
        : cells_(geometry.cellCount()),
          size_(geometry.size()),
          unitCount_(geometry.unitCount()),
          all_(geometry.allDigits()) {
        // Peers and units a cell, flattened with offsets: a diagonal's cells have more of both.
        peerStart_.push_back(0);
        cellUnitStart_.push_back(0);
        for (int cell = 0; cell < cells_; ++cell) {
            for (int peer : geometry.peers(cell))
                peers_.push_back(static_cast<std::int16_t>(peer));
            for (int unit : geometry.unitsOf(cell))
                cellUnits_.push_back(static_cast<std::int16_t>(unit));
            peerStart_.push_back(static_cast<int>(peers_.size()));
            cellUnitStart_.push_back(static_cast<int>(cellUnits_.size()));
        }
        for (int unit = 0; unit < unitCount_; ++unit)
            for (int cell : geometry.unitCells(unit))
                units_.push_back(static_cast<std::int16_t>(cell));
        masks_.resize(static_cast<std::size_t>(cells_) * (cells_ + 1));
        assigned_.resize(masks_.size());
        unitDone_.resize(static_cast<std::size_t>(unitCount_) * (cells_ + 1));
        open_.resize(cells_ + 1);
        frames_.resize(cells_ + 1);
    }

    // Searches the completions of `start` (a candidate mask per cell). `done` marks the cells
    // placed in `start` whose digit is already gone from their peers. Returns the number of
    // solutions found, at most `limit`, or kBudgetExceeded after more than `budget` nodes.
    // With an rng, digits are tried in random order. The first solution goes to `solution`.
    int run(std::span<const Mask> start, std::span<const std::uint8_t> done, int limit,
            std::uint64_t budget, Rng* rng, std::vector<int>* solution) {
        queue_.clear();
        std::copy(start.begin(), start.end(), masks_.begin());
        std::copy(done.begin(), done.end(), assigned_.begin());
        Mask* placed = unitDone(0);
        std::fill_n(placed, unitCount_, 0);
        open_[0] = cells();
        for (int cell = 0; cell < cells(); ++cell) {
            if (start[cell] == 0) return 0;
            if (done[cell]) {
                for (int k = cellUnitStart_[cell]; k < cellUnitStart_[cell + 1]; ++k)
                    placed[cellUnits_[k]] |= start[cell];
                --open_[0];
            } else if (IsSingle(start[cell])) {
                queue_.push_back(cell);
            }
        }
        if (!propagate(0)) return 0;
        std::uint64_t nodes = 0;
        int count = 0;
        int level = 0;
        for (;;) {
            const int cell = chooseCell(level);
            if (cell < 0) {
                if (++count == 1 && solution) record(level, *solution);
                if (count >= limit) return count;
            } else {
                frames_[level] = {cell, mask(level)[cell]};
            }
            int from = cell < 0 ? level - 1 : level;
            bool descended = false;
            while (from >= 0 && !descended) {
                Frame& frame = frames_[from];
                while (frame.remaining != 0) {
                    const Mask bit = rng ? RandomBit(frame.remaining, *rng)
                                         : frame.remaining & (~frame.remaining + 1);
                    frame.remaining &= ~bit;
                    if (++nodes > budget) return kBudgetExceeded;
                    copyLevel(from, from + 1);
                    mask(from + 1)[frame.cell] = bit;
                    queue_.clear();
                    queue_.push_back(frame.cell);
                    if (propagate(from + 1)) {
                        level = from + 1;
                        descended = true;
                        break;
                    }
                }
                if (!descended) --from;
            }
            if (!descended) return count;
        }
    }

private:
    struct Frame {
        int cell = 0;
        Mask remaining = 0;
    };

    Mask* mask(int level) { return masks_.data() + static_cast<std::size_t>(level) * cells(); }
    std::uint8_t* assigned(int level) {
        return assigned_.data() + static_cast<std::size_t>(level) * cells();
    }

    void copyLevel(int from, int to) {
        std::copy_n(mask(from), cells(), mask(to));
        std::copy_n(assigned(from), cells(), assigned(to));
        std::copy_n(unitDone(from), unitCount_, unitDone(to));
        open_[to] = open_[from];
    }

    Mask* unitDone(int level) {
        return unitDone_.data() + static_cast<std::size_t>(level) * unitCount_;
    }

    // Naked singles through the queue, then hidden singles unit by unit, until neither finds
    // anything. False on a contradiction.
    bool propagate(int level) {
        Mask* m = mask(level);
        std::uint8_t* done = assigned(level);
        Mask* placed = unitDone(level);
        for (;;) {
            while (!queue_.empty()) {
                const int cell = queue_.back();
                queue_.pop_back();
                if (done[cell]) continue;
                done[cell] = 1;
                --open_[level];
                const Mask bit = m[cell];
                for (int k = cellUnitStart_[cell]; k < cellUnitStart_[cell + 1]; ++k)
                    placed[cellUnits_[k]] |= bit;
                for (int k = peerStart_[cell]; k < peerStart_[cell + 1]; ++k) {
                    const int peer = peers_[k];
                    Mask& pm = m[peer];
                    if ((pm & bit) == 0) continue;
                    pm &= ~bit;
                    if (pm == 0) return false;
                    if (IsSingle(pm)) queue_.push_back(peer);
                }
            }
            if (open_[level] == 0) return true;
            if (!hiddenSingles(m, done, placed)) return false;
            if (queue_.empty()) return true;
        }
    }

    // `placed` holds the digits already assigned in each unit: only the others can be hidden
    // singles, and a complete unit needs no look.
    bool hiddenSingles(Mask* m, const std::uint8_t* done, const Mask* placed) {
        for (int unit = 0; unit < unitCount_; ++unit) {
            if (placed[unit] == all_) continue;
            const std::int16_t* cells = units_.data() + static_cast<std::size_t>(unit) * size();
            Mask once = 0, twice = 0;
            for (int i = 0; i < size(); ++i) {
                twice |= once & m[cells[i]];
                once |= m[cells[i]];
            }
            if (once != all_) return false;  // a digit has no place left in this unit
            const Mask hidden = once & ~twice & ~placed[unit];
            if (hidden == 0) continue;
            for (int i = 0; i < size(); ++i) {
                const int cell = cells[i];
                if (done[cell] || (m[cell] & hidden) == 0 || m[cell] == (m[cell] & hidden))
                    continue;
                const Mask only = m[cell] & hidden;
                if (!IsSingle(only)) return false;  // two digits need the same cell
                m[cell] = only;
                queue_.push_back(cell);
            }
        }
        return true;
    }

    // The open cell with the fewest candidates, or -1 when every cell is assigned.
    int chooseCell(int level) {
        if (open_[level] == 0) return -1;
        const Mask* m = mask(level);
        const std::uint8_t* done = assigned(level);
        int best = -1, bestCount = size() + 1;
        for (int cell = 0; cell < cells(); ++cell) {
            if (done[cell]) continue;
            const int count = CountDigits(m[cell]);
            if (count < bestCount) {
                best = cell;
                bestCount = count;
                if (count == 2) break;
            }
        }
        return best;
    }

    int cells() const { return cells_; }
    int size() const { return size_; }

    void record(int level, std::vector<int>& solution) {
        const Mask* m = mask(level);
        solution.resize(cells());
        for (int cell = 0; cell < cells(); ++cell)
            solution[cell] = OnlyDigit(m[cell]);
    }

    int cells_;
    int size_;
    int unitCount_;
    Mask all_;
    std::vector<std::int16_t> peers_;
    std::vector<int> peerStart_;  // cells + 1 offsets into peers_
    std::vector<std::int16_t> units_;
    std::vector<Mask> masks_;
    std::vector<std::uint8_t> assigned_;
    std::vector<Mask> unitDone_;  // per level: the digits assigned in each unit
    std::vector<std::int16_t> cellUnits_;
    std::vector<int> cellUnitStart_;  // cells + 1 offsets into cellUnits_
    std::vector<int> open_;
    std::vector<Frame> frames_;
    std::vector<int> queue_;
};

// The cell a symmetry maps `cell` to (one step of the group's generator).
int SymmetricCell(const Geometry& g, Symmetry symmetry, int cell) {
    const int n = g.size(), r = g.row(cell), c = g.col(cell);
    switch (symmetry) {
        case Symmetry::None:
            return cell;
        case Symmetry::Rotate180:
            return g.cellAt(n - 1 - r, n - 1 - c);
        case Symmetry::Rotate90:
            return g.cellAt(c, n - 1 - r);
        case Symmetry::Mirror:
            return g.cellAt(r, n - 1 - c);
        case Symmetry::Diagonal:
            return g.cellAt(c, r);
    }
    return cell;
}

// The cells' orbits under the symmetry, each listed once, in cell order.
std::vector<std::vector<int>> Orbits(const Geometry& g, Symmetry symmetry) {
    std::vector<std::vector<int>> orbits;
    std::vector<bool> seen(g.cellCount(), false);
    for (int cell = 0; cell < g.cellCount(); ++cell) {
        if (seen[cell]) continue;
        std::vector<int> orbit;
        for (int c = cell; !seen[c]; c = SymmetricCell(g, symmetry, c)) {
            seen[c] = true;
            orbit.push_back(c);
        }
        orbits.push_back(std::move(orbit));
    }
    return orbits;
}

// Node budgets keep the large grids bounded while staying deterministic (a clock would not be).
// The 9x9 checks never come near them.
std::uint64_t CheckBudget(int size) {
    return size <= 9 ? 1'000'000 : size <= 16 ? 20'000 : 400;
}
std::uint64_t FillBudget(int size) {
    return size <= 16 ? 100'000 : 200'000;
}

// Each 9x9 cell's peers (its row, column and box but itself).
const std::array<CellSet9, 81>& Peers9() {
    static const std::array<CellSet9, 81> peers = [] {
        std::array<CellSet9, 81> p{};
        for (int cell = 0; cell < 81; ++cell)
            for (int other = 0; other < 81; ++other) {
                const bool box = cell / 27 == other / 27 && cell % 9 / 3 == other % 9 / 3;
                if (other != cell && (cell / 9 == other / 9 || cell % 9 == other % 9 || box))
                    p[cell].add(other);
            }
        return p;
    }();
    return peers;
}

// Each 9x9 cell's row, column and box.
const std::array<std::array<CellSet9, 3>, 81>& Units9() {
    static const std::array<std::array<CellSet9, 3>, 81> units = [] {
        std::array<std::array<CellSet9, 3>, 81> u{};
        for (int cell = 0; cell < 81; ++cell)
            for (int other = 0; other < 81; ++other) {
                if (cell / 9 == other / 9) u[cell][0].add(other);
                if (cell % 9 == other % 9) u[cell][1].add(other);
                if (cell / 27 == other / 27 && cell % 9 / 3 == other % 9 / 3) u[cell][2].add(other);
            }
        return u;
    }();
    return units;
}

// Unavoidable sets of a full 9x9 grid: cells whose digits can be rearranged into another valid
// grid, so every puzzle of the grid keeps a clue in each. A clue that is the only one left in
// such a set cannot go, and saying so takes a few bit operations where the search that proves
// it takes a guess or more: about half of the clues a removal pass keeps are caught this way.
// Two families, both cheap to list:
// - two digits: the cells of digits a and b link in every row, column and box (each holds one
//   of each); swapping a and b in one connected part leaves a valid grid.
// - two rows of a band (or columns of a stack): following digit d of one row to the column
//   where the other row holds d gives cycles of columns; swapping the rows' digits along one
//   cycle keeps every row, column and box.
class UnavoidableSets9 {
public:
    void find(std::span<const int> grid) {
        sets_.clear();
        for (auto& through : through_)
            through.fill(0);
        cellsOf_.fill({});
        for (int cell = 0; cell < 81; ++cell)
            cellsOf_[grid[cell] - 1].add(cell);
        for (int a = 0; a < 9; ++a)
            for (int b = a + 1; b < 9; ++b)
                addDigitPair(a, b);
        for (bool columns : {false, true})
            for (int first = 0; first < 9; ++first)
                for (int second = first + 1; second < first / 3 * 3 + 3; ++second)
                    addLinePair(grid, columns, first, second);
    }

    // Whether `cell` is the only clue in one of the sets.
    bool soleClue(int cell, const CellSet9& clues) const {
        for (int word = 0; word < kWords; ++word)
            for (std::uint64_t m = through_[cell][word]; m; m &= m - 1) {
                const CellSet9& set = sets_[64 * word + std::countr_zero(m)];
                if (((set.low & clues.low) | (set.high & clues.high)) == 0) return true;
            }
        return false;
    }

private:
    // At most 36 digit pairs of 4 parts and 18 line pairs of 4 cycles: 216 sets.
    static constexpr int kWords = 4;

    // The parts linked by the units, grown from a cell through the peers that hold a or b.
    void addDigitPair(int a, int b) {
        const CellSet9 both = cellsOf_[a] | cellsOf_[b];
        CellSet9 rest = both;
        while (!rest.empty()) {
            CellSet9 part, grown;
            grown.add(rest.low ? std::countr_zero(rest.low) : 64 + std::countr_zero(rest.high));
            while (!grown.empty()) {
                part |= grown;
                CellSet9 next;
                grown.forEach([&](int cell) { next |= Peers9()[cell]; });
                grown = next & both & ~part;
            }
            add(part);
            rest = rest & ~part;
        }
    }

    void addLinePair(std::span<const int> grid, bool columns, int first, int second) {
        const auto at = [&](int line, int k) { return columns ? k * 9 + line : line * 9 + k; };
        std::array<int, 9> inFirst{};  // where each digit is in the first line
        for (int k = 0; k < 9; ++k)
            inFirst[grid[at(first, k)] - 1] = k;
        std::array<bool, 9> seen{};
        for (int start = 0; start < 9; ++start) {
            CellSet9 cycle;
            for (int k = start; !seen[k]; k = inFirst[grid[at(second, k)] - 1]) {
                seen[k] = true;
                cycle.add(at(first, k));
                cycle.add(at(second, k));
            }
            if (!cycle.empty()) add(cycle);
        }
    }

    // Each set is marked in the list of every cell it holds: a cell is asked about its own.
    void add(const CellSet9& set) {
        const int index = static_cast<int>(sets_.size());
        if (index == 64 * kWords) return;  // not on a valid grid (kWords), but never out of range
        sets_.push_back(set);
        const std::uint64_t bit = std::uint64_t{1} << (index % 64);
        set.forEach([&](int cell) { through_[cell][index / 64] |= bit; });
    }

    std::array<CellSet9, 9> cellsOf_{};  // the cells of each digit (0..8)
    std::vector<CellSet9> sets_;
    std::array<std::array<std::uint64_t, kWords>, 81> through_{};  // bit i: in sets_[i]
};

}  // namespace

std::string_view SymmetryName(Symmetry s) {
    static constexpr std::array<std::string_view, 5> names = {"none", "rotate180", "rotate90",
                                                              "mirror", "diagonal"};
    return names[static_cast<int>(s)];
}

std::optional<Symmetry> SymmetryFromName(std::string_view name) {
    for (Symmetry s : {Symmetry::None, Symmetry::Rotate180, Symmetry::Rotate90, Symmetry::Mirror,
                       Symmetry::Diagonal})
        if (SymmetryName(s) == name) return s;
    return std::nullopt;
}

std::optional<Difficulty> DifficultyFromName(std::string_view name) {
    for (Difficulty d : {Difficulty::Easy, Difficulty::Medium, Difficulty::Hard, Difficulty::Expert,
                         Difficulty::Extreme})
        if (DifficultyName(d) == name) return d;
    return std::nullopt;
}

// How a puzzle is made, and why it is fast:
// - A full grid from the randomised search (on the classic 9x9, the fast solver's completion of
//   random diagonal boxes, shuffled), then one pass over the symmetry's orbits in random order,
//   removing an orbit when the clues still force the grid.
// - The puzzle before a removal had one solution S, so another solution without the orbit must
//   differ from S in a cell of the orbit: it is enough to look for a solution whose first cell
//   is not S's digit, then one whose first cell is S's and second is not, and so on. Each is a
//   search with limit 1 that usually dies at once, instead of counting solutions to 2.
// - Before any search, a cell that is a naked or hidden single of the remaining clues is forced;
//   early in the pass nearly every cell is. On 9x9 a cell that is the last clue of one of the
//   grid's unavoidable sets is not (about half of the clues the pass keeps).
// - On 9x9 bounded at hard or above, one run of the fast solver answers both questions: when its
//   propagation fills the grid the removal is unique and within the level; when it stalls, the
//   search for another solution and then the logical solver go on from there.
// - A requested level grades with a solver bounded by that level (HardestUpTo), after a test
//   that singles alone do not solve the puzzle (microseconds, and it rejects most tries). Without
//   --minimal the removal pass also stays within the level, which nearly doubles the share of
//   grids that end at it.
class Generator::Impl {
public:
    explicit Impl(const GeneratorOptions& options, Geometry geometry)
        : options_(options),
          geometry_(std::move(geometry)),
          rng_(options.seed),  // each puzzle seeds it again (puzzle)
          search_(geometry_),
          randomLayout_(options.variant == Variant::Jigsaw && options.regions.empty()),
          orbits_(Orbits(geometry_, options.symmetry)),
          boundedRemoval_(options.difficulty && !options.minimal &&
                          *options.difficulty != Difficulty::Extreme),
          propagationProvesLevel_(boundedRemoval_ && geometry_.isClassic9() &&
                                  *options.difficulty >= Difficulty::Hard),
          gradingSolver_(LogicalOptions{options.difficulty ? HardestUpTo(*options.difficulty)
                                                           : LogicalOptions{}.hardest}),
          fixpointLevel_(geometry_.isClassic9() && options.difficulty &&
                                 *options.difficulty <= kHardestFixpointLevel
                             ? options.difficulty
                             : std::nullopt),
          start_(geometry_.cellCount()),
          startDone_(geometry_.cellCount()),
          unitHas_(geometry_.unitCount()) {}

    GeneratedPuzzle puzzle(std::uint64_t index) {
        rng_.seed(PuzzleSeed(options_.seed, index));
        ordersOnGrid_ = 0;  // every puzzle starts from a grid of its own
        const auto deadline = std::chrono::steady_clock::now() + options_.timeLimit;
        int attempt = 1;
        for (; attempt <= options_.maxAttempts; ++attempt) {
            if (auto puzzle = tryOnce()) {
                puzzle->attempts = attempt;
                return std::move(*puzzle);
            }
            if (options_.timeLimit.count() > 0 && std::chrono::steady_clock::now() > deadline)
                break;
        }
        throw std::runtime_error("no " + std::to_string(options_.size) + "x" +
                                 std::to_string(options_.size) + " puzzle met the options in " +
                                 std::to_string(std::min(attempt, options_.maxAttempts)) +
                                 " attempts" +
                                 (attempt <= options_.maxAttempts ? " (time limit reached)" : ""));
    }

private:
    // One full grid, its clues removed, then graded; empty when it does not meet the options.
    std::optional<GeneratedPuzzle> tryOnce() {
        startGrid();
        removeClues();
        // Cheapest test first: singles (microseconds), minimality (a search per clue), grading.
        if (options_.difficulty && tooEasyForSingles()) return std::nullopt;
        std::optional<bool> minimal;
        if (options_.minimal && !(minimal = isMinimal()).value()) return std::nullopt;
        GeneratedPuzzle result{toBoard(true), toBoard(false), {}, false, 0};
        if (options_.difficulty) {
            const LogicalOutline solved = gradingSolver_.outline(CandidateGrid(result.puzzle));
            // Stuck with every technique allowed is the grader's verdict too (extreme).
            if (!solved.solved && *options_.difficulty != Difficulty::Extreme) return std::nullopt;
            result.grade = GradeOutline(solved);
            if (result.grade->level != *options_.difficulty) return std::nullopt;
        } else if (options_.grade) {
            result.grade = GradePuzzle(result.puzzle);
        }
        result.minimal = minimal ? *minimal : isMinimal();
        return result;
    }

    bool isMinimal() {
        return !budgetHit_ && !levelKept_ && (orbitsAreCells() || clueByClueMinimal());
    }

    // A new full grid, or after a failed try the same grid with every clue back, to be removed
    // in another random order. A hard puzzle takes about 13 tries: filling a grid and finding its
    // unavoidable sets once for up to kOrdersPerGrid of them makes hard puzzles 10 to 15% faster,
    // and the share of tries that end at the level stays the same. A puzzle returned is always
    // the first from its grid.
    void startGrid() {
        if (ordersOnGrid_ == 0) {
            fillGrid();
        } else {
            restoreClues();
        }
        ordersOnGrid_ = (ordersOnGrid_ + 1) % kOrdersPerGrid;
    }

    void restoreClues() {
        for (int cell = 0; cell < geometry_.cellCount(); ++cell)
            if (!given_[cell]) setGiven(cell, true);
        budgetHit_ = false;
        levelKept_ = false;
    }

    void fillGrid() {
        if (geometry_.isClassic9()) {
            fillGrid9();
        } else {
            fillGridAnySize();
        }
        given_.assign(geometry_.cellCount(), 1);
        std::fill(unitHas_.begin(), unitHas_.end(), geometry_.allDigits());
        if (geometry_.isClassic9()) {
            cluesOfDigit_.fill({});
            for (int cell = 0; cell < 81; ++cell) {
                clues_.add(cell);
                cluesOfDigit_[solution_[cell] - 1].add(cell);
            }
            seenStale_ = 0x1FF;
            unavoidable_.find(solution_);
        }
        budgetHit_ = false;
        levelKept_ = false;
    }

    // The fast solver completes the random diagonal boxes in a tenth of the generic search's
    // time, but always the same way (lowest digit first): the rows and columns are then shuffled
    // within their bands and stacks, the bands and stacks too, and the grid maybe transposed,
    // which keeps it valid and spreads the completion's habits over the grid.
    void fillGrid9() {
        std::array<char, 82> line{};
        std::array<char, 81> grid{};
        do {
            std::fill(start_.begin(), start_.end(), geometry_.allDigits());
            seedDiagonalBoxes();
            for (int cell = 0; cell < 81; ++cell)
                line[cell] = IsSingle(start_[cell])
                                 ? static_cast<char>('0' + std::countr_zero(start_[cell]) + 1)
                                 : '.';
        } while (!CompleteGrid9(line.data(), grid.data()));
        const std::array<int, 9> rows = shuffledLines(), cols = shuffledLines();
        const bool transpose = RandomBelow(rng_, 2) == 1;
        solution_.resize(81);
        for (int r = 0; r < 9; ++r)
            for (int c = 0; c < 9; ++c) {
                const int from = transpose ? cols[c] * 9 + rows[r] : rows[r] * 9 + cols[c];
                solution_[r * 9 + c] = grid[from] - '0';
            }
    }

    // A permutation of 9 lines that keeps each band (or stack) together.
    std::array<int, 9> shuffledLines() {
        std::vector<int> bands = {0, 1, 2};
        Shuffle(bands, rng_);
        std::array<int, 9> lines{};
        for (int b = 0; b < 3; ++b) {
            std::vector<int> within = {0, 1, 2};
            Shuffle(within, rng_);
            for (int k = 0; k < 3; ++k)
                lines[3 * b + k] = 3 * bands[b] + within[k];
        }
        return lines;
    }

    void fillGridAnySize() {
        const Mask all = geometry_.allDigits();
        for (;;) {
            if (randomLayout_) useLayout(RandomRegionLayout(geometry_.size(), rng_));
            std::fill(start_.begin(), start_.end(), all);
            std::fill(startDone_.begin(), startDone_.end(), 0);
            // The diagonals of an X cross the diagonal boxes: those are not independent there.
            if (geometry_.hasBoxes() && !geometry_.hasDiagonals()) seedDiagonalBoxes();
            if (search_.run(start_, startDone_, 1, FillBudget(geometry_.size()), &rng_,
                            &solution_) == 1)
                break;
        }
    }

    // A jigsaw's next layout; a layout that admits no filled grid fails the fill's search.
    void useLayout(const std::vector<int>& regions) {
        geometry_ = Geometry::WithRegions(regions);
        search_ = CandidateSearch(geometry_);
    }

    // Boxes on the diagonal of the box grid share no row or column, so each can take any
    // permutation of the digits: filling them at random first leaves the search a third of the
    // work on 9x9.
    void seedDiagonalBoxes() {
        const Geometry& g = geometry_;
        const int boxesDown = g.size() / g.boxRows(), boxesAcross = g.size() / g.boxCols();
        std::vector<int> digits(g.size());
        for (int i = 0; i < std::min(boxesDown, boxesAcross); ++i) {
            for (int d = 0; d < g.size(); ++d)
                digits[d] = d + 1;
            Shuffle(digits, rng_);
            for (int k = 0; k < g.size(); ++k) {
                const int row = i * g.boxRows() + k / g.boxCols();
                const int col = i * g.boxCols() + k % g.boxCols();
                start_[g.cellAt(row, col)] = DigitBit(digits[k]);
            }
        }
    }

    // A clue in or out, keeping the digits each unit holds up to date.
    void setGiven(int cell, bool given) {
        given_[cell] = given;
        if (geometry_.isClassic9()) {
            given ? clues_.add(cell) : clues_.remove(cell);
            CellSet9& ofDigit = cluesOfDigit_[solution_[cell] - 1];
            given ? ofDigit.add(cell) : ofDigit.remove(cell);
            seeClue(solution_[cell] - 1, cell, given);
        }
        const Mask bit = DigitBit(solution_[cell]);
        for (int unit : geometry_.unitsOf(cell))
            unitHas_[unit] = given ? unitHas_[unit] | bit : unitHas_[unit] & ~bit;
    }

    // One pass over the orbits in random order; an orbit goes when the puzzle stays unique
    // without it. One pass is enough: a clue that is needed stays needed as others go.
    void removeClues() {
        std::vector<int> order(orbits_.size());
        for (int i = 0; i < static_cast<int>(order.size()); ++i)
            order[i] = i;
        Shuffle(order, rng_);
        for (int index : order) {
            const std::vector<int>& orbit = orbits_[index];
            for (int cell : orbit)
                setGiven(cell, false);
            if (mayStayOut(orbit)) continue;
            for (int cell : orbit)
                setGiven(cell, true);
        }
    }

    // A clue of the digit (0..8) came or went: a new one adds its peers to where the digit is
    // ruled out, one gone leaves that to be worked out again when next asked (most clues that go
    // come back after a check).
    void seeClue(int digit, int cell, bool given) {
        if (!given) {
            seenStale_ |= 1u << digit;
        } else if ((seenStale_ >> digit & 1) == 0) {
            seenByDigit_[digit] |= Peers9()[cell];
        }
    }

    // Where the clues of the digit (0..8) rule it out.
    const CellSet9& seenBy(int digit) const {
        if (seenStale_ >> digit & 1) {
            CellSet9 seen;
            cluesOfDigit_[digit].forEach([&](int clue) { seen |= Peers9()[clue]; });
            seenByDigit_[digit] = seen;
            seenStale_ &= ~(1u << digit);
        }
        return seenByDigit_[digit];
    }

    // Where each digit may go, the form in which the fast solver takes the clues.
    std::array<CellSet9, 9> places() const {
        std::array<CellSet9, 9> places;
        for (int digit = 0; digit < 9; ++digit)
            places[digit] = ~(seenBy(digit) | clues_) | cluesOfDigit_[digit];
        return places;
    }

    // Whether the orbit (already cleared) may stay out: the clues still force the known solution
    // and, when the removal is bounded, the puzzle stays within the level.
    bool mayStayOut(std::span<const int> orbit) {
        if (propagationProvesLevel_) return mayStayOutPropagating(orbit);
        if (!uniqueWithout(orbit)) return false;
        // Cells the clues force come back first as singles, so the puzzle stays within the
        // level if it was: only the others need the logical solver.
        if (!boundedRemoval_ || allForced_ || withinLevel()) return true;
        levelKept_ = true;
        return false;
    }

    // The same on 9x9 bounded at hard or above, where one propagation serves the uniqueness
    // search and the level: when it fills the grid both are proved, and when it stalls the search
    // and the logical solver go on from where it stopped.
    bool mayStayOutPropagating(std::span<const int> orbit) {
        // Singles place the cells again: unique, and within the level as the puzzle was.
        if (allForcedByClues(orbit)) return true;
        if (inUncluedSet(orbit)) return false;
        std::array<std::uint16_t, 81> left{};
        const int first = orbit[0];
        const RemovalCheck9 check = CheckRemoval9(places(), first, solution_[first], left.data());
        if (check != RemovalCheck9::OnlySolution) return check == RemovalCheck9::Filled;
        setGiven(first, true);  // the other cells' searches keep it, as uniqueWithout does
        const bool unique = uniqueWithout(orbit.subspan(1));
        setGiven(first, false);
        if (!unique) return false;
        if (logicalSolvesFrom(left)) return true;
        levelKept_ = true;
        return false;
    }

    bool allForcedByClues(std::span<const int> cells) const {
        return std::all_of(cells.begin(), cells.end(),
                           [&](int cell) { return forcedByClues(cell); });
    }

    // Some unavoidable set through these cells has no clue left: the solution is not unique.
    bool inUncluedSet(std::span<const int> cells) const {
        return std::any_of(cells.begin(), cells.end(),
                           [&](int cell) { return unavoidable_.soleClue(cell, clues_); });
    }

    // Whether the current clues (the orbit already cleared) still force the known solution.
    // Another solution would differ from it in some cleared cell: search for one with the first
    // cell different, then with the first equal and the second different, and so on.
    bool uniqueWithout(std::span<const int> cleared) {
        bool unique = true;
        allForced_ = true;
        std::size_t i = 0;
        for (; i < cleared.size() && unique; ++i) {
            const bool forced = forcedByClues(cleared[i]);
            allForced_ = allForced_ && forced;
            if (!forced && geometry_.isClassic9()) {
                unique = !unavoidable_.soleClue(cleared[i], clues_) &&
                         SolveFast9Excluding(places(), cleared[i], solution_[cleared[i]], 1,
                                             nullptr) == 0;
            } else if (!forced) {
                setStartFromClues();
                start_[cleared[i]] &= ~DigitBit(solution_[cleared[i]]);
                const int found = search_.run(start_, startDone_, 1, CheckBudget(geometry_.size()),
                                              nullptr, nullptr);
                if (found == CandidateSearch::kBudgetExceeded) budgetHit_ = true;
                unique = found == 0;
            }
            setGiven(cleared[i], true);  // fixed for the following searches, as they require
        }
        for (std::size_t j = 0; j < i; ++j)
            setGiven(cleared[j], false);
        return unique;
    }

    // A harder level was asked for and naked and hidden singles alone solve the clues: the
    // grader would say easy (it tries singles first). The search's propagation answers that in
    // microseconds, the logical solver in far longer; a budget of 0 nodes stops at propagation.
    bool tooEasyForSingles() { return *options_.difficulty != Difficulty::Easy && singlesSolve(); }

    bool singlesSolve() {
        setStartFromClues();
        return search_.run(start_, startDone_, 1, 0, nullptr, nullptr) == 1;
    }

    // Whether the clues are still solved by the techniques up to the requested level. Keeping
    // every removal within it leaves a puzzle as hard as the level allows, which is most often
    // that level, instead of a minimal one that usually misses it. On 9x9 at medium the rules'
    // fixpoint answers for the solver (generate --difficulty medium: whole process 0.97 the time).
    bool withinLevel() {
        if (singlesSolve()) return true;
        if (*options_.difficulty == Difficulty::Easy) return false;
        // singlesSolve() left the clues' candidates in start_.
        if (fixpointLevel_) return SolvedWithinLevel9(startCandidates9(), *fixpointLevel_);
        return gradingSolver_.outline(CandidateGrid(toBoard(true))).solved;
    }

    // Whether the logical solver, bounded at the level, solves the clues from the candidates
    // propagation left: it decides the same as from the clues (see SolvedByPropagation9) in a
    // fraction of the steps.
    bool logicalSolvesFrom(const std::array<std::uint16_t, 81>& left) {
        // Bounded at hard, the rules' fixpoint gives the same answer without the steps.
        if (fixpointLevel_) return SolvedWithinLevel9(left, *fixpointLevel_);
        Board board = toBoard(true);
        std::vector<Mask> candidates(left.begin(), left.end());
        for (int cell = 0; cell < 81; ++cell)
            if (!given_[cell] && IsSingle(left[cell]))
                board.set(cell, std::countr_zero(left[cell]) + 1, CellOrigin::Filled);
        CandidateGrid grid(board, std::move(candidates));
        // Propagation's band and stack rules make every pointing and claiming step
        // (FastSolver9.cpp), so the outline's first round need not look for them.
        QuietParts quiet;
        quiet.assumeNothingIn(grid, Technique::LockedCandidatesPointing);
        quiet.assumeNothingIn(grid, Technique::LockedCandidatesClaiming);
        return gradingSolver_.outline(std::move(grid), quiet).solved;
    }

    // Digits the clues rule out of a cell.
    Mask seenByClues(int cell) const {
        Mask m = 0;
        for (int unit : geometry_.unitsOf(cell))
            m |= unitHas_[unit];
        return m;
    }

    // A cheap test before any search: the clues alone force the cell's digit, as a naked or a
    // hidden single. Early in the removal pass most clues go this way.
    bool forcedByClues(int cell) const {
        if (geometry_.isClassic9()) return forcedByClues9(cell);
        const Mask bit = DigitBit(solution_[cell]);
        if ((geometry_.allDigits() & ~seenByClues(cell)) == bit) return true;  // naked single
        for (int unit : geometry_.unitsOf(cell)) {
            bool elsewhere = false;
            for (int c : geometry_.unitCells(unit))
                if (c != cell && !given_[c] && (seenByClues(c) & bit) == 0) {
                    elsewhere = true;
                    break;
                }
            if (!elsewhere) return true;  // hidden single
        }
        return false;
    }

    // The same on 9x9 with sets of cells: a handful of bit operations per unit instead of the
    // digits seen from each of its cells.
    bool forcedByClues9(int cell) const {
        const int digit = solution_[cell] - 1;
        const CellSet9& peers = Peers9()[cell];
        bool naked = true;
        for (int other = 0; other < 9 && naked; ++other)
            naked = other == digit || !(cluesOfDigit_[other] & peers).empty();
        if (naked) return true;
        CellSet9 elsewhere = ~(clues_ | seenBy(digit));
        elsewhere.remove(cell);
        for (const CellSet9& unit : Units9()[cell])
            if ((elsewhere & unit).empty()) return true;  // hidden single
        return false;
    }

    // The search's start: clues placed with their eliminations done, the other cells holding
    // what the clues leave them.
    void setStartFromClues() {
        for (int cell = 0; cell < geometry_.cellCount(); ++cell) {
            startDone_[cell] = given_[cell];
            start_[cell] = given_[cell] ? DigitBit(solution_[cell])
                                        : geometry_.allDigits() & ~seenByClues(cell);
        }
    }

    // The search's start (setStartFromClues) as the rules' fixpoint takes it on 9x9.
    std::array<std::uint16_t, 81> startCandidates9() const {
        std::array<std::uint16_t, 81> candidates{};
        std::transform(start_.begin(), start_.end(), candidates.begin(),
                       [](Mask m) { return static_cast<std::uint16_t>(m); });
        return candidates;
    }

    bool orbitsAreCells() const { return options_.symmetry == Symmetry::None; }

    // With a symmetry only whole orbits were tried; check each clue of a larger orbit alone.
    bool clueByClueMinimal() {
        for (const std::vector<int>& orbit : orbits_) {
            if (orbit.size() < 2 || !given_[orbit[0]]) continue;
            for (int cell : orbit) {
                setGiven(cell, false);
                const std::array<int, 1> one = {cell};
                const bool removable = uniqueWithout(one);
                setGiven(cell, true);
                if (removable || budgetHit_) return false;
            }
        }
        return true;
    }

    Board toBoard(bool cluesOnly) const {
        Board board(geometry_);
        for (int cell = 0; cell < geometry_.cellCount(); ++cell)
            if (!cluesOnly || given_[cell]) board.set(cell, solution_[cell], CellOrigin::Given);
        return board;
    }

    GeneratorOptions options_;
    Geometry geometry_;
    Rng rng_;
    CandidateSearch search_;
    bool randomLayout_;  // a jigsaw without a given layout: a new one each grid
    std::vector<std::vector<int>> orbits_;
    // Without --minimal, a requested level (short of extreme, which bounds nothing) also keeps
    // every clue whose removal would take the puzzle past it.
    bool boundedRemoval_;
    // A 9x9 classic bounded at hard or above: a puzzle the fast solver's propagation fills is
    // unique and within the level (see SolvedByPropagation9).
    bool propagationProvesLevel_;
    LogicalSolver gradingSolver_;  // bounded by the requested level
    // On 9x9 at hard or below, that solver's answer comes from its rules' fixpoint instead of its
    // steps (RuleFixpoint9.h).
    std::optional<Difficulty> fixpointLevel_;
    std::vector<Mask> start_;              // a search's start candidates
    std::vector<std::uint8_t> startDone_;  // cells placed, with eliminations, in start_
    std::vector<int> solution_;            // the full grid of the current attempt
    std::vector<std::uint8_t> given_;      // which of its cells are clues
    std::vector<Mask> unitHas_;            // digits the clues put in each unit
    bool budgetHit_ = false;               // some check ran out of nodes: minimality is not proved
    bool allForced_ = false;  // every cell of the last orbit checked was forced by the clues
    bool levelKept_ = false;  // a removable clue stayed for the level's sake
    int ordersOnGrid_ = 0;    // removal orders tried on the current grid, 0 for a new grid
    // On 9x9, kept up to date: the clues as a set and by digit, where each digit's clues rule it
    // out, and the grid's unavoidable sets.
    CellSet9 clues_;
    std::array<CellSet9, 9> cluesOfDigit_{};  // the clues of each digit (0..8)
    // The peers of those clues, worked out when asked (seenBy): a cache, hence mutable.
    mutable std::array<CellSet9, 9> seenByDigit_{};
    mutable std::uint32_t seenStale_ = 0x1FF;  // bit d: seenByDigit_[d] to be worked out again
    UnavoidableSets9 unavoidable_;
};

namespace {

// A jigsaw's geometry: its given layout, or the rows until the first grid draws a random one.
Geometry JigsawGeometry(const GeneratorOptions& options) {
    if (options.size < 4 || options.size > kMaxSize)
        throw std::invalid_argument("no jigsaw Sudoku of size " + std::to_string(options.size) +
                                    ": the size must be 4 to 25");
    if (options.regions.empty()) {
        std::vector<int> rows(options.size * options.size);
        for (std::size_t cell = 0; cell < rows.size(); ++cell)
            rows[cell] = static_cast<int>(cell) / options.size;
        return Geometry::WithRegions(rows);
    }
    if (options.regions.size() != static_cast<std::size_t>(options.size * options.size))
        throw std::invalid_argument("the region map has " + std::to_string(options.regions.size()) +
                                    " cells, not " + std::to_string(options.size * options.size));
    return Geometry::WithRegions(options.regions);  // throws with the map's problem
}

Geometry CheckedGeometry(const GeneratorOptions& options) {
    if (options.maxAttempts < 1) throw std::invalid_argument("maxAttempts must be at least 1");
    if (options.timeLimit.count() < 0)
        throw std::invalid_argument("timeLimit must not be negative");
    if (options.variant == Variant::Jigsaw) return JigsawGeometry(options);
    if (!options.regions.empty())
        throw std::invalid_argument("a region map is for jigsaw puzzles only");
    auto geometry = Geometry::ForSize(options.size);
    if (!geometry || options.size < 4)
        throw std::invalid_argument("no Sudoku of size " + std::to_string(options.size) +
                                    ": the size must be 4 to 25 with rectangular boxes (a jigsaw "
                                    "takes any size)");
    if (options.variant == Variant::X)
        return Geometry(geometry->boxRows(), geometry->boxCols(), true);
    return *geometry;
}

}  // namespace

Generator::Generator(GeneratorOptions options)
    : options_(options), impl_(std::make_unique<Impl>(options_, CheckedGeometry(options_))) {}
Generator::~Generator() = default;
Generator::Generator(Generator&&) noexcept = default;
Generator& Generator::operator=(Generator&&) noexcept = default;

GeneratedPuzzle Generator::next() {
    return impl_->puzzle(nextIndex_++);
}

GeneratedPuzzle Generator::puzzle(std::uint64_t index) {
    return impl_->puzzle(index);
}

GeneratedPuzzle Generate(const GeneratorOptions& options) {
    return Generator(options).next();
}

}  // namespace sudoku
