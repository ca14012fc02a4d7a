#include "solver/techniques/ChainGraph.h"

#include <algorithm>
#include <bit>
#include <cstdint>

#include "solver/techniques/AdvancedSupport.h"

namespace sudoku::detail {
namespace {

// Almost locked sets a search may use, and their largest size: the sets of up to four cells
// cover what human solvers use; the cap bounds the graph on big grids.
constexpr int kMaxAlsCount = 600;
constexpr int kMaxAlsCells = 4;

bool InList(std::span<const int> cells, int cell) {
    return std::find(cells.begin(), cells.end(), cell) != cells.end();
}

bool Disjoint(std::span<const int> a, std::span<const int> b) {
    for (int cell : a)
        if (InList(b, cell)) return false;
    return true;
}

void Link(std::vector<std::pair<int, int>>& links, int a, int b) {
    links.emplace_back(a, b);
    links.emplace_back(b, a);
}

// Where each region meets a line or a diagonal, region by region in the order Geometry lists
// the crossings, with the cells they share (in the line's order). Computed once per graph
// rather than once per digit.
std::vector<ChainGraph::Crossing> RegionCrossings(const Geometry& g) {
    std::vector<ChainGraph::Crossing> list;
    for (int box = 0; box < g.size(); ++box) {
        const int region = g.boxUnit(box);
        for (const auto& [a, b] : g.crossings()) {
            if (a != region && b != region) continue;
            ChainGraph::Crossing crossing{region, a == region ? b : a, {}};
            for (int cell : g.unitCells(crossing.other))
                if (g.inUnit(region, cell)) crossing.cells.push_back(cell);
            list.push_back(std::move(crossing));
        }
    }
    return list;
}

}  // namespace

ChainGraph::ChainGraph(const CandidateGrid& grid, ChainKind kind, Mask digits, Arrays& arrays)
    : grid_(grid),
      g_(grid.geometry()),
      kind_(kind),
      digits_(kind == ChainKind::XChain ? digits : ~Mask{0}),
      n_(grid.size()),
      words_(g_.cellWords()),
      a_(arrays) {
    // An ALS chain is looked for only when no plain AIC was found on the same grid: its graph
    // is that AIC's with the sets added, so when the arrays still hold it, it is kept.
    const bool onAic = kind_ == ChainKind::AlsAic && a_.holdsAic && *a_.crossingsOf == g_ &&
                       std::ranges::equal(a_.aicCandidates, grid_.allCandidates());
    a_.holdsAic = false;
    if (!onAic) findCellsAndGroups();
    if (kind_ == ChainKind::AlsAic) findAls();
    nodeCount_ = alsBase() + static_cast<int>(a_.alsNodes.size());
    build(onAic);
    if (kind_ == ChainKind::Aic) {
        a_.holdsAic = true;
        a_.aicCandidates.assign(grid_.allCandidates().begin(), grid_.allCandidates().end());
    }
}

void ChainGraph::findCellsAndGroups() {
    a_.groups.clear();
    a_.als.clear();
    a_.alsNodes.clear();
    a_.places.clear();
    a_.seeing.clear();
    a_.extraPlaces.clear();
    a_.groupsOf.clear();
    a_.cellIds.resize(g_.cellCount());
    a_.digitCells.assign(static_cast<std::size_t>(n_ + 1) * words_, 0);
    a_.eligibleCells.assign(words_, 0);
    for (int cell = 0; cell < g_.cellCount(); ++cell) {
        a_.cellIds[cell] = cell;
        for (int d : Digits(grid_.candidates(cell)))
            AddCell(&a_.digitCells[d * words_], cell);
        if (eligible(cell)) AddCell(a_.eligibleCells.data(), cell);
    }
    if (aic()) findGroups();
}

// Groups: two or more places of a digit where a region (box) meets a line or a diagonal. Region
// by region, its rows, then its columns, then its diagonals (the crossings' order).
void ChainGraph::findGroups() {
    if (!a_.crossingsOf || !(*a_.crossingsOf == g_)) {
        a_.crossings = RegionCrossings(g_);
        a_.crossingsOf = g_;
    }
    const std::vector<Crossing>& crossings = a_.crossings;
    a_.groupsOf.assign(n_ + 2, 0);
    for (int d = 1; d <= n_; ++d) {
        a_.groupsOf[d] = static_cast<int>(a_.groups.size());
        for (const Crossing& crossing : crossings)
            addGroup(d, crossing);
    }
    a_.groupsOf[n_ + 1] = static_cast<int>(a_.groups.size());
}

void ChainGraph::addGroup(int d, const Crossing& crossing) {
    // Counted first: most crossings hold the digit once or not at all, and need no list.
    const auto places = std::count_if(crossing.cells.begin(), crossing.cells.end(),
                                      [&](int cell) { return grid_.has(cell, d); });
    if (places < 2) return;
    a_.groups.push_back({d, crossing.region, crossing.other, addPlaces(crossing.cells, d)});
    addExtraBits(placesOf(a_.groups.back()));
}

void ChainGraph::addExtraBits(std::span<const int> places) {
    const std::size_t at = a_.seeing.size();
    a_.seeing.resize(at + words_, ~std::uint64_t{0});
    a_.extraPlaces.resize(at + words_, 0);
    for (int cell : places) {
        AddCell(&a_.extraPlaces[at], cell);
        const std::uint64_t* peers = g_.peerBits(cell);
        for (int w = 0; w < words_; ++w)
            a_.seeing[at + w] &= peers[w];
    }
}

ChainGraph::Places ChainGraph::addPlaces(std::span<const int> cells, int d) {
    Places added{static_cast<int>(a_.places.size()), 0};
    for (int cell : cells)
        if (grid_.has(cell, d)) {
            a_.places.push_back(cell);
            ++added.count;
        }
    return added;
}

void ChainGraph::findAls() {
    const int maxCells = n_ <= 9 ? kMaxAlsCells : kMaxAlsCells - 1;
    a_.als = FindAlmostLockedSets(grid_, maxCells, kMaxAlsCount);
    for (int i = 0; i < static_cast<int>(a_.als.size()); ++i)
        for (int d : Digits(a_.als[i].digits)) {
            a_.alsNodes.push_back({d, i, addPlaces(a_.als[i].cells, d)});
            addExtraBits(placesOf(a_.alsNodes.back()));
        }
}

void ChainGraph::build(bool onAic) {
    Links& strong = a_.strongLinks;
    Links& weak = a_.weakLinks;
    if (!onAic) {
        strong.clear();
        weak.clear();
        for (int unit = 0; unit < g_.unitCount(); ++unit)
            for (int d = 1; d <= n_; ++d)
                if (digits_ & DigitBit(d)) unitLinks(unit, d, strong, weak);
        if (kind_ != ChainKind::XChain) cellLinks(strong, weak);
    }
    if (kind_ == ChainKind::AlsAic) alsLinks(strong, weak);
    flatten(strong, a_.strongAt, a_.strong);
    flatten(weak, a_.weakAt, a_.weak);
}

// Links of digit d inside one unit: weak between every two places (and groups that do not
// overlap), strong between two that together hold every place.
void ChainGraph::unitLinks(int unit, int d, Links& strong, Links& weak) {
    int total = 0, all = 0;
    a_.nodes.clear();  // cells first (in the unit's order, which ascends), then groups inside it
    const std::uint64_t* inUnit = g_.unitBits(unit);
    const std::uint64_t* withD = digitCells(d);
    for (int w = 0; w < words_; ++w) {
        const std::uint64_t places = inUnit[w] & withD[w];
        all += CountCells(places);
        for (std::uint64_t left = places & a_.eligibleCells[w]; left != 0; left &= left - 1) {
            ++total;
            a_.nodes.push_back((w * 64 + std::countr_zero(left)) * n_ + d - 1);
        }
    }
    if (total < 2) return;
    const bool allPlaces = total == all;
    const int cellNodes = total;
    if (!a_.groupsOf.empty())
        for (int i = a_.groupsOf[d]; i < a_.groupsOf[d + 1]; ++i)
            if (a_.groups[i].other == unit || a_.groups[i].region == unit)
                a_.nodes.push_back(candidateNodes() + i);
    const auto& nodes = a_.nodes;
    for (int i = 0; i < static_cast<int>(nodes.size()); ++i)
        for (int j = i + 1; j < static_cast<int>(nodes.size()); ++j) {
            int size = 2;  // two cells never overlap
            if ((i >= cellNodes || j >= cellNodes) &&
                !overlapFree(nodes[i], nodes[j], i < cellNodes, j < cellNodes, size))
                continue;
            // Cell-to-cell weak links are the same in every unit: add them from one unit.
            if (i >= cellNodes || j >= cellNodes ||
                CommonUnit(g_, nodes[i] / n_, nodes[j] / n_) == unit)
                Link(weak, nodes[i], nodes[j]);
            if (allPlaces && size == total && kind_ != ChainKind::XYChain)
                Link(strong, nodes[i], nodes[j]);
        }
}

// Whether two nodes of one unit share no cell; `size` gets their cell count together.
bool ChainGraph::overlapFree(int a, int b, bool aCell, bool bCell, int& size) const {
    const Group* ga = aCell ? nullptr : &a_.groups[a - candidateNodes()];
    const Group* gb = bCell ? nullptr : &a_.groups[b - candidateNodes()];
    if (aCell && bCell) {
        size = 2;
        return true;
    }
    if (aCell || bCell) {
        const Group& group = aCell ? *gb : *ga;
        const int cell = (aCell ? a : b) / n_;
        size = 1 + group.places.count;
        return !InList(placesOf(group), cell);
    }
    size = ga->places.count + gb->places.count;
    return Disjoint(placesOf(*ga), placesOf(*gb));
}

// Inside a cell: weak between every two digits, strong between the two of a bivalue cell.
void ChainGraph::cellLinks(Links& strong, Links& weak) const {
    for (int cell = 0; cell < g_.cellCount(); ++cell) {
        const Mask m = grid_.candidates(cell);
        if (!eligible(cell)) continue;
        for (int a : Digits(m))
            for (int b : Digits(m & ~((DigitBit(a) << 1) - 1))) {
                if (aic()) Link(weak, cell * n_ + a - 1, cell * n_ + b - 1);
                if (CountDigits(m) == 2) Link(strong, cell * n_ + a - 1, cell * n_ + b - 1);
            }
    }
}

// Strong links between the digits of one set (keeping one out locks the others in); weak
// links between a set's digit and any node of that digit that sees all its places.
void ChainGraph::alsLinks(Links& strong, Links& weak) const {
    const int base = alsBase();
    const int count = static_cast<int>(a_.alsNodes.size());
    // A set's nodes are consecutive, and no set has a digit twice: the later nodes of i's set
    // are its strong links, the later nodes of its digit the candidates for weak ones.
    std::vector<std::vector<int>> nodesOfDigit(n_ + 1);
    for (int i = 0; i < count; ++i)
        nodesOfDigit[a_.alsNodes[i].digit].push_back(i);
    for (int i = 0; i < count; ++i) {
        const AlsNode& a = a_.alsNodes[i];
        const int d = a.digit;
        for (int j = i + 1; j < count && a_.alsNodes[j].als == a.als; ++j)
            Link(strong, base + i, base + j);
        const std::uint64_t* seeingA = seeing(base + i);
        const std::vector<int>& sameDigit = nodesOfDigit[d];
        for (auto j = std::upper_bound(sameDigit.begin(), sameDigit.end(), i); j != sameDigit.end();
             ++j)
            if (AllIn(extraPlacesOf(base + *j), seeingA, words_)) Link(weak, base + i, base + *j);
        // The cells of d seeing all of a's places, in ascending order (as a cell's peers are).
        const std::uint64_t* withD = digitCells(d);
        for (int w = 0; w < words_; ++w)
            for (std::uint64_t left = seeingA[w] & withD[w]; left != 0; left &= left - 1)
                Link(weak, (w * 64 + std::countr_zero(left)) * n_ + d - 1, base + i);
        for (int k = a_.groupsOf[d]; k < a_.groupsOf[d + 1]; ++k)
            if (AllIn(extraPlacesOf(candidateNodes() + k), seeingA, words_))
                Link(weak, candidateNodes() + k, base + i);
    }
}

// Counting sort of the links by their first node; each node's links keep their order.
void ChainGraph::flatten(const Links& links, std::vector<int>& at, std::vector<int>& flat) const {
    at.assign(static_cast<std::size_t>(nodeCount_) + 1, 0);
    for (const auto& [from, to] : links)
        ++at[from + 1];
    for (int i = 0; i < nodeCount_; ++i)
        at[i + 1] += at[i];
    flat.resize(links.size());
    for (const auto& [from, to] : links)
        flat[at[from]++] = to;
    // Each at[i] has moved on to where node i + 1 starts.
    for (int i = nodeCount_; i > 0; --i)
        at[i] = at[i - 1];
    at[0] = 0;
}

}  // namespace sudoku::detail
