#include "solver/techniques/ChainSearch.h"

#include <algorithm>
#include <span>

#include "solver/techniques/AdvancedSupport.h"
#include "solver/techniques/AlmostLockedSets.h"

namespace sudoku::detail {
namespace {

// Total states one FindChain call may visit over all its starts: about 20 ms of work. Enough for
// every 9x9 position; on 16x16 and 25x25 grids it cuts the search rather than stalling a solve.
constexpr int kStateBudget = 400000;
// Almost locked sets a search may use, and their largest size: the sets of up to four cells
// cover what human solvers use; the cap bounds the graph on big grids.
constexpr int kMaxAlsCount = 600;
constexpr int kMaxAlsCells = 4;

// The implication graph of one candidate grid. Nodes 0 .. cellCount*size-1 are candidates
// (cell * size + digit - 1); after them come the groups, then the digits of almost locked sets
// ("the digit is in the set"). Links are stored as adjacency lists in
// one array each (offsets per node), built once per search.
class Graph {
public:
    Graph(const CandidateGrid& grid, ChainKind kind)
        : grid_(grid), g_(grid.geometry()), kind_(kind), n_(grid.size()), cellIds_(g_.cellCount()) {
        for (int cell = 0; cell < g_.cellCount(); ++cell)
            cellIds_[cell] = cell;
        if (aic()) findGroups();
        if (kind_ == ChainKind::AlsAic) findAls();
        nodeCount_ = alsBase() + static_cast<int>(alsNodes_.size());
        build();
    }

    int nodeCount() const { return nodeCount_; }
    int candidateNodes() const { return g_.cellCount() * n_; }
    bool isExtra(int node) const { return node >= candidateNodes(); }
    bool present(int node) const {
        if (isExtra(node)) return true;
        const int cell = node / n_;
        return grid_.has(cell, digit(node)) && eligible(cell);
    }
    int digit(int node) const {
        if (!isExtra(node)) return node % n_ + 1;
        if (node >= alsBase()) return alsNodes_[node - alsBase()].digit;
        return groups_[node - candidateNodes()].digit;
    }
    // The cells of a node where its digit may be: one, a group's, or those of a set.
    std::span<const int> cells(int node) const {
        if (!isExtra(node)) return {&cellIds_[node / n_], 1};
        if (node >= alsBase()) return alsNodes_[node - alsBase()].cells;
        return groups_[node - candidateNodes()].cells;
    }
    // All the cells of an almost locked set node, or nothing for other nodes.
    std::vector<int> setCells(int node) const {
        if (node < alsBase()) return {};
        return als_[alsNodes_[node - alsBase()].als].cells;
    }
    const int* strongBegin(int node) const { return strong_.data() + strongAt_[node]; }
    const int* strongEnd(int node) const { return strong_.data() + strongAt_[node + 1]; }
    const int* weakBegin(int node) const { return weak_.data() + weakAt_[node]; }
    const int* weakEnd(int node) const { return weak_.data() + weakAt_[node + 1]; }

private:
    struct Group {
        int digit;
        int box;
        int line;  // row or column unit
        std::vector<int> cells;
    };

    struct AlsNode {
        int digit;
        int als;                 // index in als_
        std::vector<int> cells;  // the cells of the set that hold the digit
    };

    bool aic() const { return kind_ == ChainKind::Aic || kind_ == ChainKind::AlsAic; }
    int alsBase() const { return candidateNodes() + static_cast<int>(groups_.size()); }

    void findAls() {
        const int maxCells = n_ <= 9 ? kMaxAlsCells : kMaxAlsCells - 1;
        als_ = FindAlmostLockedSets(grid_, maxCells, kMaxAlsCount);
        for (int i = 0; i < static_cast<int>(als_.size()); ++i)
            for (int d : Digits(als_[i].digits)) {
                AlsNode node{d, i, {}};
                for (int cell : als_[i].cells)
                    if (grid_.has(cell, d)) node.cells.push_back(cell);
                alsNodes_.push_back(std::move(node));
            }
    }

    bool eligible(int cell) const {
        const Mask m = grid_.candidates(cell);
        return kind_ == ChainKind::XYChain ? CountDigits(m) == 2 : m != 0;
    }

    // Groups: two or more places of a digit where a box meets a line.
    void findGroups() {
        groupsOf_.assign(n_ + 2, 0);
        for (int d = 1; d <= n_; ++d) {
            groupsOf_[d] = static_cast<int>(groups_.size());
            for (int box = 0; box < n_; ++box) {
                const int boxUnit = g_.boxUnit(box);
                const int first = g_.unitCells(boxUnit).front();
                for (int i = 0; i < g_.boxRows(); ++i)
                    addGroup(d, box, g_.rowUnit(g_.row(first) + i));
                for (int i = 0; i < g_.boxCols(); ++i)
                    addGroup(d, box, g_.colUnit(g_.col(first) + i));
            }
        }
        groupsOf_[n_ + 1] = static_cast<int>(groups_.size());
    }

