// Unique rectangles, types 1 to 4.
//
// VALID ONLY FOR PUZZLES WITH EXACTLY ONE SOLUTION. Four empty cells on two rows, two columns and
// two boxes that all end up holding only the digits a and b form a "deadly pattern": a and b
// could be swapped in them and the puzzle would have two solutions. If the puzzle is known to be
// unique, the pattern cannot happen, and each type draws a different consequence from that. On a
// puzzle with several solutions these steps may remove a digit of a solution; callers that cannot
// assume uniqueness must stop the logical solver before Technique::UniqueRectangle1.

#include <array>
#include <memory>

#include "solver/techniques/AdvancedSupport.h"
#include "solver/techniques/Techniques.h"

namespace sudoku {
namespace {

using detail::CandidateText;
using detail::DigitText;
using detail::RemovalText;

// The four corners: [0] r1c1, [1] r1c2, [2] r2c1, [3] r2c2. Pairs of corners sharing a row are
// (0,1) and (2,3); sharing a column (0,2) and (1,3).
struct Rectangle {
    std::array<int, 4> cells;
    Mask pair;  // {a, b}
};

constexpr std::array<std::array<int, 2>, 4> kSides = {{{0, 1}, {2, 3}, {0, 2}, {1, 3}}};

// Whether the corners r1c1, r1c2, r2c1, r2c2 lie in exactly two regions, each holding a side of
// the rectangle (two boxes of one band or stack), and off the diagonals: only then does swapping a
// and b leave every unit whole, so that two solutions would exist.
bool SpansTwoRegions(const Geometry& g, const std::array<int, 4>& cells) {
    for (int cell : cells)
        if (g.unitsOf(cell).size() > 3) return false;  // on a diagonal
    const int b0 = g.box(cells[0]), b1 = g.box(cells[1]), b2 = g.box(cells[2]),
              b3 = g.box(cells[3]);
    const bool rowsPaired = b0 == b1 && b2 == b3;  // each row's two corners share a region
    const bool colsPaired = b0 == b2 && b1 == b3;
    return (rowsPaired || colsPaired) && !(rowsPaired && colsPaired);
}

// Calls visit(rect) for every rectangle of empty cells spanning two boxes whose corners all hold
// two common digits a and b, until visit returns a step.
template <typename Visit>
std::optional<Step> ForEachRectangle(const CandidateGrid& grid, Visit visit) {
    const Geometry& g = grid.geometry();
    const int n = g.size();
    for (int r1 = 0; r1 < n; ++r1)
        for (int r2 = r1 + 1; r2 < n; ++r2) {
            for (int c1 = 0; c1 < n; ++c1) {
                const int a = g.cellAt(r1, c1), c = g.cellAt(r2, c1);
                const Mask left = grid.candidates(a) & grid.candidates(c);
                if (CountDigits(left) < 2) continue;
                for (int c2 = c1 + 1; c2 < n; ++c2) {
                    const std::array<int, 4> cells = {a, g.cellAt(r1, c2), c, g.cellAt(r2, c2)};
                    // The digits first: few rectangles have two in common, and they cost less
                    // to check than the regions.
                    const Mask common =
                        left & grid.candidates(cells[1]) & grid.candidates(cells[3]);
                    if (CountDigits(common) < 2 || !SpansTwoRegions(g, cells)) continue;
                    for (int d1 : Digits(common))
                        for (int d2 : Digits(common & ~((DigitBit(d1) << 1) - 1))) {
                            Rectangle rect{cells, DigitBit(d1) | DigitBit(d2)};
                            if (auto step = visit(rect)) return step;
                        }
                }
            }
        }
    return std::nullopt;
}

Step RectangleStep(const CandidateGrid& grid, Technique technique, const Rectangle& rect) {
    Step step;
    step.technique = technique;
    step.cells.assign(rect.cells.begin(), rect.cells.end());
    for (int cell : rect.cells)
        for (int d : Digits(rect.pair))
            step.proof.push_back({cell, d});
    const Geometry& g = grid.geometry();
    step.units = {g.rowUnit(g.row(rect.cells[0])), g.rowUnit(g.row(rect.cells[3])),
                  g.colUnit(g.col(rect.cells[0])), g.colUnit(g.col(rect.cells[3]))};
    return step;
}

std::string Intro(const Geometry& g, const char* type, const Rectangle& rect) {
    return "Unique rectangle type " + std::string(type) + " on " + CandidateText(rect.pair) +
           " in " + detail::CellListText(g, {rect.cells.begin(), rect.cells.end()}) +
           ": the puzzle has one solution, so these four cells cannot all end up " +
           CandidateText(rect.pair);
}

// The corners that hold more than a and b (the "roof").
// A fixed array rather than a vector: every rectangle visited asks for its roof.
struct Roof {
    std::array<int, 4> corners{};
    int count = 0;

