#include "solver/techniques/ChainSearch.h"

#include <algorithm>

#include "solver/techniques/AdvancedSupport.h"

namespace sudoku::detail {
namespace {

// Walks the implication graph: state = node * 2 + (1 when the node is assumed true), node =
// cell * size + digit - 1. Scratch arrays live as long as one FindChain call.
class Searcher {
public:
    Searcher(const CandidateGrid& grid, ChainKind kind, int maxNodes)
        : grid_(grid),
          g_(grid.geometry()),
          kind_(kind),
          n_(grid.size()),
          maxLinks_(maxNodes - 1),
          conjugate_(static_cast<std::size_t>(g_.unitCount()) * n_ * 2, -1),
          parent_(static_cast<std::size_t>(g_.cellCount()) * n_ * 2, -1),
          depth_(parent_.size(), 0),
          stamp_(parent_.size(), -1) {
        if (kind_ != ChainKind::XYChain) findConjugates();
    }

    std::optional<Chain> run() {
        for (int cell = 0; cell < g_.cellCount(); ++cell) {
            if (!eligible(cell)) continue;
            for (int d : Digits(grid_.candidates(cell)))
                search(cell * n_ + d - 1);
        }
        if (bestEnd_ < 0) return std::nullopt;
        return best_;
    }

private:
    int cellOf(int node) const { return node / n_; }
    int digitOf(int node) const { return node % n_ + 1; }
    bool eligible(int cell) const {
        const Mask m = grid_.candidates(cell);
        return kind_ == ChainKind::XYChain ? CountDigits(m) == 2 : m != 0;
    }

    void findConjugates() {
        for (int unit = 0; unit < g_.unitCount(); ++unit)
            for (int d = 1; d <= n_; ++d) {
                int count = 0, places[2] = {-1, -1};
                for (int cell : g_.unitCells(unit))
                    if (grid_.has(cell, d) && count++ < 2) places[count - 1] = cell;
                if (count != 2) continue;
                const std::size_t at = (static_cast<std::size_t>(unit) * n_ + d - 1) * 2;
                conjugate_[at] = places[0];
                conjugate_[at + 1] = places[1];
            }
    }

    // Calls f(node) for every node the assumption on `node` (false when !on) forces the opposite
    // way: strong links from a false node, weak links from a true one.
    template <typename F>
    void forEachLink(int node, bool on, F&& f) const {
        const int cell = cellOf(node), d = digitOf(node);
        const Mask m = grid_.candidates(cell);
        if (!on) {
            if (kind_ != ChainKind::XChain && CountDigits(m) == 2)
                f(cell * n_ + OnlyDigit(m & ~DigitBit(d)) - 1);
            if (kind_ == ChainKind::XYChain) return;
            for (int unit : g_.unitsOf(cell)) {
                const std::size_t at = (static_cast<std::size_t>(unit) * n_ + d - 1) * 2;
                const int a = conjugate_[at], b = conjugate_[at + 1];
                if (a == cell) f(b * n_ + d - 1);
                if (b == cell) f(a * n_ + d - 1);
            }
            return;
        }
        for (int peer : g_.peers(cell))
            if (grid_.has(peer, d) && eligible(peer)) f(peer * n_ + d - 1);
        if (kind_ == ChainKind::Aic)
            for (int other : Digits(m & ~DigitBit(d)))
                f(cell * n_ + other - 1);
    }

    void search(int start) {
        const int stamp = start;
        queue_.clear();
        visit(start * 2, -1, 0, stamp);
        for (std::size_t head = 0; head < queue_.size(); ++head) {
            const int state = queue_[head];
            const int depth = depth_[state];
            if (depth + 1 > maxLinks_ || (bestEnd_ >= 0 && depth + 1 >= bestLinks_)) return;
            const bool on = state & 1;
            bool done = false;
            forEachLink(state / 2, on, [&](int next) {
                const int nextState = next * 2 + (on ? 0 : 1);
                if (done || stamp_[nextState] == stamp) return;
                visit(nextState, state, depth + 1, stamp);
                if (!on && conclude(start, next)) {
                    keep(nextState, depth + 1);
                    done = true;
                }
            });
            if (done) return;
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
        const int sc = cellOf(start), sd = digitOf(start), ec = cellOf(end), ed = digitOf(end);
        if (start == end) {
            if (kind_ != ChainKind::Aic) return false;
            placement_ = CellDigit{sc, sd};
            return true;
        }
        if (sd == ed && sc != ec) {
            scratch_ = SeeingAll(grid_, sd, {sc, ec});
        } else if (kind_ != ChainKind::Aic) {
            return false;
        } else if (sc == ec) {
            for (int d : Digits(grid_.candidates(sc) & ~DigitBit(sd) & ~DigitBit(ed)))
                scratch_.push_back({sc, d});
        } else if (g_.sees(sc, ec)) {
            if (grid_.has(ec, sd)) scratch_.push_back({ec, sd});
            if (grid_.has(sc, ed)) scratch_.push_back({sc, ed});
        }
        return !scratch_.empty();
    }

    void keep(int endState, int links) {
        bestEnd_ = endState;
        bestLinks_ = links;
        best_.eliminations = scratch_;
        best_.placement = placement_;
        best_.nodes.clear();
        for (int s = endState; s >= 0; s = parent_[s])
            best_.nodes.push_back({cellOf(s / 2), digitOf(s / 2)});
        std::reverse(best_.nodes.begin(), best_.nodes.end());
        best_.units.clear();
        for (std::size_t i = 0; i + 1 < best_.nodes.size(); ++i) {
            const int a = best_.nodes[i].cell, b = best_.nodes[i + 1].cell;
            if (a == b) continue;
            const int unit = CommonUnit(g_, a, b);
            if (std::find(best_.units.begin(), best_.units.end(), unit) == best_.units.end())
                best_.units.push_back(unit);
        }
    }

    const CandidateGrid& grid_;
    const Geometry& g_;
    ChainKind kind_;
    int n_;
    int maxLinks_;
    std::vector<int> conjugate_;  // (unit, digit) -> its two places, or -1
    std::vector<int> parent_;
    std::vector<int> depth_;
    std::vector<int> stamp_;  // the start whose search last reached a state
    std::vector<int> queue_;
    std::vector<CellDigit> scratch_;
    std::optional<CellDigit> placement_;
    Chain best_;
    int bestEnd_ = -1;
    int bestLinks_ = 0;
};

}  // namespace

std::optional<Chain> FindChain(const CandidateGrid& grid, ChainKind kind, int maxNodes) {
    return Searcher(grid, kind, maxNodes).run();
}

std::string ChainText(const Geometry& g, const Chain& chain) {
    std::string text;
    for (std::size_t i = 0; i < chain.nodes.size(); ++i) {
        if (i > 0) text += i % 2 == 1 ? " = " : " - ";
        // Appended piece by piece: GCC 12 at -O3 warns (-Wrestrict) on "(" + std::string.
        text += '(';
        text += Geometry::DigitChar(chain.nodes[i].digit);
        text += ')';
        text += g.cellName(chain.nodes[i].cell);
    }
    return text;
}

}  // namespace sudoku::detail
