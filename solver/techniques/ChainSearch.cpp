#include "solver/techniques/ChainSearch.h"

#include <algorithm>
#include <span>

#include "solver/techniques/AdvancedSupport.h"
#include "solver/techniques/ChainGraph.h"

namespace sudoku::detail {
namespace {

// Total states one FindChain call may visit over all its starts: about 20 ms of work. Enough for
// every 9x9 position; on 16x16 and 25x25 grids it cuts the search rather than stalling a solve.
constexpr int kStateBudget = 400000;

// Breadth-first search from each start; state = node * 2 + (1 when the node is assumed true).
class Searcher {
public:
    Searcher(const CandidateGrid& grid, ChainKind kind, int maxNodes, Mask digits)
        : grid_(grid),
          g_(grid.geometry()),
          kind_(kind),
          digits_(digits),
          graph_(grid, kind, digits),
          maxLinks_(maxNodes - 1),
          parent_(static_cast<std::size_t>(graph_.nodeCount()) * 2, -1),
          depth_(parent_.size(), 0),
          stamp_(parent_.size(), -1) {}

    std::optional<Chain> run() {
        for (int node = 0; node < graph_.nodeCount() && budget_ > 0; ++node)
            if (graph_.present(node) && (digits_ & DigitBit(graph_.digit(node)))) search(node);
        if (bestEnd_ < 0) return std::nullopt;
        return best_;
    }

private:
    void search(int start) {
        findTargets(start);
        // X- and XY-chains, and chains from a group or a set, conclude only by what sees both
        // ends of the start's digit: such a start that no cell of its digit sees can end none.
        if (targets_.empty() && (!aic() || graph_.isExtra(start))) return;
        const int stamp = ++stamps_;
        queue_.clear();
        visit(start * 2, -1, 0, stamp);
        for (std::size_t head = 0; head < queue_.size(); ++head) {
            const int state = queue_[head];
            const int depth = depth_[state];
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
                if (stamp_[nextState] == stamp) continue;
                visit(nextState, state, depth + 1, stamp);
                // An end before the start needs no look: its chain read backwards, as long and
                // concluding the same, was that end's to find, and the bound already stops
                // anything of that length (nothing is found at all when it found nothing).
                if (!on && *next >= start && conclude(start, *next)) {
                    keep(nextState, depth + 1);
                    return;
                }
            }
            if (--budget_ <= 0) return;
        }
    }

    void visit(int state, int parent, int depth, int stamp) {
        stamp_[state] = stamp;
        parent_[state] = parent;
        depth_[state] = depth;
        queue_.push_back(state);
    }

    // Fills scratch_ with what "start or end is true" removes; true when it changes the grid.
    bool conclude(int start, int end) {
        scratch_.clear();
        placement_.reset();
        const int sd = graph_.digit(start), ed = graph_.digit(end);
        const bool cells = !graph_.isExtra(start) && !graph_.isExtra(end);
        const bool aic = this->aic();
        const int n = grid_.size();
        if (start == end) {
            if (!aic) return false;
            if (cells) {
                placement_ = CellDigit{start / n, sd};
                return true;
            }
        }
        if (sd == ed && (start != end || !cells)) {
            const auto endCells = graph_.cells(end);
            for (int cell : targets_)
                if (seesAll(cell, endCells)) scratch_.push_back({cell, sd});
        } else if (!aic || !cells) {
            return false;
        } else if (start / n == end / n) {
            const int cell = start / n;
            for (int d : Digits(grid_.candidates(cell) & ~DigitBit(sd) & ~DigitBit(ed)))
                scratch_.push_back({cell, d});
        } else if (g_.sees(start / n, end / n)) {
            if (grid_.has(end / n, sd)) scratch_.push_back({end / n, sd});
            if (grid_.has(start / n, ed)) scratch_.push_back({start / n, ed});
        }
        return !scratch_.empty();
    }

    // The cells with the start's digit that see all the start's cells: what an end of that digit
    // may eliminate with it.
    void findTargets(int start) {
        targets_.clear();
        const int digit = graph_.digit(start);
        const auto cells = graph_.cells(start);
        const bool oneCell = cells.size() == 1;  // then every peer sees all of it
        for (int cell : g_.peers(cells.front()))
            if (grid_.has(cell, digit) && (oneCell || seesAll(cell, cells)))
                targets_.push_back(cell);
    }

    bool aic() const { return kind_ == ChainKind::Aic || kind_ == ChainKind::AlsAic; }

    bool seesAll(int cell, std::span<const int> cells) const {
        for (int other : cells)
            if (other == cell || !g_.sees(cell, other)) return false;
        return true;
    }

    void keep(int endState, int links) {
        bestEnd_ = endState;
        bestLinks_ = links;
        best_.eliminations = scratch_;
        best_.placement = placement_;
        best_.nodes.clear();
        for (int s = endState; s >= 0; s = parent_[s])
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
    std::vector<int> parent_;
    std::vector<int> depth_;
    std::vector<int> stamp_;  // the search that last reached a state
    int stamps_ = 0;
    std::vector<int> queue_;
    std::vector<CellDigit> scratch_;
    std::vector<int> targets_;
    std::optional<CellDigit> placement_;
    Chain best_;
    int bestEnd_ = -1;
    int bestLinks_ = 0;
};

}  // namespace

std::optional<Chain> FindChain(const CandidateGrid& grid, ChainKind kind, int maxNodes,
                               Mask digits) {
    return Searcher(grid, kind, maxNodes, digits).run();
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