    void addGroup(int d, int box, int line) {
        Group group{d, box, line, {}};
        for (int cell : g_.unitCells(line))
            if (g_.box(cell) == box && grid_.has(cell, d)) group.cells.push_back(cell);
        if (group.cells.size() >= 2) groups_.push_back(std::move(group));
    }

    bool inGroup(const Group& group, int cell) const {
        return std::find(group.cells.begin(), group.cells.end(), cell) != group.cells.end();
    }
    bool disjoint(const Group& a, const Group& b) const {
        for (int cell : a.cells)
            if (inGroup(b, cell)) return false;
        return true;
    }
    bool groupInUnit(const Group& group, int unit) const {
        return group.line == unit || g_.boxUnit(group.box) == unit;
    }

    // Links are collected as (from, to) pairs, then sorted by node into adjacency arrays: a few
    // allocations per search instead of one per node.
    using Links = std::vector<std::pair<int, int>>;

    void build() {
        Links strong, weak;
        for (int unit = 0; unit < g_.unitCount(); ++unit)
            for (int d = 1; d <= n_; ++d)
                unitLinks(unit, d, strong, weak);
        if (kind_ != ChainKind::XChain) cellLinks(strong, weak);
        if (kind_ == ChainKind::AlsAic) alsLinks(strong, weak);
        flatten(strong, strongAt_, strong_);
        flatten(weak, weakAt_, weak_);
    }

    static void link(Links& links, int a, int b) {
        links.emplace_back(a, b);
        links.emplace_back(b, a);
    }

    // Disjoint cell sets where every cell of one sees every cell of the other.
    bool allSee(const std::vector<int>& a, const std::vector<int>& b) const {
        for (int x : a)
            for (int y : b)
                if (x == y || !g_.sees(x, y)) return false;
        return true;
    }

    bool seesAll(int cell, const std::vector<int>& cells) const {
        for (int other : cells)
            if (other == cell || !g_.sees(cell, other)) return false;
        return true;
    }

    // Strong links between the digits of one set (keeping one out locks the others in); weak
    // links between a set's digit and any node of that digit that sees all its places.
    void alsLinks(Links& strong, Links& weak) const {
        const int base = alsBase();
        const int count = static_cast<int>(alsNodes_.size());
        for (int i = 0; i < count; ++i) {
            const AlsNode& a = alsNodes_[i];
            const int d = a.digit;
            for (int j = i + 1; j < count; ++j) {
                const AlsNode& b = alsNodes_[j];
                if (b.als == a.als)
                    link(strong, base + i, base + j);
                else if (b.digit == d && allSee(a.cells, b.cells))
                    link(weak, base + i, base + j);
            }
            for (int cell : g_.peers(a.cells.front()))
                if (grid_.has(cell, d) && seesAll(cell, a.cells))
                    link(weak, cell * n_ + d - 1, base + i);
            for (int k = groupsOf_[d]; k < groupsOf_[d + 1]; ++k)
                if (allSee(groups_[k].cells, a.cells)) link(weak, candidateNodes() + k, base + i);
        }
    }

    // Links of digit d inside one unit: weak between every two places (and groups that do not
    // overlap), strong between two that together hold every place.
    void unitLinks(int unit, int d, Links& strong, Links& weak) {
        int total = 0, all = 0;
        nodes_.clear();  // cells first, then groups inside the unit
        for (int cell : g_.unitCells(unit)) {
            if (!grid_.has(cell, d)) continue;
            ++all;
            if (!eligible(cell)) continue;
            ++total;
            nodes_.push_back(cell * n_ + d - 1);
        }
        if (total < 2) return;
        const bool allPlaces = total == all;
        const int cellNodes = total;
        if (!groupsOf_.empty())
            for (int i = groupsOf_[d]; i < groupsOf_[d + 1]; ++i)
                if (groupInUnit(groups_[i], unit)) nodes_.push_back(candidateNodes() + i);
        const auto& nodes = nodes_;
        for (int i = 0; i < static_cast<int>(nodes.size()); ++i)
            for (int j = i + 1; j < static_cast<int>(nodes.size()); ++j) {
                int size = 0;
                if (!overlapFree(nodes[i], nodes[j], i < cellNodes, j < cellNodes, size)) continue;
                // Cell-to-cell weak links are the same in every unit: add them from one unit.
                if (i >= cellNodes || j >= cellNodes || firstCommonUnit(nodes[i], nodes[j]) == unit)
                    link(weak, nodes[i], nodes[j]);
                if (allPlaces && size == total && kind_ != ChainKind::XYChain)
                    link(strong, nodes[i], nodes[j]);
            }
    }

    int firstCommonUnit(int a, int b) const { return CommonUnit(g_, a / n_, b / n_); }