    Roof(const CandidateGrid& grid, const Rectangle& rect) {
        for (int i = 0; i < 4; ++i)
            if (grid.candidates(rect.cells[i]) != rect.pair) corners[count++] = i;
    }
    std::size_t size() const { return static_cast<std::size_t>(count); }
    int operator[](int i) const { return corners[i]; }
};

// Two roof corners on one side of the rectangle (same row or column), the floor being exact.
bool RoofIsASide(const Roof& roof) {
    if (roof.size() != 2) return false;
    for (const auto& side : kSides)
        if (roof[0] == side[0] && roof[1] == side[1]) return true;
    return false;
}

// Calls visit(rect, p, q) for every rectangle whose roof is one side, p and q its roof corners,
// until visit returns a step: where types 2, 3 and 4 start.
template <typename Visit>
std::optional<Step> ForEachRoofSide(const CandidateGrid& grid, Visit visit) {
    return ForEachRectangle(grid, [&](const Rectangle& rect) -> std::optional<Step> {
        const Roof roof(grid, rect);
        if (!RoofIsASide(roof)) return std::nullopt;
        return visit(rect, rect.cells[roof[0]], rect.cells[roof[1]]);
    });
}

class UniqueRectangle1 final : public Strategy {
public:
    Technique technique() const override { return Technique::UniqueRectangle1; }
    std::optional<Step> find(const CandidateGrid& grid) const override {
        const Geometry& g = grid.geometry();
        return ForEachRectangle(grid, [&](const Rectangle& rect) -> std::optional<Step> {
            const Roof roof(grid, rect);
            if (roof.size() != 1) return std::nullopt;
            const int cell = rect.cells[roof[0]];
            Step step = RectangleStep(grid, technique(), rect);
            for (int d : Digits(rect.pair))
                step.eliminations.push_back({cell, d});
            step.explanation = Intro(g, "1", rect) + "; three of them are only " +
                               CandidateText(rect.pair) + ", so " + g.cellName(cell) +
                               " must be one of its other digits and " +
                               RemovalText(g, step.eliminations) + ".";
            return step;
        });
    }
};

// Roof corners a/b/c and a/b/c: one of them is c, so c goes from the cells seeing both.
class UniqueRectangle2 final : public Strategy {
public:
    Technique technique() const override { return Technique::UniqueRectangle2; }
    std::optional<Step> find(const CandidateGrid& grid) const override {
        const Geometry& g = grid.geometry();
        return ForEachRoofSide(
            grid, [&](const Rectangle& rect, int p, int q) -> std::optional<Step> {
                const Mask extra = grid.candidates(p) & ~rect.pair;
                if (grid.candidates(q) != grid.candidates(p) || CountDigits(extra) != 1)
                    return std::nullopt;
                const int c = OnlyDigit(extra);
                auto elims = detail::SeeingAll(grid, c, {p, q});
                if (elims.empty()) return std::nullopt;
                Step step = RectangleStep(grid, technique(), rect);
                step.eliminations = elims;
                step.proof.push_back({p, c});
                step.proof.push_back({q, c});
                step.explanation = Intro(g, "2", rect) + "; " + g.cellName(p) + " and " +
                                   g.cellName(q) + " are both " +
                                   CandidateText(grid.candidates(p)) + ", so one of them is " +
                                   DigitText(c) + " and " + RemovalText(g, elims) + ".";
                return step;
            });
    }
};

// The roof's extra digits act as one virtual cell: with k-1 other cells of a unit the roof
// shares, holding k digits in all, they form a naked subset, and those digits go from the rest
// of the unit.
class UniqueRectangle3 final : public Strategy {
public:
    Technique technique() const override { return Technique::UniqueRectangle3; }
    std::optional<Step> find(const CandidateGrid& grid) const override {
        return ForEachRoofSide(
            grid, [&](const Rectangle& rect, int p, int q) -> std::optional<Step> {
                const Mask extra = (grid.candidates(p) | grid.candidates(q)) & ~rect.pair;
                if (CountDigits(extra) < 2) return std::nullopt;  // one extra digit is type 2
                const Geometry& g = grid.geometry();
                for (int unit : g.unitsOf(p)) {
                    bool shared = false;
                    for (int u : g.unitsOf(q))
                        shared |= u == unit;
                    if (!shared) continue;
                    if (auto step = subsetIn(grid, rect, p, q, unit, extra)) return step;
                }
                return std::nullopt;
            });
    }

private:
    static constexpr int kMaxOthers = 3;

