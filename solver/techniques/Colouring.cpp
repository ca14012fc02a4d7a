// Simple colouring (single-digit colouring): the conjugate pairs of one digit (units where it has
// exactly two places) link cells into chains; colouring them alternately splits each chain into
// two sets of which exactly one holds the digit. A colour with two cells that see each other is
// false (colour wrap); a cell that sees both colours cannot hold the digit (colour trap).

#include <memory>

#include "solver/techniques/AdvancedSupport.h"
#include "solver/techniques/Techniques.h"

namespace sudoku {
namespace {

using detail::CellListText;
using detail::DigitText;
using detail::RemovalText;

// One connected set of conjugate pairs of a digit, two-coloured.
struct Cluster {
    std::vector<int> cells;           // in discovery order
    std::vector<int> units;           // the conjugate units that link them
    std::vector<signed char> colour;  // per cell of the grid: -1 outside, else 0 or 1
};

class SimpleColouring final : public Strategy {
public:
    Technique technique() const override { return Technique::SimpleColouring; }
    std::optional<Step> find(const CandidateGrid& grid) const override {
        Scratch scratch(grid.geometry());
        for (int digit = 1; digit <= grid.size(); ++digit)
            if (auto step = findForDigit(grid, digit, scratch)) return step;
        return std::nullopt;
    }

    // Part p is digit p + 1: its conjugate pairs depend on its places alone.
    Scope scope(const Geometry&) const override { return Scope::Digit; }
    std::optional<Step> findIn(const CandidateGrid& grid, int part) const override {
        Scratch scratch(grid.geometry());
        return findForDigit(grid, part + 1, scratch);
    }

private:
    // What a digit's search works in, allocated once for all the digits of a find.
    struct Scratch {
        explicit Scratch(const Geometry& g)
            : conjugate(static_cast<std::size_t>(g.unitCount()) * 2), done(g.cellCount()) {
            cluster.colour.assign(g.cellCount(), -1);
        }
        std::vector<int> conjugate;
        std::vector<char> done;
        Cluster cluster;
    };

    std::optional<Step> findForDigit(const CandidateGrid& grid, int digit, Scratch& scratch) const {
        const Geometry& g = grid.geometry();
        conjugatePairs(grid, digit, scratch.conjugate);
        std::fill(scratch.done.begin(), scratch.done.end(), 0);
        Cluster& cluster = scratch.cluster;
        for (int start = 0; start < g.cellCount(); ++start) {
            if (scratch.done[start] || !grid.has(start, digit)) continue;
            grow(g, start, scratch.conjugate, cluster);
            for (int cell : cluster.cells)
                scratch.done[cell] = 1;
            if (cluster.cells.size() < 3) continue;  // one pair alone proves nothing new
            if (auto step = wrap(grid, digit, cluster)) return step;
            if (auto step = trap(grid, digit, cluster)) return step;
        }
        return std::nullopt;
    }

    // conjugate[2u], conjugate[2u+1]: the two places of digit in unit u, or -1 when not two.
    static void conjugatePairs(const CandidateGrid& grid, int digit, std::vector<int>& conjugate) {
        const Geometry& g = grid.geometry();
        for (int unit = 0; unit < g.unitCount(); ++unit) {
            int count = 0;
            for (int cell : g.unitCells(unit))
                if (grid.has(cell, digit) && count++ < 2) conjugate[2 * unit + count - 1] = cell;
            if (count != 2) conjugate[2 * unit] = conjugate[2 * unit + 1] = -1;
        }
    }

