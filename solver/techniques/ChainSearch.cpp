#include "solver/techniques/ChainSearch.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <span>

#include "solver/techniques/AdvancedSupport.h"
#include "solver/techniques/ChainGraph.h"

namespace sudoku::detail {
namespace {

// Total states one FindChain call may visit over all its starts: about 20 ms of work. Enough for
// every 9x9 position; on 16x16 and 25x25 grids it cuts the search rather than stalling a solve.
constexpr int kStateBudget = 400000;

// Breadth-first search from each start; state = node * 2 + (1 when the node is assumed true).
//
// The chain returned is the shortest of all starts' (the first start's in node order when
// several are as short), and of that start's the first its walk reaches. The starts are first
// walked together, 64 at a time, a bit each (`walkTogether`): that finds which start and how
// many links, sharing the walk of every state many starts reach at the same depth (the graphs
// are dense: most starts reach most states). The winner's own walk then gives the chain.
//
// Its arrays are kept from one search to the next on the same thread (`WalkArrays`): grading one
// puzzle searches for chains hundreds of times.
struct WalkArrays {
    std::vector<int> parent, depth, queue;
    std::vector<int> stamp;  // the search that last reached a state
    std::vector<int> starts;
    std::vector<std::uint64_t> targets;  // per start, the cells findTargets found
    // walkBatch's: per state, the batch's starts that reached it, that reach it at this depth,
    // and that reach it from this depth; the states of this depth, and those reached from it.
    std::vector<std::uint64_t> seen, bits, next;
    std::vector<int> level, touched;
    std::vector<int> reachedStates;            // the states whose `seen` the batch set
    std::vector<std::uint64_t> startsOfDigit;  // per digit, the batch's starts of that digit
};

class Searcher {
public:
    Searcher(const CandidateGrid& grid, ChainKind kind, int maxNodes, Mask digits,
             ChainGraph::Arrays& graphArrays, WalkArrays& arrays)
        : grid_(grid),
          g_(grid.geometry()),
          kind_(kind),
          digits_(digits),
          graph_(grid, kind, digits, graphArrays),
          maxLinks_(maxNodes - 1),
          a_(arrays),
          words_(g_.cellWords()) {
        a_.starts.clear();
        a_.targets.clear();
    }

    std::optional<Chain> run(ChainWalk walk) {
        findStarts();
        const Together together = walk == ChainWalk::Together ? walkTogether() : Together{};
        if (together.withinBudget) {
            if (together.winner >= 0) search(together.winner);
        } else {
            // One start after another, as the budget counts them: the walks together may have
            // gone where the budget would have stopped.
            for (int i = 0; i < static_cast<int>(a_.starts.size()) && budget_ > 0; ++i)
                search(i);
        }
        if (bestEnd_ < 0) return std::nullopt;
        return best_;
    }

private:
    // The starts in node order, with the cells their digit's ends may eliminate with them.
    void findStarts() {
        for (int node = 0; node < graph_.nodeCount(); ++node) {
            if (!graph_.present(node) || !(digits_ & DigitBit(graph_.digit(node)))) continue;
            const bool anyTarget = findTargets(node);
            // X- and XY-chains, and chains from a group or a set, conclude only by what sees
            // both ends of the start's digit: such a start that no cell of its digit sees can
            // end none.
            if (!anyTarget && (!aic() || graph_.isExtra(node))) {
                a_.targets.resize(a_.targets.size() - words_);
                continue;
            }
            a_.starts.push_back(node);
        }
    }

    // Appends the cells with the node's digit that see all the node's cells to a_.targets;
    // whether there is any.
    bool findTargets(int node) {
        const std::uint64_t* seeing = graph_.seeing(node);
        const std::uint64_t* digitCells = graph_.digitCells(graph_.digit(node));
        std::uint64_t any = 0;
        for (int w = 0; w < words_; ++w) {
            a_.targets.push_back(seeing[w] & digitCells[w]);
            any |= a_.targets.back();
        }
        return any != 0;
    }

    const std::uint64_t* targetsOf(int startIndex) const {
        return a_.targets.data() + static_cast<std::size_t>(startIndex) * words_;
    }

