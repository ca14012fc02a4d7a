#include "solver/Validation.h"

#include <array>
#include <optional>

#include "solver/Backtracking.h"

namespace sudoku {
namespace {

std::string Capitalised(std::string text) {
    if (!text.empty() && text[0] >= 'a' && text[0] <= 'z')
        text[0] = static_cast<char>(text[0] - 32);
    return text;
}

// "r1c1", "r1c1 and r2c2", "r1c1, r2c2 and r3c3".
std::string CellList(const Geometry& g, const std::vector<int>& cells) {
    std::string text;
    for (std::size_t i = 0; i < cells.size(); ++i) {
        if (i > 0) text += i + 1 == cells.size() ? " and " : ", ";
        text += g.cellName(cells[i]);
    }
    return text;
}

std::string CountWord(int count) {
    static constexpr std::array<const char*, 5> words = {"", "one", "two", "three", "four"};
    return count < static_cast<int>(words.size()) ? words[count] : std::to_string(count);
}

std::string DigitText(int digit) {
    return std::string(1, Geometry::DigitChar(digit));
}

Problem Duplicate(const Geometry& g, int unit, int digit, std::vector<int> cells) {
    Problem p{ProblemKind::Duplicate, std::move(cells), unit, digit, {}};
    p.message = Capitalised(g.unitName(unit)) + " has " +
                CountWord(static_cast<int>(p.cells.size())) + " " + DigitText(digit) +
                "s: " + CellList(g, p.cells) + ".";
    return p;
}

Problem NoPlace(const CandidateGrid& grid, int unit, int digit) {
    const Geometry& g = grid.geometry();
    Problem p{ProblemKind::NoPlace, {}, unit, digit, {}};
    for (int cell : g.unitCells(unit))
        if (!grid.value(cell)) p.cells.push_back(cell);
    p.message = Capitalised(g.unitName(unit)) + " has no place left for " + DigitText(digit);
    if (p.cells.size() == 1)
        p.message += ": " + g.cellName(p.cells[0]) + " cannot hold it.";
    else if (!p.cells.empty())
        p.message += ": none of " + CellList(g, p.cells) + " can hold it.";
    else
        p.message += ".";
    return p;
}

// A second solution, differing from the first: each other digit of each open cell in turn.
std::optional<Board> AnotherSolution(const CandidateGrid& grid, const Board& first) {
    const Board& puzzle = grid.board();
    for (int cell = 0; cell < puzzle.cellCount(); ++cell) {
        if (!puzzle.isEmpty(cell)) continue;
        for (int digit : Digits(grid.candidates(cell) & ~DigitBit(first.value(cell)))) {
            Board trial = puzzle;
            trial.set(cell, digit, CellOrigin::Given);
            SolveResult result = CountSolutions(trial, 1);
            if (result.count > 0) return result.solution;
        }
    }
    return std::nullopt;
}

Problem Multiple(const CandidateGrid& grid, const Board& first) {
    const Geometry& g = grid.geometry();
    Problem p{ProblemKind::MultipleSolutions, {}, -1, 0, "The puzzle has more than one solution."};
    const std::optional<Board> second = AnotherSolution(grid, first);
    if (!second) return p;
    for (int cell = 0; cell < g.cellCount(); ++cell)
        if (first.value(cell) != second->value(cell)) p.cells.push_back(cell);
    const int cell = p.cells.front();
    p.message = "The puzzle has more than one solution: " + g.cellName(cell) + " can be " +
                DigitText(first.value(cell)) + " or " + DigitText(second->value(cell)) + " (" +
                std::to_string(p.cells.size()) + " cells differ).";
    return p;
}

// Pencil marks can remove a digit the solution needs: name the cells where that happened.
std::vector<Problem> LostSolutionDigits(const CandidateGrid& grid, const Board& solution) {
    std::vector<Problem> problems;
    const Geometry& g = grid.geometry();
    for (int cell = 0; cell < g.cellCount(); ++cell) {
        const int digit = solution.value(cell);
        if (grid.value(cell) || grid.has(cell, digit)) continue;
        problems.push_back({ProblemKind::NoSolution,
                            {cell},
                            -1,
                            digit,
                            g.cellName(cell) + " lost its candidate " + DigitText(digit) +
                                ", which the only solution of the clues needs."});
    }
    return problems;
}

// The digits that are not clues and differ from the solution.
std::vector<Problem> WrongDigits(const Board& board, const Board& solution) {
    std::vector<Problem> problems;
    const Geometry& g = board.geometry();
    for (int cell = 0; cell < board.cellCount(); ++cell) {
        const int digit = board.value(cell), right = solution.value(cell);
        if (digit == 0 || digit == right || board.origin(cell) == CellOrigin::Given) continue;
        problems.push_back({ProblemKind::WrongEntry,
                            {cell},
                            -1,
                            digit,
                            g.cellName(cell) + " holds " + DigitText(digit) +
                                ", but the solution of the clues has " + DigitText(right) +
                                " there."});
    }
    return problems;
}

// The digits a person entered that differ from the only solution of the clues alone.
std::vector<Problem> WrongEntries(const Board& board) {
    Board clues(board.geometry());
    bool entered = false;
    for (int cell = 0; cell < board.cellCount(); ++cell) {
        if (board.isEmpty(cell)) continue;
        if (board.origin(cell) == CellOrigin::Given)
            clues.set(cell, board.value(cell), CellOrigin::Given);
        else
            entered = true;
    }
    if (!entered || !FindDuplicates(clues).empty()) return {};
    const SolveResult result = CountSolutions(clues, 2);
    if (result.count != 1) return {};
    return WrongDigits(board, result.solution);
}

}  // namespace

std::string_view ProblemKindId(ProblemKind kind) {
    static constexpr std::array<std::string_view, 6> ids = {"duplicate",          "no-candidate",
                                                            "no-place",           "no-solution",
                                                            "multiple-solutions", "wrong-entry"};
    return ids[static_cast<int>(kind)];
}

std::vector<Problem> FindDuplicates(const Board& board) {
    const Geometry& g = board.geometry();
    std::vector<Problem> problems;
    for (int unit = 0; unit < g.unitCount(); ++unit) {
        std::vector<std::vector<int>> cellsOf(g.size() + 1);
        for (int cell : g.unitCells(unit))
            if (board.value(cell)) cellsOf[board.value(cell)].push_back(cell);
        for (int digit = 1; digit <= g.size(); ++digit)
            if (cellsOf[digit].size() > 1)
                problems.push_back(Duplicate(g, unit, digit, std::move(cellsOf[digit])));
    }
    return problems;
}

std::vector<Problem> FindDeadEnds(const CandidateGrid& grid) {
    const Geometry& g = grid.geometry();
    std::vector<Problem> problems;
    for (int cell = 0; cell < g.cellCount(); ++cell)
        if (!grid.value(cell) && !grid.candidates(cell))
            problems.push_back({ProblemKind::NoCandidate,
                                {cell},
                                -1,
                                0,
                                g.cellName(cell) + " has no candidate left."});
    for (int unit = 0; unit < g.unitCount(); ++unit) {
        Mask open = 0;
        for (int cell : g.unitCells(unit))
            open |= grid.candidates(cell);
        for (int digit : Digits(grid.board().missingIn(unit) & ~open))
            problems.push_back(NoPlace(grid, unit, digit));
    }
    return problems;
}

namespace {

Verdict CheckRulesAndSolve(const CandidateGrid& grid) {
    Verdict verdict{FindDuplicates(grid.board()), std::nullopt};
    if (verdict.problems.empty()) verdict.problems = FindDeadEnds(grid);
    if (!verdict.problems.empty()) return verdict;
    SolveResult result = CountSolutions(grid.board(), 2);
    if (result.count == 0)
        verdict.problems.push_back(
            {ProblemKind::NoSolution, {}, -1, 0, "The puzzle has no solution."});
    else if (result.count > 1)
        verdict.problems.push_back(Multiple(grid, result.solution));
    else
        verdict.problems = LostSolutionDigits(grid, result.solution);
    if (verdict.problems.empty()) verdict.solution = std::move(result.solution);
    return verdict;
}

}  // namespace

Verdict CheckAndSolve(const CandidateGrid& grid) {
    Verdict verdict = CheckRulesAndSolve(grid);
    if (!verdict.problems.empty()) {
        std::vector<Problem> wrong = WrongEntries(grid.board());
        verdict.problems.insert(verdict.problems.end(), wrong.begin(), wrong.end());
    }
    return verdict;
}

std::vector<Problem> FindMistakes(const CandidateGrid& grid, const Board& solution) {
    std::vector<Problem> problems = WrongDigits(grid.board(), solution);
    std::vector<Problem> lost = LostSolutionDigits(grid, solution);
    problems.insert(problems.end(), lost.begin(), lost.end());
    return problems;
}

std::vector<Problem> CheckPuzzle(const CandidateGrid& grid) {
    return CheckAndSolve(grid).problems;
}

std::vector<Problem> CheckPuzzle(const Board& board) {
    return CheckPuzzle(CandidateGrid(board));
}

}  // namespace sudoku
