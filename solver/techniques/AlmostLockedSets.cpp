#include "solver/techniques/AlmostLockedSets.h"

#include <algorithm>

namespace sudoku::detail {
namespace {

class AlsFinder {
public:
    AlsFinder(const CandidateGrid& grid, int maxCells, int limit)
        : grid_(grid), g_(grid.geometry()), maxCells_(maxCells), limit_(limit) {}

    std::vector<AlmostLockedSet> run() {
        for (int unit = 0; unit < g_.unitCount() && !full(); ++unit) {
            open_.clear();
            for (int cell : g_.unitCells(unit)) {
                const int count = CountDigits(grid_.candidates(cell));
                if (count >= 2 && count <= maxCells_ + 1) open_.push_back(cell);
            }
            extend(unit, 0, 0);
        }
        return std::move(found_);
    }

private:
    bool full() const { return static_cast<int>(found_.size()) >= limit_; }

    void extend(int unit, std::size_t from, Mask digits) {
        const int size = static_cast<int>(chosen_.size());
        if (size >= 2 && CountDigits(digits) == size + 1 && firstUnit() == unit) {
            found_.push_back({chosen_, digits, unit});
            std::sort(found_.back().cells.begin(), found_.back().cells.end());
        }
        if (size == maxCells_ || full()) return;
        for (std::size_t i = from; i < open_.size(); ++i) {
            const Mask next = digits | grid_.candidates(open_[i]);
            if (CountDigits(next) > maxCells_ + 1) continue;
            chosen_.push_back(open_[i]);
            extend(unit, i + 1, next);
            chosen_.pop_back();
        }
    }

    // A set inside a box and a line is found from both: keep it for the first unit only.
    int firstUnit() const {
        for (int unit : g_.unitsOf(chosen_.front())) {
            bool all = true;
            for (int cell : chosen_) {
                const auto units = g_.unitsOf(cell);
                all = all && std::find(units.begin(), units.end(), unit) != units.end();
            }
            if (all) return unit;
        }
        return -1;
    }

    const CandidateGrid& grid_;
    const Geometry& g_;
    int maxCells_;
    int limit_;
    std::vector<int> open_;
    std::vector<int> chosen_;
    std::vector<AlmostLockedSet> found_;
};

}  // namespace

std::vector<AlmostLockedSet> FindAlmostLockedSets(const CandidateGrid& grid, int maxCells,
                                                  int limit) {
    return AlsFinder(grid, maxCells, limit).run();
}

}  // namespace sudoku::detail