    // The walk of one start (index in a_.starts), keeping the first chain it ends within the
    // bounds.
    void search(int startIndex) {
        const int start = a_.starts[startIndex];
        if (stamps_ == 0) {
            const std::size_t stateCount = static_cast<std::size_t>(graph_.nodeCount()) * 2;
            a_.stamp.assign(stateCount, -1);
            a_.parent.resize(stateCount);
            a_.depth.resize(stateCount);
        }
        const int stamp = ++stamps_;
        a_.queue.clear();
        visit(start * 2, -1, 0, stamp);
        for (std::size_t head = 0; head < a_.queue.size(); ++head) {
            const int state = a_.queue[head];
            const int depth = a_.depth[state];
            const bool on = state & 1;
            // The shortest chain this state can end: its links reach a true node when it is
            // false, one link later when it is true. The queue holds states of its depth (all
            // true or all false) and deeper, so once that is past the bounds, so is every state
            // left.
            const int firstEnd = depth + (on ? 2 : 1);
            if (firstEnd > maxLinks_ || (bestEnd_ >= 0 && firstEnd >= bestLinks_)) return;
            const int node = state / 2;
            const int* begin = on ? graph_.weakBegin(node) : graph_.strongBegin(node);
            const int* end = on ? graph_.weakEnd(node) : graph_.strongEnd(node);
            for (const int* next = begin; next != end; ++next) {
                const int nextState = *next * 2 + (on ? 0 : 1);
                if (a_.stamp[nextState] == stamp) continue;
                visit(nextState, state, depth + 1, stamp);
                // An end before the start needs no look: its chain read backwards, as long and
                // concluding the same, was that end's to find, and the bound already stops
                // anything of that length (nothing is found at all when it found nothing).
                if (!on && *next >= start && concludes(startIndex, *next)) {
                    conclude(startIndex, *next);
                    keep(nextState, depth + 1);
                    return;
                }
            }
            if (--budget_ <= 0) return;
        }
    }

    void visit(int state, int parent, int depth, int stamp) {
        a_.stamp[state] = stamp;
        a_.parent[state] = parent;
        a_.depth[state] = depth;
        a_.queue.push_back(state);
    }

    struct Together {
        int winner = -1;            // the index in a_.starts of the start whose chain is kept
        bool withinBudget = false;  // the walks one by one could not have run out of budget
    };

    // The starts' walks 64 at a time, level by level: bit i of a state's word says start i
    // reaches it first at this depth. Each batch walks until one of its starts ends a chain
    // shorter than the best so far (the lowest such start wins the batch) or the bounds stop
    // it. The states the walks reach bound what the walks one by one would take from the
    // budget; a batch's starts before its winner would have walked on, each at most every state.
    Together walkTogether() {
        const int stateCount = graph_.nodeCount() * 2;
        // `seen` and `next` are all zero between batches (each batch clears what it set), and
        // what resize adds is zero too.
        a_.seen.resize(stateCount);
        a_.bits.resize(stateCount);
        a_.next.resize(stateCount);
        a_.level.resize(stateCount);
        // walkBatchLevels writes each state it touches at the end of `touched` before it knows
        // whether it keeps it there: one more than the states.
        a_.touched.resize(stateCount + 1);
        a_.reachedStates.resize(stateCount);
        Together result;
        long long budgetBound = 0;
        int bestLinks = maxLinks_ + 1;
        const int startCount = static_cast<int>(a_.starts.size());
        for (int first = 0; first < startCount; first += 64) {
            const int count = std::min(64, startCount - first);
            const int links = walkBatch(first, count, bestLinks, budgetBound);
            if (links < 0) continue;
            bestLinks = links;
            result.winner = batchWinner_;
            budgetBound += static_cast<long long>(batchWinner_ - first) * stateCount;
        }
        result.withinBudget = budgetBound < kStateBudget;
        return result;
    }

    // One batch: the number of links of the shortest chain under `bestLinks` that one of its
    // starts ends (the lowest such start in batchWinner_), or -1. Adds the states reached to
    // `reached`.
    int walkBatch(int first, int count, int bestLinks, long long& reached) {
        reachedCount_ = 0;
        const int links = walkBatchLevels(first, count, bestLinks, reached);
        // Only the states the batch reached are cleared: the later batches, bounded by the
        // best chain so far, reach far fewer than the graph's states.
        for (int i = 0; i < reachedCount_; ++i)
            a_.seen[a_.reachedStates[i]] = 0;
        return links;
    }