    static void grow(const Geometry& g, int start, const std::vector<int>& conjugate,
                     Cluster& cluster) {
        for (int cell : cluster.cells)
            cluster.colour[cell] = -1;
        cluster.cells.assign(1, start);
        cluster.units.clear();
        cluster.colour[start] = 0;
        for (std::size_t i = 0; i < cluster.cells.size(); ++i) {
            const int cell = cluster.cells[i];
            for (int unit : g.unitsOf(cell)) {
                const int a = conjugate[2 * unit], b = conjugate[2 * unit + 1];
                if (a < 0 || (a != cell && b != cell)) continue;
                const int other = a == cell ? b : a;
                if (cluster.colour[other] >= 0) continue;
                cluster.colour[other] = static_cast<signed char>(1 - cluster.colour[cell]);
                cluster.cells.push_back(other);
                cluster.units.push_back(unit);
            }
        }
    }

    static std::vector<int> ofColour(const Cluster& cluster, int colour) {
        std::vector<int> cells;
        for (int cell : cluster.cells)
            if (cluster.colour[cell] == colour) cells.push_back(cell);
        return cells;
    }

    static Step clusterStep(int digit, const Cluster& cluster) {
        Step step;
        step.technique = Technique::SimpleColouring;
        step.cells = cluster.cells;
        for (int cell : cluster.cells)
            step.proof.push_back({cell, digit});
        step.units = cluster.units;
        return step;
    }

    static std::string coloursText(const Geometry& g, int digit, const Cluster& cluster) {
        return "Simple colouring on " + DigitText(digit) + ": the conjugate pairs link " +
               CellListText(g, ofColour(cluster, 0)) + " (colour A) and " +
               CellListText(g, ofColour(cluster, 1)) + " (colour B); exactly one colour is " +
               DigitText(digit) + ".";
    }

    static std::optional<Step> wrap(const CandidateGrid& grid, int digit, const Cluster& cluster) {
        const Geometry& g = grid.geometry();
        for (std::size_t i = 0; i < cluster.cells.size(); ++i)
            for (std::size_t j = i + 1; j < cluster.cells.size(); ++j) {
                const int a = cluster.cells[i], b = cluster.cells[j];
                const int colour = cluster.colour[a];
                if (cluster.colour[b] != colour || !g.sees(a, b)) continue;
                Step step = clusterStep(digit, cluster);
                for (int cell : ofColour(cluster, colour))
                    step.eliminations.push_back({cell, digit});
                step.explanation = coloursText(g, digit, cluster) +
                                   " Colour wrap: " + g.cellName(a) + " and " + g.cellName(b) +
                                   " have colour " + (colour == 0 ? "A" : "B") +
                                   " and see each other, so that colour is false and " +
                                   RemovalText(g, step.eliminations) + ".";
                return step;
            }
        return std::nullopt;
    }

    static std::optional<Step> trap(const CandidateGrid& grid, int digit, const Cluster& cluster) {
        const Geometry& g = grid.geometry();
        std::vector<CellDigit> elims;
        int witnessA = -1, witnessB = -1;
        for (int cell = 0; cell < g.cellCount(); ++cell) {
            if (!grid.has(cell, digit) || cluster.colour[cell] >= 0) continue;
            int seesA = -1, seesB = -1;
            for (int peer : g.peers(cell)) {
                if (cluster.colour[peer] == 0 && seesA < 0) seesA = peer;
                if (cluster.colour[peer] == 1 && seesB < 0) seesB = peer;
            }
            if (seesA < 0 || seesB < 0) continue;
            if (elims.empty()) witnessA = seesA, witnessB = seesB;
            elims.push_back({cell, digit});
        }
        if (elims.empty()) return std::nullopt;
        Step step = clusterStep(digit, cluster);
        step.eliminations = elims;
        const std::string first = g.cellName(elims.front().cell);
        step.explanation = coloursText(g, digit, cluster) + " Colour trap: " + first + " sees " +
                           g.cellName(witnessA) + " (A) and " + g.cellName(witnessB) +
                           " (B), one of which is " + DigitText(digit) + ", so " +
                           RemovalText(g, elims) + (elims.size() > 1 ? " (each sees both)." : ".");
        return step;
    }
};

}  // namespace

std::unique_ptr<Strategy> MakeSimpleColouring() {
    return std::make_unique<SimpleColouring>();
}

}  // namespace sudoku