    std::optional<Step> subsetIn(const CandidateGrid& grid, const Rectangle& rect, int p, int q,
                                 int unit, Mask extra) const {
        const Geometry& g = grid.geometry();
        std::vector<int> others;  // empty cells of the unit besides the roof, few enough digits
        for (int cell : g.unitCells(unit))
            if (cell != p && cell != q && grid.candidates(cell) &&
                CountDigits(grid.candidates(cell) | extra) <= kMaxOthers + 1)
                others.push_back(cell);
        std::vector<int> chosen;
        return search(grid, rect, p, q, unit, extra, others, 0, chosen);
    }

    std::optional<Step> search(const CandidateGrid& grid, const Rectangle& rect, int p, int q,
                               int unit, Mask digits, const std::vector<int>& others,
                               std::size_t from, std::vector<int>& chosen) const {
        if (!chosen.empty() && CountDigits(digits) == static_cast<int>(chosen.size()) + 1)
            return stepFor(grid, rect, p, q, unit, digits, chosen);
        if (static_cast<int>(chosen.size()) == kMaxOthers) return std::nullopt;
        for (std::size_t i = from; i < others.size(); ++i) {
            const Mask next = digits | grid.candidates(others[i]);
            if (CountDigits(next) > kMaxOthers + 1) continue;
            chosen.push_back(others[i]);
            if (auto step = search(grid, rect, p, q, unit, next, others, i + 1, chosen))
                return step;
            chosen.pop_back();
        }
        return std::nullopt;
    }

    std::optional<Step> stepFor(const CandidateGrid& grid, const Rectangle& rect, int p, int q,
                                int unit, Mask digits, const std::vector<int>& chosen) const {
        const Geometry& g = grid.geometry();
        Step step = RectangleStep(grid, technique(), rect);
        for (int cell : g.unitCells(unit)) {
            if (cell == p || cell == q) continue;
            bool inSubset = false;
            for (int c : chosen)
                inSubset |= c == cell;
            if (inSubset) continue;
            for (int d : Digits(grid.candidates(cell) & digits))
                step.eliminations.push_back({cell, d});
        }
        if (step.eliminations.empty()) return std::nullopt;
        for (int c : chosen) {
            step.cells.push_back(c);
            detail::AddCandidates(grid, c, step.proof);
        }
        step.units.push_back(unit);
        step.explanation = Intro(g, "3", rect) + "; so " + g.cellName(p) + " or " + g.cellName(q) +
                           " holds one of " +
                           CandidateText((grid.candidates(p) | grid.candidates(q)) & ~rect.pair) +
                           ", which with " + detail::CellListText(g, chosen) +
                           " makes a naked subset of " + CandidateText(digits) + " in " +
                           g.unitName(unit) + "; " + RemovalText(g, step.eliminations) + ".";
        return step;
    }
};

// In a unit the roof shares, a has no other place than the roof: one roof corner is a, so
// neither can be b (the other would then be the missing half of the deadly pattern).
class UniqueRectangle4 final : public Strategy {
public:
    Technique technique() const override { return Technique::UniqueRectangle4; }
    std::optional<Step> find(const CandidateGrid& grid) const override {
        const Geometry& g = grid.geometry();
        return ForEachRoofSide(
            grid, [&](const Rectangle& rect, int p, int q) -> std::optional<Step> {
                for (int unit : g.unitsOf(p)) {
                    bool shared = false;
                    for (int u : g.unitsOf(q))
                        shared |= u == unit;
                    if (!shared) continue;
                    for (int a : Digits(rect.pair)) {
                        if (grid.placesFor(unit, a).size() != 2) continue;
                        const int b = OnlyDigit(rect.pair & ~DigitBit(a));
                        Step step = RectangleStep(grid, technique(), rect);
                        step.eliminations = {{p, b}, {q, b}};
                        step.units.push_back(unit);
                        step.explanation = Intro(g, "4", rect) + "; in " + g.unitName(unit) + ", " +
                                           DigitText(a) + " can only go in " + g.cellName(p) +
                                           " or " + g.cellName(q) + ", so " +
                                           RemovalText(g, step.eliminations) + ".";
                        return step;
                    }
                }
                return std::nullopt;
            });
    }
};

}  // namespace

std::unique_ptr<Strategy> MakeUniqueRectangle1() {
    return std::make_unique<UniqueRectangle1>();
}
std::unique_ptr<Strategy> MakeUniqueRectangle2() {
    return std::make_unique<UniqueRectangle2>();
}
std::unique_ptr<Strategy> MakeUniqueRectangle3() {
    return std::make_unique<UniqueRectangle3>();
}
std::unique_ptr<Strategy> MakeUniqueRectangle4() {
    return std::make_unique<UniqueRectangle4>();
}

}  // namespace sudoku
