// Wings: XY-Wing, XYZ-Wing and W-Wing. Each is a short chain through bivalue cells whose two ends
// cannot both miss the same digit, so that digit goes from every cell that sees both ends.

#include <memory>

#include "solver/techniques/AdvancedSupport.h"
#include "solver/techniques/Techniques.h"

namespace sudoku {
namespace {

using detail::CandidateText;
using detail::CommonUnit;
using detail::DigitText;
using detail::RemovalText;
using detail::SeeingAll;

Step WingStep(const CandidateGrid& grid, Technique technique, std::initializer_list<int> cells,
              std::vector<CellDigit> eliminations) {
    Step step;
    step.technique = technique;
    step.eliminations = std::move(eliminations);
    step.cells.assign(cells.begin(), cells.end());
    for (int cell : cells)
        detail::AddCandidates(grid, cell, step.proof);
    const int pivot = *cells.begin();
    for (int cell : cells)
        if (cell != pivot) {
            const int unit = CommonUnit(grid.geometry(), pivot, cell);
            if (unit >= 0) step.units.push_back(unit);
        }
    return step;
}

// Pivot x/y seeing pincers x/z and y/z: if the pivot is x the y/z pincer is z, if it is y the
// x/z pincer is z, so a cell that sees both pincers cannot be z.
class XYWing final : public Strategy {
public:
    Technique technique() const override { return Technique::XYWing; }
    std::optional<Step> find(const CandidateGrid& grid) const override {
        const Geometry& g = grid.geometry();
        for (int pivot = 0; pivot < g.cellCount(); ++pivot) {
            const Mask pm = grid.candidates(pivot);
            if (CountDigits(pm) != 2) continue;
            for (int a : g.peers(pivot)) {
                const Mask am = grid.candidates(a);
                if (CountDigits(am) != 2 || CountDigits(am & pm) != 1) continue;
                const Mask z = am & ~pm;
                const Mask wanted = (pm & ~am) | z;  // the pivot's other digit plus z
                for (int b : g.peers(pivot)) {
                    if (b <= a || grid.candidates(b) != wanted) continue;
                    const int zd = OnlyDigit(z);
                    auto elims = SeeingAll(grid, zd, {a, b});
                    if (elims.empty()) continue;
                    Step step = WingStep(grid, Technique::XYWing, {pivot, a, b}, elims);
                    step.explanation =
                        "XY-Wing: " + g.cellName(pivot) + " (pivot, " + CandidateText(pm) +
                        ") sees " + g.cellName(a) + " (" + CandidateText(am) + ") and " +
                        g.cellName(b) + " (" + CandidateText(wanted) +
                        "): whichever the pivot is, one of the pincers is " + DigitText(zd) +
                        ", so " + RemovalText(g, step.eliminations) + ".";
                    return step;
                }
            }
        }
        return std::nullopt;
    }
};

// Pivot x/y/z seeing pincers x/z and y/z: one of the three is z, so a cell that sees all three
// cannot be z.
class XYZWing final : public Strategy {
public:
    Technique technique() const override { return Technique::XYZWing; }
    std::optional<Step> find(const CandidateGrid& grid) const override {
        const Geometry& g = grid.geometry();
        for (int pivot = 0; pivot < g.cellCount(); ++pivot) {
            const Mask pm = grid.candidates(pivot);
            if (CountDigits(pm) != 3) continue;
            for (int a : g.peers(pivot)) {
                const Mask am = grid.candidates(a);
                if (CountDigits(am) != 2 || (am & ~pm) != 0) continue;
                for (int b : g.peers(pivot)) {
                    const Mask bm = grid.candidates(b);
                    if (b <= a || CountDigits(bm) != 2 || (bm & ~pm) != 0 || bm == am) continue;
                    const int zd = OnlyDigit(am & bm);
                    auto elims = SeeingAll(grid, zd, {pivot, a, b});
                    if (elims.empty()) continue;
                    Step step = WingStep(grid, Technique::XYZWing, {pivot, a, b}, elims);
                    step.explanation =
                        "XYZ-Wing: " + g.cellName(pivot) + " (pivot, " + CandidateText(pm) +
                        ") sees " + g.cellName(a) + " (" + CandidateText(am) + ") and " +
                        g.cellName(b) + " (" + CandidateText(bm) + "): one of the three is " +
                        DigitText(zd) + ", so " + RemovalText(g, step.eliminations) + ".";
                    return step;
                }
            }
        }
        return std::nullopt;
    }
};

// Two cells x/y that do not see each other, and a unit where x has only two places, one seeing
// each cell: x cannot be missing from both places, so one of the cells is not x, hence it is y,
// and a cell that sees both cannot be y.
class WWing final : public Strategy {
public:
    Technique technique() const override { return Technique::WWing; }
    std::optional<Step> find(const CandidateGrid& grid) const override {
        const Geometry& g = grid.geometry();
        for (int a = 0; a < g.cellCount(); ++a) {
            const Mask m = grid.candidates(a);
            if (CountDigits(m) != 2) continue;
            for (int b = a + 1; b < g.cellCount(); ++b) {
                if (grid.candidates(b) != m || g.sees(a, b)) continue;
                for (int x : Digits(m)) {
                    const int y = OnlyDigit(m & ~DigitBit(x));
                    auto elims = SeeingAll(grid, y, {a, b});
                    if (elims.empty()) continue;
                    if (auto step = withLink(grid, a, b, x, y, elims)) return step;
                }
            }
        }
        return std::nullopt;
    }

private:
    static std::optional<Step> withLink(const CandidateGrid& grid, int a, int b, int x, int y,
                                        const std::vector<CellDigit>& elims) {
        const Geometry& g = grid.geometry();
        for (int unit = 0; unit < g.unitCount(); ++unit) {
            int places[2];
            int count = 0;
            for (int cell : g.unitCells(unit))
                if (grid.has(cell, x) && count++ < 2) places[count - 1] = cell;
            if (count != 2) continue;
            for (int flip = 0; flip < 2; ++flip) {
                const int pa = places[flip], pb = places[1 - flip];
                if (pa == a || pa == b || pb == a || pb == b) continue;
                if (!g.sees(pa, a) || !g.sees(pb, b)) continue;
                Step step = WingStep(grid, Technique::WWing, {a, b}, elims);
                step.cells = {a, b, pa, pb};
                step.proof.push_back({pa, x});
                step.proof.push_back({pb, x});
                step.units = {unit};
                step.explanation = "W-Wing: " + g.cellName(a) + " and " + g.cellName(b) +
                                   " are both " + CandidateText(DigitBit(x) | DigitBit(y)) +
                                   ", and in " + g.unitName(unit) + ", " + DigitText(x) +
                                   " can only go in " + g.cellName(pa) + " (seeing " +
                                   g.cellName(a) + ") or " + g.cellName(pb) + " (seeing " +
                                   g.cellName(b) + "), so one of the two cells is " + DigitText(y) +
                                   " and " + RemovalText(g, elims) + ".";
                return step;
            }
        }
        return std::nullopt;
    }
};

}  // namespace

std::unique_ptr<Strategy> MakeXYWing() {
    return std::make_unique<XYWing>();
}
std::unique_ptr<Strategy> MakeXYZWing() {
    return std::make_unique<XYZWing>();
}
std::unique_ptr<Strategy> MakeWWing() {
    return std::make_unique<WWing>();
}

}  // namespace sudoku
