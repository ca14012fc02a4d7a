#include "vision/reading/ReadingRepair.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <queue>
#include <stdexcept>
#include <utility>

#include "solver/Backtracking.h"
#include "vision/reading/EntryCheck.h"

namespace sudoku {
namespace {

// Only this many alternatives, the likeliest, take part in the search: beyond them the
// classifier is confident and the search would only wander.
constexpr int kMaxAlternatives = 48;

struct Alternative {
    int cell = 0;
    int guess = 0;    // index into the cell's guesses
    double cost = 0;  // -log(p(guess) / p(best))
};

// A set of alternatives applied together: indices into the sorted alternatives, increasing.
struct ChangeSet {
    double cost = 0;
    std::vector<int> items;
    bool operator>(const ChangeSet& o) const { return cost > o.cost; }
};

double Cost(float best, float alternative) {
    constexpr double kFloor = 1e-9;
    return std::log(std::max<double>(best, kFloor)) -
           std::log(std::max<double>(alternative, kFloor));
}

// The guesses of every cell, each with "empty" among them: a classifier keeps its few likeliest
// digits, but a smudge read as a faint digit must still be able to turn back into paper. The
// empty guess gets the probability the listed guesses leave over, or the classifier's own for
// empty paper when it is lower: a digit read doubtfully (in a deep shadow, 0.43 for its first
// guess) leaves over half, most of it other digits', and erasing it was nearly free.
std::vector<CellReading> WithEmptyGuess(const std::vector<CellReading>& cells) {
    constexpr float kMinLeftOver = 1e-6f;
    std::vector<CellReading> out = cells;
    for (auto& reading : out) {
        float sum = 0;
        bool hasEmpty = false;
        for (const auto& g : reading.guesses) {
            sum += g.probability;
            hasEmpty |= g.digit == 0;
        }
        if (hasEmpty) continue;
        float empty = 1 - sum;
        if (reading.unlistedEmpty >= 0) empty = std::min(empty, reading.unlistedEmpty);
        reading.guesses.push_back({0, false, std::max(kMinLeftOver, empty)});
    }
    return out;
}

bool IsPrinted(const CellGuess& g) {
    return g.digit && !g.handwritten;
}

// `printedOnly`: only the alternatives that change the printed digits, the others cannot change
// a puzzle made of them.
std::vector<Alternative> SortedAlternatives(const std::vector<CellReading>& cells,
                                            bool printedOnly) {
    std::vector<Alternative> all;
    for (int cell = 0; cell < static_cast<int>(cells.size()); ++cell) {
        const auto& guesses = cells[cell].guesses;
        for (int g = 1; g < static_cast<int>(guesses.size()); ++g) {
            if (printedOnly && !IsPrinted(guesses[0]) && !IsPrinted(guesses[g])) continue;
            all.push_back({cell, g, Cost(guesses[0].probability, guesses[g].probability)});
        }
    }
    std::stable_sort(all.begin(), all.end(),
                     [](const Alternative& a, const Alternative& b) { return a.cost < b.cost; });
    if (all.size() > kMaxAlternatives) all.resize(kMaxAlternatives);
    return all;
}

// The printed digits of a board.
Board GivensOf(const Board& board) {
    Board givens(board.geometry());
    for (int cell = 0; cell < board.cellCount(); ++cell)
        if (board.origin(cell) == CellOrigin::Given) givens.set(cell, board.value(cell));
    return givens;
}

// The board a choice of guesses gives, every read digit a clue.
Board ClueBoard(const Geometry& geometry, const std::vector<CellReading>& cells,
                const std::vector<int>& choice) {
    Board board(geometry);
    for (int cell = 0; cell < geometry.cellCount(); ++cell) {
        const CellGuess& g = cells[cell].guesses[choice[cell]];
        if (g.digit)
            board.set(cell, g.digit, g.handwritten ? CellOrigin::Entered : CellOrigin::Given);
    }
    return board;
}

bool HasDuplicate(const Board& board) {
    const Geometry& g = board.geometry();
    for (int unit = 0; unit < g.unitCount(); ++unit) {
        Mask seen = 0;
        for (int cell : g.unitCells(unit)) {
            const int d = board.value(cell);
            if (!d) continue;
            if (seen & DigitBit(d)) return true;
            seen |= DigitBit(d);
        }
    }
    return false;
}

void Validate(const std::vector<CellReading>& cells, const Geometry& geometry) {
    if (static_cast<int>(cells.size()) != geometry.cellCount())
        throw std::invalid_argument("one reading per cell is needed");
    for (const auto& reading : cells) {
        if (reading.guesses.empty()) throw std::invalid_argument("a cell reading has no guess");
        for (const auto& g : reading.guesses)
            if (g.digit < 0 || g.digit > geometry.size())
                throw std::invalid_argument("a guess names a digit outside the grid");
    }
}

bool HasHandwriting(const std::vector<CellReading>& cells) {
    for (const auto& reading : cells)
        if (reading.best().digit && reading.best().handwritten) return true;
    return false;
}

// Below this, a hand-written first guess is the classifier unsure which digit it sees at all; when
// it also offered empty paper, the mark is more likely a smudge than an entry, and reading it as
// the solution's digit would invent one. Measured over all 320 training photos: with the first
// width-16 network, 0.5 removed its one invented digit (a smudge read 2 at 0.32, 4 at 0.26, empty
// at 0.11) and cost no filled-in grid; with the single width-16 network after it, which invents
// none either way, 0.5 cost two true entries read near 0.43 and 0.4 costs none.
constexpr float kWeakHandwriting = 0.4f;

// Index of the empty guess among the first `listed` guesses (those the classifier offered), or
// 0 when it offered none.
int OfferedEmpty(const std::vector<CellGuess>& guesses, int listed) {
    for (int g = 1; g < listed; ++g)
        if (guesses[g].digit == 0) return g;
    return 0;
}

// Solves the printed digits alone; when they make a proper puzzle, every hand-written cell takes
// its likeliest guess that agrees with the solution (the digit, or empty when the classifier
// itself offered empty), unless that guess is implausible: then the person's digit is kept as
// read, even if wrong. The empty guess WithEmptyGuess adds is only what the listed guesses
// leave over: taking it would erase an entry whose true digit the classifier did not list.
bool SolveFromGivens(const std::vector<CellReading>& readings,
                     const std::vector<CellReading>& cells, const Geometry& geometry,
                     const RepairOptions& options, std::vector<int>& choice,
                     RepairedReading& result) {
    Board givens(geometry);
    for (int cell = 0; cell < geometry.cellCount(); ++cell) {
        const CellGuess& best = cells[cell].best();
        if (best.digit && !best.handwritten) givens.set(cell, best.digit);
    }
    if (HasDuplicate(givens)) return false;
    ++result.boardsTried;
    const SolveResult solved = CountSolutions(givens, 2);
    if (solved.count != 1) return false;
    choice.assign(cells.size(), 0);
    for (int cell = 0; cell < geometry.cellCount(); ++cell) {
        const auto& guesses = cells[cell].guesses;
        if (!guesses[0].digit || !guesses[0].handwritten) continue;
        const int truth = solved.solution.value(cell);
        const int listed = static_cast<int>(readings[cell].guesses.size());
        if (const int paper = OfferedEmpty(guesses, listed);
            paper > 0 && guesses[0].probability < kWeakHandwriting) {
            choice[cell] = paper;
            continue;
        }
        for (int g = 0; g < listed; ++g) {
            const bool agrees =
                guesses[g].digit == 0 || (guesses[g].digit == truth && guesses[g].handwritten);
            if (!agrees) continue;
            if (guesses[g].probability >= options.minLikelihoodRatio * guesses[0].probability)
                choice[cell] = g;
            break;
        }
    }
    result.solution = solved.solution;
    return true;
}

// Whether the printed digits of a board have one solution, as a newspaper's always do. When they
// have several and the board with its entries has one, the entries are clues: blurred (sigma 3), a
// printed 9 read as a hand-written 8 at 0.45 (9 at 0.28) gave image209 the solution of a puzzle
// with an 8 there, which only a search for rivals among the entries' guesses finds out.
bool MakeAPuzzle(const Board& givens) {
    return CountSolutions(givens, 2).count == 1;
}

// Whether every entry of `check` is unsure and none holds the solution's digit. A person who
// wrote in a grid gets some entries right; cells read as hand-writing that all disagree, each
// read doubtfully, are more likely printed digits misread (in a deep shadow, under noise), and
// then the solution came from a puzzle missing its clues. Over the 1,088 readings of the
// training photos and their blurred, smeared, shrunk, noisy, compressed and shadowed copies
// (README, "A grid lost in a deep shadow, and cells read as hand-writing"), this held for two
// solved readings, both wrong, and for no right one.
bool StrayEntriesDisagree(const EntryCheck& check, const Board& solution) {
    const int entries = check.entries.filledCount();
    if (entries == 0 || static_cast<int>(check.unsure.size()) != entries) return false;
    for (int cell : check.unsure)
        if (check.entries.value(cell) == solution.value(cell)) return false;
    return true;
}

// Whether the repair changed a printed digit into the digit of an entry in a cell it sees that the
// check judges wrong or leaning wrong (EntryCheck.h). The change alone makes the person wrong, and
// a person seldom writes the digit printed in the same row, column or box: the print is more likely
// misread. Out of focus (sigma 3.5), image177's printed 1 beside a printed 8 read as hand-writing
// was read as 9 at 0.43 and 8 at 0.1; the repair took the 8, the puzzle had one solution, and it
// was not the puzzle's. A change that keeps the digit read (a hand-written 9 taken for a printed
// one) makes no clash: the entry was read as repeating it either way. Over the training photos,
// their spoilt copies and the probe pages (README, "Out of focus, never solved wrong"), this held
// for no reading solved right.
bool ACorrectionRepeatsAWrongEntry(const std::vector<CellReading>& cells, const EntryCheck& check,
                                   const RepairedReading& result) {
    const Geometry& geometry = check.entries.geometry();
    std::vector<int> wrong = check.mistakes;
    wrong.insert(wrong.end(), check.leaningWrong.begin(), check.leaningWrong.end());
    for (int cell : result.changed) {
        const int printed = result.givens.value(cell);
        if (!printed || printed == cells[cell].best().digit) continue;
        for (int entry : wrong)
            if (geometry.sees(cell, entry) && check.entries.value(entry) == printed) return true;
    }
    return false;
}

// The reading with each cell's `choice` of guess (0: the classifier's first) as the result's
// givens, hand-written digits, changed cells (another choice than the first) and uncertain ones.
void DescribeCells(const Geometry& geometry, const std::vector<CellReading>& cells,
                   const std::vector<int>& choice, const RepairOptions& options,
                   RepairedReading& result) {
    const Board read = ClueBoard(geometry, cells, choice);
    result.givens = Board(geometry);
    result.handwritten = Board(geometry);
    result.changed.clear();
    result.uncertain.clear();
    for (int cell = 0; cell < geometry.cellCount(); ++cell) {
        if (choice[cell] != 0) result.changed.push_back(cell);
        if (cells[cell].guesses[choice[cell]].probability < options.uncertainBelow)
            result.uncertain.push_back(cell);
        if (read.origin(cell) == CellOrigin::Given) result.givens.set(cell, read.value(cell));
        if (read.origin(cell) == CellOrigin::Entered)
            result.handwritten.set(cell, read.value(cell), CellOrigin::Entered);
    }
}

}  // namespace

RepairedReading RepairReading(const std::vector<CellReading>& readings, const Geometry& geometry,
                              const RepairOptions& options) {
    Validate(readings, geometry);
    const std::vector<CellReading> cells = WithEmptyGuess(readings);
    // On a board a person has written in, the puzzle is its printed digits: the search below
    // changes only those, and counts the solutions of those alone. A change to a hand-written
    // digit could otherwise "repair" the person's mistake into the solution's digit.
    const bool printedOnly = HasHandwriting(cells);
    std::vector<Alternative> alternatives = SortedAlternatives(cells, printedOnly);
    std::vector<int> firstChoice(cells.size(), 0);

    RepairedReading result;
    std::vector<int> chosen = firstChoice;
    bool found = false;
    bool entriesAreClues = false;  // the board needs its entries to have one solution
    // The choice of guesses a change set makes, or nothing when it changes one cell twice.
    auto choiceOf = [&](const std::vector<int>& items) -> std::optional<std::vector<int>> {
        std::vector<int> choice = firstChoice;
        for (int i : items) {
            const Alternative& a = alternatives[i];
            if (choice[a.cell] != 0) return std::nullopt;
            choice[a.cell] = a.guess;
        }
        return choice;
    };
    // The board a change set gives, or nothing when it breaks a rule on sight.
    auto boardOf = [&](const std::vector<int>& choice, bool changed) -> std::optional<Board> {
        const Board read = ClueBoard(geometry, cells, choice);
        Board board = printedOnly && changed ? GivensOf(read) : read;
        if (HasDuplicate(board)) return std::nullopt;
        ++result.boardsTried;
        return board;
    };
    // Try a change set; true when the board it gives has exactly one solution.
    auto attempt = [&](const std::vector<int>& items) {
        const auto choice = choiceOf(items);
        if (!choice) return false;
        const auto board = boardOf(*choice, !items.empty());
        if (!board) {
            if (items.empty()) result.verdict = RepairVerdict::NoSolution;
            return false;
        }
        const SolveResult solved = CountSolutions(*board, 2);
        if (items.empty())
            result.verdict =
                solved.count == 0 ? RepairVerdict::NoSolution : RepairVerdict::Multiple;
        if (solved.count != 1) return false;
        chosen = *choice;
        result.solution = solved.solution;
        return true;
    };
    // Whether a change set gives one solution other than the one found.
    auto rivals = [&](const std::vector<int>& items) {
        const auto choice = choiceOf(items);
        if (!choice) return false;
        const auto board = boardOf(*choice, !entriesAreClues);
        if (!board) return false;
        const SolveResult solved = CountSolutions(*board, 2);
        return solved.count == 1 && !(solved.solution == result.solution);
    };

    found = attempt({});
    // A reading that breaks no rule but has several solutions has lost a digit (printed too faint
    // to see, under a lamp's glare, and read as paper), and nothing points at a digit misread: a
    // change then only picks one of the solutions, and one the classifier barely offered picks at
    // random. Under glare, held-out image19 lost a 6 and an 8 and gained a hand-written 6 at 0.016
    // in a cell read as paper at 0.94: one solution, not the puzzle's. So only a change nearly as
    // likely as the reading (ambiguityRatio) may choose. Over the training photos under glare
    // (README, "A lamp's glare"), such changes drew 10 wrong solutions and 24 right ones, within
    // the ratio 2 and 12; no reading of another kind changed.
    const double leastLikely = -std::log(options.minLikelihoodRatio);
    const bool changeOnlyPicks = !found && result.verdict == RepairVerdict::Multiple;
    const double maxCost =
        changeOnlyPicks ? std::min(leastLikely, std::log(options.ambiguityRatio)) : leastLikely;
    // Entries that make the puzzle (printed digits read as hand-writing, the print faint or out of
    // focus): the rivals below are sought among every digit read, the entries' included, on boards
    // that keep them.
    entriesAreClues =
        found && printedOnly && !MakeAPuzzle(GivensOf(ClueBoard(geometry, cells, firstChoice)));
    if (entriesAreClues) alternatives = SortedAlternatives(cells, false);
    // Hand-written digits are a person's entries, not the puzzle: when the reading as a whole
    // fails, the printed digits alone may still make the puzzle, and its solution then decides
    // between each hand-written cell's guesses.
    if (!found && HasHandwriting(cells))
        found = SolveFromGivens(readings, cells, geometry, options, chosen, result);
    // Best-first over change sets in order of total cost: from a set whose last item is i, the
    // next sets are "also take i+1" and "take i+1 instead of i"; every set comes up once.
    std::priority_queue<ChangeSet, std::vector<ChangeSet>, std::greater<>> queue;
    if (!alternatives.empty()) queue.push({alternatives[0].cost, {0}});
    // The next change set in order of cost, the sets that follow from it queued.
    auto next = [&]() {
        ChangeSet set = queue.top();
        queue.pop();
        const int last = set.items.back();
        if (last + 1 < static_cast<int>(alternatives.size())) {
            ChangeSet grown = set;
            grown.items.push_back(last + 1);
            grown.cost += alternatives[last + 1].cost;
            queue.push(grown);
            ChangeSet swapped = set;
            swapped.items.back() = last + 1;
            swapped.cost += alternatives[last + 1].cost - alternatives[last].cost;
            queue.push(swapped);
        }
        return set;
    };
    // Sets rejected for a duplicate cost little but are bounded too.
    const long maxSets = 20L * options.maxBoards;
    double foundCost = 0;
    for (long sets = 0;
         !found && !queue.empty() && result.boardsTried < options.maxBoards && sets < maxSets;
         ++sets) {
        if (queue.top().cost > maxCost) break;
        const ChangeSet set = next();
        found = attempt(set.items);
        foundCost = set.cost;
    }
    // The sets nearly as likely as the one found, in the same order: one with another solution
    // makes the reading a guess between the two (a blurred 8 read as 3 can make a puzzle too).
    // A search that runs out of effort first leaves the reading as doubtful as a rival would.
    bool ambiguous = false;
    const double rivalCost = foundCost + std::log(options.ambiguityRatio);
    const auto rivalsLeft = [&] { return !queue.empty() && queue.top().cost <= rivalCost; };
    const int maxRivalBoards = result.boardsTried + options.maxRivalBoards;
    const long maxRivalSets = 20L * options.maxRivalBoards;
    for (long sets = 0; found && !ambiguous && rivalsLeft(); ++sets) {
        if (sets >= maxRivalSets || result.boardsTried >= maxRivalBoards) {
            ambiguous = true;
            break;
        }
        ambiguous = rivals(next().items);
    }

    if (ambiguous) {
        result.verdict = RepairVerdict::Ambiguous;
        found = false;
    }
    if (found) result.verdict = RepairVerdict::Unique;
    DescribeCells(geometry, cells, found ? chosen : firstChoice, options, result);
    if (!found) {
        result.solution = Board(geometry);
        return result;
    }
    // The solution chose which cells are entries; what each entry says is what was read there.
    EntryCheck check = CheckEntries(readings, result.handwritten, result.solution);
    const bool stray = StrayEntriesDisagree(check, result.solution);
    if (stray || ACorrectionRepeatsAWrongEntry(cells, check, result)) {
        // Not solved: the digits as first read, as for any reading without a solution.
        result.verdict = stray ? RepairVerdict::Doubtful : RepairVerdict::Clash;
        result.solution = Board(geometry);
        DescribeCells(geometry, cells, firstChoice, options, result);
        return result;
    }
    result.handwritten = std::move(check.entries);
    result.mistakes = std::move(check.mistakes);
    result.unsure = std::move(check.unsure);
    result.leaningWrong = std::move(check.leaningWrong);
    return result;
}

}  // namespace sudoku
