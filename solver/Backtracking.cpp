#include "solver/Backtracking.h"

#include <algorithm>
#include <string>
#include <vector>

#include "solver/FastSolver9.h"

// The any-size search: candidates as one bitmask per cell, naked and hidden singles plus locked
// candidates (pointing and claiming) before every guess, then a guess on the open cell with the
// fewest candidates. Each guess saves the whole grid state on an explicit stack of frames that
// are reused, so a search allocates only while its deepest path grows.

namespace sudoku {
namespace {

// Bit count without the POPCNT instruction (not in the x86-64 baseline the build targets).
inline int Pop(Mask x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return static_cast<int>((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}

// The ways a guess point branches: a cell's candidates, or a digit's places in a unit.
struct Choice {
    CellDigit options[kMaxSize];
    int count = 0;
};

struct Grid {
    std::vector<Mask> candidates;      // 0 for a filled cell
    std::vector<std::uint8_t> values;  // 0 for an open cell
    int open = 0;
};

class Search {
public:
    explicit Search(const Geometry& g) : g_(g), all_(g.allDigits()) {}

    // Places the clues; false when two of them clash.
    bool start(const Board& puzzle, Grid& grid) const {
        grid.candidates.assign(g_.cellCount(), all_);
        grid.values.assign(g_.cellCount(), 0);
        grid.open = g_.cellCount();
        for (int cell = 0; cell < g_.cellCount(); ++cell) {
            const int d = puzzle.value(cell);
            if (d == 0) continue;
            if ((grid.candidates[cell] & DigitBit(d)) == 0 || !place(grid, cell, d)) return false;
        }
        return true;
    }

    // Singles and locked candidates until nothing changes; false on a contradiction.
    bool propagate(Grid& grid) const {
        for (;;) {
            bool progress = false;
            if (!nakedSingles(grid, progress) || !hiddenSingles(grid, progress)) return false;
            if (grid.open == 0) return true;
            if (progress) continue;
            if (!lockedCandidates(grid, progress)) return false;
            if (!progress) return true;
        }
    }

    // Where to branch: the fewest options among the open cells (their candidates) and the
    // digits each unit still needs (their places), as dancing-links solvers choose. Places are
    // looked at only when no cell has two candidates (rare once singles have run).
    Choice choose(const Grid& grid) const {
        int best = -1, bestCount = kMaxSize + 1;
        for (int cell = 0; cell < g_.cellCount(); ++cell) {
            if (grid.values[cell]) continue;
            const int count = Pop(grid.candidates[cell]);
            if (count < bestCount) {
                best = cell;
                bestCount = count;
                if (count <= 2) break;
            }
        }
        Choice choice;
        if (bestCount > 2 && fewestPlaces(grid, bestCount, choice)) return choice;
        for (int d : Digits(grid.candidates[best]))
            choice.options[choice.count++] = {best, d};
        return choice;
    }

    // Places a digit and removes it from every peer; false when a peer is left with nothing.
    bool place(Grid& grid, CellDigit cd) const { return place(grid, cd.cell, cd.digit); }
    // Places a digit and removes it from every peer; false when a peer is left with nothing.
    bool place(Grid& grid, int cell, int digit) const {
        const Mask bit = DigitBit(digit);
        grid.values[cell] = static_cast<std::uint8_t>(digit);
        grid.candidates[cell] = 0;
        --grid.open;
        for (int peer : g_.peers(cell)) {
            Mask& m = grid.candidates[peer];
            if ((m & bit) == 0) continue;
            m &= ~bit;
            if (m == 0) return false;
        }
        return true;
    }

private:
    // The digit of some unit with fewer places than `fewerThan`, the fewest found; false when
    // there is none.
    bool fewestPlaces(const Grid& grid, int fewerThan, Choice& choice) const {
        int bestUnit = -1, bestDigit = 0, bestCount = fewerThan;
        int counts[kMaxSize + 1];
        for (int unit = 0; unit < g_.unitCount() && bestCount > 2; ++unit) {
            std::fill(counts, counts + g_.size() + 1, 0);
            for (int cell : g_.unitCells(unit))
                for (int d : Digits(grid.candidates[cell]))
                    ++counts[d];
            for (int d = 1; d <= g_.size(); ++d)
                if (counts[d] > 0 && counts[d] < bestCount) {
                    bestUnit = unit;
                    bestDigit = d;
                    bestCount = counts[d];
                }
        }
        if (bestUnit < 0) return false;
        for (int cell : g_.unitCells(bestUnit))
            if (grid.candidates[cell] & DigitBit(bestDigit))
                choice.options[choice.count++] = {cell, bestDigit};
        return true;
    }

    bool nakedSingles(Grid& grid, bool& progress) const {
        for (int cell = 0; cell < g_.cellCount(); ++cell) {
            const Mask m = grid.candidates[cell];
            if (grid.values[cell] || (m & (m - 1))) continue;
            if (m == 0 || !place(grid, cell, OnlyDigit(m))) return false;
            progress = true;
        }
        return true;
    }

    bool hiddenSingles(Grid& grid, bool& progress) const {
        for (int unit = 0; unit < g_.unitCount(); ++unit) {
            const auto cells = g_.unitCells(unit);
            Mask once = 0, twice = 0, placed = 0;
            for (int cell : cells) {
                const Mask m = grid.candidates[cell];
                twice |= once & m;
                once |= m;
                if (grid.values[cell]) placed |= DigitBit(grid.values[cell]);
            }
            if ((once | placed) != all_) return false;  // a digit with no place left
            for (int d : Digits(once & ~twice & ~placed)) {
                int where = -1;
                for (int cell : cells)
                    if (grid.candidates[cell] & DigitBit(d)) where = cell;
                // An earlier placement in this loop may have taken the digit's last place.
                if (where < 0 || !place(grid, where, d)) return false;
                progress = true;
            }
        }
        return true;
    }

    // A digit confined, within one of two crossing units (a box and a line, a region and a line or
    // a diagonal), to where they meet leaves the rest of the other unit.
    bool lockedCandidates(Grid& grid, bool& progress) const {
        for (const auto& [a, b] : g_.crossings())
            if (!lockIntersection(grid, a, b, progress)) return false;
        return true;
    }

    bool lockIntersection(Grid& grid, int a, int b, bool& progress) const {
        Mask inside = 0, aOutside = 0, bOutside = 0;
        for (int cell : g_.unitCells(a))
            (g_.inUnit(b, cell) ? inside : aOutside) |= grid.candidates[cell];
        if (inside == 0) return true;
        for (int cell : g_.unitCells(b))
            if (!g_.inUnit(a, cell)) bOutside |= grid.candidates[cell];
        if (!clearOutside(grid, a, b, inside & ~bOutside & aOutside, progress)) return false;
        return clearOutside(grid, b, a, inside & ~aOutside & bOutside, progress);
    }

    // Removes the digits from the cells of `unit` outside `other`.
    bool clearOutside(Grid& grid, int unit, int other, Mask digits, bool& progress) const {
        if (digits == 0) return true;
        for (int cell : g_.unitCells(unit))
            if (!g_.inUnit(other, cell) && !clear(grid, cell, digits)) return false;
        progress = true;
        return true;
    }

    static bool clear(Grid& grid, int cell, Mask digits) {
        Mask& m = grid.candidates[cell];
        if (grid.values[cell] || (m & digits) == 0) return true;
        m &= ~digits;
        return m != 0;
    }

    const Geometry& g_;
    Mask all_;
};

// A guess point: the grid before the guess and the options not tried yet.
struct Frame {
    Grid grid;
    Choice choice;
    int next = 0;
};

Board ToBoard(const Board& puzzle, const Grid& grid) {
    Board solution = puzzle;
    for (int cell = 0; cell < puzzle.cellCount(); ++cell)
        if (puzzle.isEmpty(cell)) solution.set(cell, grid.values[cell], CellOrigin::Filled);
    return solution;
}

SolveResult CountFast9(const Board& puzzle, int limit) {
    std::string line(81, '.');
    for (int cell = 0; cell < 81; ++cell)
        if (!puzzle.isEmpty(cell)) line[cell] = static_cast<char>('0' + puzzle.value(cell));
    char solution[81];
    SolveResult result;
    result.count = SolveFast9(line.c_str(), limit, solution, &result.guesses);
    result.solution = puzzle;
    if (result.count > 0)
        for (int cell = 0; cell < 81; ++cell)
            if (puzzle.isEmpty(cell))
                result.solution.set(cell, solution[cell] - '0', CellOrigin::Filled);
    return result;
}

}  // namespace

SolveResult CountSolutionsGeneric(const Board& puzzle, int limit) {
    if (limit < 1) limit = 1;
    SolveResult result;
    result.solution = puzzle;
    const Search search(puzzle.geometry());
    Grid grid;
    if (!search.start(puzzle, grid)) return result;

    std::vector<Frame> frames;  // reused: frames[0..depth) are live
    std::size_t depth = 0;
    bool alive = true;
    for (;;) {
        if (alive && search.propagate(grid)) {
            if (grid.open > 0) {
                if (depth == frames.size()) frames.emplace_back();
                Frame& f = frames[depth++];
                f.grid = grid;
                f.choice = search.choose(grid);
                f.next = 1;
                alive = search.place(grid, f.choice.options[0]);
                continue;
            }
            if (result.count == 0) result.solution = ToBoard(puzzle, grid);
            if (++result.count >= limit) break;
        }
        // Back to the deepest guess point that still has an untried option.
        while (depth > 0 && frames[depth - 1].next == frames[depth - 1].choice.count)
            --depth;
        if (depth == 0) break;
        Frame& f = frames[depth - 1];
        grid = f.grid;
        ++result.guesses;
        alive = search.place(grid, f.choice.options[f.next++]);
    }
    return result;
}

bool IsSolutionOf(const Board& puzzle, const Board& solution) {
    const Geometry& g = puzzle.geometry();
    if (!(solution.geometry() == g) || !solution.isComplete()) return false;
    for (int cell = 0; cell < g.cellCount(); ++cell)
        if (!puzzle.isEmpty(cell) && puzzle.value(cell) != solution.value(cell)) return false;
    for (int unit = 0; unit < g.unitCount(); ++unit)
        if (solution.missingIn(unit) != 0) return false;
    return true;
}

SolveResult CountSolutions(const Board& puzzle, int limit) {
    if (puzzle.geometry().isClassic9()) return CountFast9(puzzle, limit < 1 ? 1 : limit);
    return CountSolutionsGeneric(puzzle, limit);
}

}  // namespace sudoku