    // walkBatch's walk, leaving `seen` set for the states in a_.reachedStates.
    // The lists are arrays of stateCount entries written through an index (a state enters each
    // at most once a level, or a batch for reachedStates): cheaper than push_back in this loop.
    int walkBatchLevels(int first, int count, int bestLinks, long long& reached) {
        int* level = a_.level.data();
        int* touched = a_.touched.data();
        int* reachedStates = a_.reachedStates.data();
        std::uint64_t* next = a_.next.data();
        std::uint64_t* seen = a_.seen.data();
        std::uint64_t* bits = a_.bits.data();
        int levelCount = 0;
        fileStartsByDigit(first, count);
        for (int i = 0; i < count; ++i) {
            const int state = a_.starts[first + i] * 2;
            seen[state] = bits[state] = std::uint64_t{1} << i;
            level[levelCount++] = state;
            reachedStates[reachedCount_++] = state;
        }
        reached += count;
        for (int depth = 0;; ++depth) {
            const bool on = depth & 1;
            const int firstEnd = depth + (on ? 2 : 1);
            if (firstEnd > maxLinks_ || firstEnd >= bestLinks) return -1;
            int touchedCount = 0;
            for (int l = 0; l < levelCount; ++l) {
                const int state = level[l];
                const std::uint64_t stateBits = bits[state];
                const int node = state / 2;
                const int* begin = on ? graph_.weakBegin(node) : graph_.strongBegin(node);
                const int* end = on ? graph_.weakEnd(node) : graph_.strongEnd(node);
                // Without a branch: whether a state was already touched at this level is as
                // good as random, and a branch on it is mispredicted often. The state is written
                // to the end of the list each time and kept there only the first time.
                for (const int* link = begin; link != end; ++link) {
                    const int nextState = *link * 2 + (on ? 0 : 1);
                    const std::uint64_t before = next[nextState];
                    touched[touchedCount] = nextState;
                    touchedCount += before == 0;
                    next[nextState] = before | stateBits;
                }
            }
            levelCount = 0;
            std::uint64_t ended = 0;
            for (int t = 0; t < touchedCount; ++t) {
                const int state = touched[t];
                const std::uint64_t fresh = next[state] & ~seen[state];
                next[state] = 0;
                if (fresh == 0) continue;
                if (seen[state] == 0) reachedStates[reachedCount_++] = state;
                seen[state] |= fresh;
                bits[state] = fresh;
                level[levelCount++] = state;
                reached += CountCells(fresh);
                if (!on) ended |= endedAt(state / 2, fresh & ~ended, first);
            }
            if (ended != 0) {
                batchWinner_ = first + std::countr_zero(ended);
                return depth + 1;
            }
        }
    }

    // Files the batch's starts by digit, and notes those that are cells' candidates, for
    // `endedAt`.
    void fileStartsByDigit(int first, int count) {
        a_.startsOfDigit.assign(static_cast<std::size_t>(grid_.size()) + 1, 0);
        cellStarts_ = 0;
        for (int i = 0; i < count; ++i) {
            const int start = a_.starts[first + i];
            a_.startsOfDigit[graph_.digit(start)] |= std::uint64_t{1} << i;
            if (!graph_.isExtra(start)) cellStarts_ |= std::uint64_t{1} << i;
        }
    }

    // Which of the batch's starts in `fresh` (bit i: a_.starts[first + i]) end a chain at `node`.
    std::uint64_t endedAt(int node, std::uint64_t fresh, int first) const {
        // Only a start of the node's digit, or in AICs a cell's candidate when the node is one
        // too, can conclude with it (`concludes`): the others are not asked.
        fresh &= a_.startsOfDigit[graph_.digit(node)] |
                 (aic() && !graph_.isExtra(node) ? cellStarts_ : 0);
        std::uint64_t ended = 0;
        for (; fresh != 0; fresh &= fresh - 1) {
            const int i = std::countr_zero(fresh);
            if (a_.starts[first + i] > node) break;  // the starts ascend: the rest come later
            if (concludes(first + i, node)) ended |= std::uint64_t{1} << i;
        }
        return ended;
    }

    // Whether "start or end is true" changes the grid (conclude says how).
    bool concludes(int startIndex, int end) const {
        const int start = a_.starts[startIndex];
        const int sd = graph_.digit(start), ed = graph_.digit(end);
        const bool cells = !graph_.isExtra(start) && !graph_.isExtra(end);
        const int n = grid_.size();
        if (start == end) {
            if (!aic()) return false;
            if (cells) return true;
        }
        if (sd == ed) {
            const std::uint64_t* targets = targetsOf(startIndex);
            const std::uint64_t* seeingEnd = graph_.seeing(end);
            for (int w = 0; w < words_; ++w)
                if (targets[w] & seeingEnd[w]) return true;
            return false;
        }
        if (!aic() || !cells) return false;
        if (start / n == end / n)
            return (grid_.candidates(start / n) & ~DigitBit(sd) & ~DigitBit(ed)) != 0;
        return g_.sees(start / n, end / n) && (grid_.has(end / n, sd) || grid_.has(start / n, ed));
    }

