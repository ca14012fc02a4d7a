#pragma once
// The implication graph the chain search walks: nodes are candidates, box-line groups and the
// digits of almost locked sets; strong links join two nodes that cannot both be false, weak links
// two that cannot both be true. Built once per search. Internal to solver/techniques.

#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "solver/Board.h"
#include "solver/techniques/AlmostLockedSets.h"
#include "solver/techniques/ChainSearch.h"

namespace sudoku::detail {

// Nodes 0 .. cellCount*size-1 are candidates (cell * size + digit - 1); after them come the
// groups, then the digits of almost locked sets ("the digit is in the set"). Links are stored as
// adjacency lists in one array each (offsets per node).
class ChainGraph {
public:
    struct Arrays;

    // For an X-chain, only the links of `digits` (bit d-1 for digit d); all of them otherwise.
    // The graph lives in `arrays`, which a caller keeps from one graph to the next (a grading
    // builds hundreds): their memory is used again, not allocated again.
    ChainGraph(const CandidateGrid& grid, ChainKind kind, Mask digits, Arrays& arrays);

    // Where a region meets a line or a diagonal: the cells a group of a digit may use.
    struct Crossing {
        int region;  // region (box) unit
        int other;   // the row, column or diagonal unit it meets
        std::vector<int> cells;
    };

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
        if (node >= alsBase()) return a_.alsNodes[node - alsBase()].digit;
        return a_.groups[node - candidateNodes()].digit;
    }
    // The cells of a node where its digit may be: one, a group's, or those of a set.
    std::span<const int> cells(int node) const {
        if (!isExtra(node)) return {&a_.cellIds[node / n_], 1};
        if (node >= alsBase()) return placesOf(a_.alsNodes[node - alsBase()]);
        return placesOf(a_.groups[node - candidateNodes()]);
    }
    // All the cells of an almost locked set node, or nothing for other nodes.
    std::vector<int> setCells(int node) const {
        if (node < alsBase()) return {};
        return a_.als[a_.alsNodes[node - alsBase()].als].cells;
    }
    // The cells that see every place of a node (so none of its places), in bit words
    // (Geometry::cellWords): where an end of the node's digit and another may eliminate it.
    const std::uint64_t* seeing(int node) const {
        if (!isExtra(node)) return g_.peerBits(node / n_);
        return a_.seeing.data() + static_cast<std::size_t>(node - candidateNodes()) * words_;
    }
    // The cells that may hold a digit, in bit words (Geometry::cellWords).
    const std::uint64_t* digitCells(int digit) const {
        return a_.digitCells.data() + static_cast<std::size_t>(digit) * words_;
    }
    const int* strongBegin(int node) const { return a_.strong.data() + a_.strongAt[node]; }
    const int* strongEnd(int node) const { return a_.strong.data() + a_.strongAt[node + 1]; }
    const int* weakBegin(int node) const { return a_.weak.data() + a_.weakAt[node]; }
    const int* weakEnd(int node) const { return a_.weak.data() + a_.weakAt[node + 1]; }

private:
    // The cells of groups and set nodes are kept in one array (Arrays::places): a graph has
    // hundreds of them, and an allocation each was a fifth of grading's time on magictour_top1465.
    struct Places {
        int first = 0;  // index in Arrays::places
        int count = 0;
    };

    struct Group {
        int digit;
        int region;  // region (box) unit
        int other;   // the row, column or diagonal unit it meets
        Places places;
    };

    struct AlsNode {
        int digit;
        int als;        // index in Arrays::als
        Places places;  // the cells of the set that hold the digit
    };

    template <typename Node>
    std::span<const int> placesOf(const Node& node) const {
        return {a_.places.data() + node.places.first, static_cast<std::size_t>(node.places.count)};
    }
    // Appends the cells of `cells` that hold d to Arrays::places.
    Places addPlaces(std::span<const int> cells, int d);

    // Links are collected as (from, to) pairs, then sorted by node into adjacency arrays: a few
    // allocations per search instead of one per node.
    using Links = std::vector<std::pair<int, int>>;

    bool aic() const { return kind_ == ChainKind::Aic || kind_ == ChainKind::AlsAic; }
    int alsBase() const { return candidateNodes() + static_cast<int>(a_.groups.size()); }
    bool eligible(int cell) const {
        const Mask m = grid_.candidates(cell);
        return kind_ == ChainKind::XYChain ? CountDigits(m) == 2 : m != 0;
    }

    // The cells' bit words and, for AICs, the groups.
    void findCellsAndGroups();
    void findGroups();
    void addGroup(int d, const Crossing& crossing);
    void findAls();
    // The links; `onAic`: the arrays hold the links of this grid's AIC graph, and sets are added.
    void build(bool onAic);
    void unitLinks(int unit, int d, Links& strong, Links& weak);
    void cellLinks(Links& strong, Links& weak) const;
    void alsLinks(Links& strong, Links& weak) const;
    void flatten(const Links& links, std::vector<int>& at, std::vector<int>& flat) const;

    bool overlapFree(int a, int b, bool aCell, bool bCell, int& size) const;
    // Appends the bit words of an extra node just added (its places, and the cells seeing them).
    void addExtraBits(std::span<const int> places);
    // The places of an extra node in bit words.
    const std::uint64_t* extraPlacesOf(int node) const {
        return a_.extraPlaces.data() + static_cast<std::size_t>(node - candidateNodes()) * words_;
    }

    const CandidateGrid& grid_;
    const Geometry& g_;
    ChainKind kind_;
    Mask digits_;  // whose unit links are built
    int n_;
    int nodeCount_ = 0;
    int words_;  // bit words of a set of cells
    Arrays& a_;  // the graph: its nodes, their places and bit words, the links

public:
    // Where a graph keeps its nodes and links.
    struct Arrays {
        std::vector<Group> groups;
        std::vector<int> cellIds;  // cellIds[c] == c: storage for a candidate node's one cell
        std::vector<AlmostLockedSet> als;
        std::vector<AlsNode> alsNodes;
        std::vector<int> places;            // the places of groups and set nodes
        std::vector<std::uint64_t> seeing;  // per extra node: the cells that see all its places
        std::vector<std::uint64_t> extraPlaces;    // per extra node: its places
        std::vector<std::uint64_t> digitCells;     // per digit, the cells that may hold it
        std::vector<std::uint64_t> eligibleCells;  // the cells whose candidates are nodes
        std::vector<int> groupsOf;  // groups of digit d: groupsOf[d] .. groupsOf[d + 1] - 1
        std::vector<int> nodes;     // scratch of unitLinks
        std::vector<int> strongAt, strong, weakAt, weak;  // the links, flattened
        Links strongLinks, weakLinks;                     // build's, before flatten
        std::optional<Geometry> crossingsOf;              // the shape `crossings` were found for
        std::vector<Crossing> crossings;
        bool holdsAic = false;            // the last graph was an AIC's (the links unflattened)
        std::vector<Mask> aicCandidates;  // of the grid it was built for
    };
};

}  // namespace sudoku::detail