    // Whether two nodes of one unit share no cell; `size` gets their cell count together.
    bool overlapFree(int a, int b, bool aCell, bool bCell, int& size) const {
        const Group* ga = aCell ? nullptr : &groups_[a - candidateNodes()];
        const Group* gb = bCell ? nullptr : &groups_[b - candidateNodes()];
        if (aCell && bCell) {
            size = 2;
            return true;
        }
        if (aCell || bCell) {
            const Group& group = aCell ? *gb : *ga;
            const int cell = (aCell ? a : b) / n_;
            size = 1 + static_cast<int>(group.cells.size());
            return !inGroup(group, cell);
        }
        size = static_cast<int>(ga->cells.size() + gb->cells.size());
        return disjoint(*ga, *gb);
    }

    // Inside a cell: weak between every two digits, strong between the two of a bivalue cell.
    void cellLinks(Links& strong, Links& weak) const {
        for (int cell = 0; cell < g_.cellCount(); ++cell) {
            const Mask m = grid_.candidates(cell);
            if (!eligible(cell)) continue;
            for (int a : Digits(m))
                for (int b : Digits(m & ~((DigitBit(a) << 1) - 1))) {
                    if (aic()) link(weak, cell * n_ + a - 1, cell * n_ + b - 1);
                    if (CountDigits(m) == 2) link(strong, cell * n_ + a - 1, cell * n_ + b - 1);
                }
        }
    }

    // Counting sort of the links by their first node; each node's links keep their order.
    void flatten(const Links& links, std::vector<int>& at, std::vector<int>& flat) const {
        at.assign(static_cast<std::size_t>(nodeCount_) + 1, 0);
        for (const auto& [from, to] : links)
            ++at[from + 1];
        for (int i = 0; i < nodeCount_; ++i)
            at[i + 1] += at[i];
        flat.assign(links.size(), 0);
        std::vector<int> fill(at.begin(), at.end() - 1);
        for (const auto& [from, to] : links)
            flat[fill[from]++] = to;
    }

    const CandidateGrid& grid_;
    const Geometry& g_;
    ChainKind kind_;
    int n_;
    int nodeCount_ = 0;
    std::vector<Group> groups_;
    std::vector<int> cellIds_;  // cellIds_[c] == c: storage for a candidate node's one cell
    std::vector<AlmostLockedSet> als_;
    std::vector<AlsNode> alsNodes_;
    std::vector<int> groupsOf_;  // groups of digit d: groupsOf_[d] .. groupsOf_[d + 1] - 1
    std::vector<int> nodes_;     // scratch of unitLinks
    std::vector<int> strongAt_, strong_, weakAt_, weak_;
};

// Breadth-first search from each start; state = node * 2 + (1 when the node is assumed true).
class Searcher {
public:
    Searcher(const CandidateGrid& grid, ChainKind kind, int maxNodes)
        : grid_(grid),
          g_(grid.geometry()),
          kind_(kind),
          graph_(grid, kind),
          maxLinks_(maxNodes - 1),
          parent_(static_cast<std::size_t>(graph_.nodeCount()) * 2, -1),
          depth_(parent_.size(), 0),
          stamp_(parent_.size(), -1) {}

    std::optional<Chain> run() {
        for (int node = 0; node < graph_.nodeCount() && budget_ > 0; ++node)
            if (graph_.present(node)) search(node);
        if (bestEnd_ < 0) return std::nullopt;
        return best_;
    }

private:
    void search(int start) {
        const int stamp = ++stamps_;
        findTargets(start);
        queue_.clear();
        visit(start * 2, -1, 0, stamp);
        for (std::size_t head = 0; head < queue_.size(); ++head) {
            const int state = queue_[head];
            const int depth = depth_[state];
            if (depth + 1 > maxLinks_ || (bestEnd_ >= 0 && depth + 1 >= bestLinks_)) return;
            const bool on = state & 1;
            const int node = state / 2;
            const int* begin = on ? graph_.weakBegin(node) : graph_.strongBegin(node);
            const int* end = on ? graph_.weakEnd(node) : graph_.strongEnd(node);
            for (const int* next = begin; next != end; ++next) {
                const int nextState = *next * 2 + (on ? 0 : 1);
                if (stamp_[nextState] == stamp) continue;
                visit(nextState, state, depth + 1, stamp);
                if (!on && conclude(start, *next)) {
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
        const bool aic = kind_ == ChainKind::Aic || kind_ == ChainKind::AlsAic;
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
        for (int cell : g_.peers(cells.front()))
            if (grid_.has(cell, digit) && seesAll(cell, cells)) targets_.push_back(cell);
    }

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
    Graph graph_;
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

std::optional<Chain> FindChain(const CandidateGrid& grid, ChainKind kind, int maxNodes) {
    return Searcher(grid, kind, maxNodes).run();
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
