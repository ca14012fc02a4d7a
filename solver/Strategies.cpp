#include "solver/Strategies.h"

#include <stdexcept>
#include <string>

#include "solver/techniques/Techniques.h"

namespace sudoku {
namespace {

std::vector<std::unique_ptr<Strategy>> BuildRegistry() {
    std::vector<std::unique_ptr<Strategy>> all(kTechniqueCount);
    // Each strategy lands at the index of its technique, so the order of these lines is free.
    auto add = [&all](std::unique_ptr<Strategy> strategy) {
        if (!strategy) return;
        auto& slot = all[static_cast<int>(strategy->technique())];
        if (slot) {
            throw std::logic_error("two strategies for " +
                                   std::string(TechniqueName(strategy->technique())));
        }
        slot = std::move(strategy);
    };
    // Registered techniques (append a line per factory):
    add(MakeNakedSingle());
    add(MakeHiddenSingle());
    add(MakeLockedCandidatesPointing());
    add(MakeLockedCandidatesClaiming());
    for (int size = 2; size <= 4; ++size) {
        add(MakeNakedSubset(size));
        add(MakeHiddenSubset(size));
        add(MakeFish(size));
    }
    add(MakeXYWing());
    add(MakeXYZWing());
    add(MakeWWing());
    add(MakeSimpleColouring());
    add(MakeUniqueRectangle1());
    add(MakeUniqueRectangle2());
    add(MakeUniqueRectangle3());
    add(MakeUniqueRectangle4());
    add(MakeXChain());
    add(MakeXYChain());
    add(MakeAlternatingInferenceChain());
    add(MakeAlsChain());
    return all;
}

}  // namespace

const std::vector<std::unique_ptr<Strategy>>& AllStrategies() {
    static const std::vector<std::unique_ptr<Strategy>> registry = BuildRegistry();
    return registry;
}

const Strategy* StrategyFor(Technique technique) {
    return AllStrategies()[static_cast<int>(technique)].get();
}

}  // namespace sudoku