    // What "start or end is true" removes into scratch_ (or places, in placement_), when
    // `concludes` says it changes the grid.
    void conclude(int startIndex, int end) {
        scratch_.clear();
        placement_.reset();
        const int start = a_.starts[startIndex];
        const int sd = graph_.digit(start), ed = graph_.digit(end);
        const bool cells = !graph_.isExtra(start) && !graph_.isExtra(end);
        const int n = grid_.size();
        if (start == end && cells) {
            placement_ = CellDigit{start / n, sd};
        } else if (sd == ed) {
            // In the order of the start's first place's peers, as the step lists them.
            const std::uint64_t* targets = targetsOf(startIndex);
            const std::uint64_t* seeingEnd = graph_.seeing(end);
            for (int cell : g_.peers(graph_.cells(start).front()))
                if (HasCell(targets, cell) && HasCell(seeingEnd, cell))
                    scratch_.push_back({cell, sd});
        } else if (start / n == end / n) {
            const int cell = start / n;
            for (int d : Digits(grid_.candidates(cell) & ~DigitBit(sd) & ~DigitBit(ed)))
                scratch_.push_back({cell, d});
        } else {
            if (grid_.has(end / n, sd)) scratch_.push_back({end / n, sd});
            if (grid_.has(start / n, ed)) scratch_.push_back({start / n, ed});
        }
    }

    bool aic() const { return kind_ == ChainKind::Aic || kind_ == ChainKind::AlsAic; }

    void keep(int endState, int links) {
        bestEnd_ = endState;
        bestLinks_ = links;
        best_.eliminations = scratch_;
        best_.placement = placement_;
        best_.nodes.clear();
        for (int s = endState; s >= 0; s = a_.parent[s])
            best_.nodes.push_back(
                {graph_.digit(s / 2),
                 std::vector<int>(graph_.cells(s / 2).begin(), graph_.cells(s / 2).end()),
                 graph_.setCells(s / 2)});
        std::reverse(best_.nodes.begin(), best_.nodes.end());
        best_.units.clear();
        for (std::size_t i = 0; i + 1 < best_.nodes.size(); ++i) {
            const int a = best_.nodes[i].cells.front(), b = best_.nodes[i + 1].cells.front();
            if (a == b) continue;
            const int unit = CommonUnit(g_, a, b);
            if (unit >= 0 &&
                std::find(best_.units.begin(), best_.units.end(), unit) == best_.units.end())
                best_.units.push_back(unit);
        }
    }

    const CandidateGrid& grid_;
    const Geometry& g_;
    ChainKind kind_;
    Mask digits_;  // the starts' digits
    ChainGraph graph_;
    int maxLinks_;
    int budget_ = kStateBudget;
    WalkArrays& a_;
    int stamps_ = 0;
    std::vector<CellDigit> scratch_;
    int words_;  // bit words of a set of cells
    int batchWinner_ = -1;
    int reachedCount_ = 0;          // the states of a_.reachedStates the batch reached
    std::uint64_t cellStarts_ = 0;  // the batch's starts that are cells' candidates
    std::optional<CellDigit> placement_;
    Chain best_;
    int bestEnd_ = -1;
    int bestLinks_ = 0;
};

}  // namespace

std::optional<Chain> FindChain(const CandidateGrid& grid, ChainKind kind, int maxNodes, Mask digits,
                               ChainWalk walk) {
    thread_local ChainGraph::Arrays graphArrays;
    thread_local WalkArrays arrays;
    return Searcher(grid, kind, maxNodes, digits, graphArrays, arrays).run(walk);
}

std::string NodeCellsText(const Geometry& g, const ChainNode& node) {
    const std::vector<int>& cells = node.set.empty() ? node.cells : node.set;
    if (cells.size() == 1) return g.cellName(cells.front());
    std::string text = node.set.empty() ? "{" : "ALS{";
    for (std::size_t i = 0; i < cells.size(); ++i) {
        if (i > 0) text += ',';
        text += g.cellName(cells[i]);
    }
    text += '}';
    return text;
}

std::string ChainText(const Geometry& g, const Chain& chain) {
    std::string text;
    for (std::size_t i = 0; i < chain.nodes.size(); ++i) {
        if (i > 0) text += i % 2 == 1 ? " = " : " - ";
        // Appended piece by piece: GCC 12 at -O3 warns (-Wrestrict) on "(" + std::string.
        text += '(';
        text += Geometry::DigitChar(chain.nodes[i].digit);
        text += ')';
        text += NodeCellsText(g, chain.nodes[i]);
    }
    return text;
}

}  // namespace sudoku::detail
