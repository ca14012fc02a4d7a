// The chain search walks its starts together, 64 at a time, to learn which start ends the
// shortest chain, then walks that start alone for the chain itself (solver/techniques/
// ChainSearch.cpp). Walking the starts one by one is the plain search it stands for: both must
// return the same chain (or none) for every kind, on every position a grading meets.
//
// Positions: each grid a full logical solve passes through, from the first steps that need more
// than the basic techniques to the grid it ends on (stuck, so no chain of any kind: the deepest
// walks), for hardest-list puzzles of /work/shared/puzzles and for generated 16x16 puzzles, where
// the walks together can outrun the budget of states and the search goes one by one anyway.

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "solver/Generator.h"
#include "solver/LogicalSolver.h"
#include "solver/techniques/ChainSearch.h"

namespace sudoku {
namespace {

using detail::Chain;
using detail::ChainKind;
using detail::ChainWalk;
using detail::FindChain;

// The kinds and their bounds in nodes, as the chain strategies ask (solver/techniques/Chains.cpp).
struct KindAndBound {
    ChainKind kind;
    int maxNodes;
};
constexpr KindAndBound kKinds[] = {{ChainKind::XChain, 12},
                                   {ChainKind::XYChain, 16},
                                   {ChainKind::Aic, 16},
                                   {ChainKind::AlsAic, 16}};

std::vector<Board> PuzzlesOf(const std::string& file, int count) {
    std::ifstream in(std::string(SUDOKU_SHARED_DIR) + "/puzzles/" + file);
    std::vector<Board> puzzles;
    std::string line;
    while (static_cast<int>(puzzles.size()) < count && std::getline(in, line)) {
        if (line.size() < 81 || line[0] == '#') continue;
        Board board;
        for (int cell = 0; cell < 81; ++cell)
            if (const int digit = Geometry::DigitFromChar(line[cell]); digit > 0)
                board.set(cell, digit);
        puzzles.push_back(board);
    }
    return puzzles;
}

bool SameChain(const Chain& a, const Chain& b) {
    if (a.nodes.size() != b.nodes.size() || a.eliminations != b.eliminations ||
        a.placement != b.placement || a.units != b.units)
        return false;
    for (std::size_t i = 0; i < a.nodes.size(); ++i)
        if (a.nodes[i].digit != b.nodes[i].digit || a.nodes[i].cells != b.nodes[i].cells ||
            a.nodes[i].set != b.nodes[i].set)
            return false;
    return true;
}

struct Compared {
    int positions = 0;
    int found = 0;     // searches that found a chain
    int notFound = 0;  // searches that found none
};

// Compares both walks for every kind on one position.
void CompareWalks(const CandidateGrid& grid, const std::string& where, Compared& compared) {
    ++compared.positions;
    for (const KindAndBound& k : kKinds) {
        const auto together = FindChain(grid, k.kind, k.maxNodes, ~Mask{0}, ChainWalk::Together);
        const auto oneByOne = FindChain(grid, k.kind, k.maxNodes, ~Mask{0}, ChainWalk::OneByOne);
        ASSERT_EQ(together.has_value(), oneByOne.has_value())
            << where << ", kind " << static_cast<int>(k.kind);
        if (!together) {
            ++compared.notFound;
            continue;
        }
        ++compared.found;
        EXPECT_TRUE(SameChain(*together, *oneByOne))
            << where << ", kind " << static_cast<int>(k.kind) << ": "
            << detail::ChainText(grid.geometry(), *together) << " against "
            << detail::ChainText(grid.geometry(), *oneByOne);
    }
}

// Every grid of a logical solve from the first step that needed more than subsets and fish (the
// chains are asked only there), and the grid it ends on.
void CompareAlongTheSolve(const Board& puzzle, const std::string& name, Compared& compared) {
    const LogicalResult result = LogicalSolver().solve(puzzle);
    CandidateGrid grid(puzzle);
    bool advanced = false;
    for (std::size_t i = 0; i < result.steps.size(); ++i) {
        advanced = advanced || result.steps[i].technique >= Technique::XYWing;
        if (advanced) CompareWalks(grid, name + " before step " + std::to_string(i), compared);
        ApplyStep(grid, result.steps[i]);
    }
    CompareWalks(grid, name + " at the end", compared);
}

TEST(ChainSearch, WalkingTheStartsTogetherFindsTheChainOfWalkingThemOneByOne) {
    Compared compared;
    int index = 0;
    for (const Board& puzzle : PuzzlesOf("magictour_top1465.txt", 60))
        CompareAlongTheSolve(puzzle, "top1465 puzzle " + std::to_string(++index), compared);
    index = 0;
    for (const Board& puzzle : PuzzlesOf("forum_hardest_1106.txt", 20))
        CompareAlongTheSolve(puzzle, "forum_hardest puzzle " + std::to_string(++index), compared);
    // Not a vacuous comparison: many positions, chains of every length found and not found.
    EXPECT_GT(compared.positions, 500);
    EXPECT_GT(compared.found, 500);
    EXPECT_GT(compared.notFound, 500);
}

TEST(ChainSearch, WalkingTheStartsTogetherFindsTheChainOfWalkingThemOneByOneOn16x16) {
    GeneratorOptions options;
    options.size = 16;
    options.seed = 5;
    options.grade = false;
    Generator generator(options);
    Compared compared;
    for (int i = 0; i < 2; ++i)
        CompareAlongTheSolve(generator.next().puzzle, "16x16 puzzle " + std::to_string(i + 1),
                             compared);
    EXPECT_GT(compared.positions, 0);
}

}  // namespace
}  // namespace sudoku
