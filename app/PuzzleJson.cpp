#include "app/PuzzleJson.h"

#include <fmt/format.h>

#include <algorithm>

#include "solver/Grader.h"
#include "solver/LogicalSolver.h"

namespace sudokucam {
namespace {

using sudoku::Board;
using sudoku::CandidateGrid;
using sudoku::Geometry;

OrderedJson CellDigitsJson(const Geometry& g, const std::vector<sudoku::CellDigit>& cds) {
    OrderedJson list = OrderedJson::array();
    for (const auto& cd : cds)
        list.push_back({{"cell", g.cellName(cd.cell)}, {"index", cd.cell}, {"digit", cd.digit}});
    return list;
}

// When no technique applies, the cell with fewest candidates: the best place to guess.
int GuessCell(const CandidateGrid& grid) {
    int best = -1;
    for (int cell = 0; cell < grid.board().cellCount(); ++cell) {
        if (grid.value(cell)) continue;
        if (best < 0 ||
            sudoku::CountDigits(grid.candidates(cell)) < sudoku::CountDigits(grid.candidates(best)))
            best = cell;
    }
    return best;
}

struct CheckedPuzzle {
    CandidateGrid grid;
    sudoku::Verdict verdict;
    PuzzleStatus status;
};

CheckedPuzzle Check(const InputPuzzle& input) {
    CandidateGrid grid = input.parsed.candidateGrid();
    sudoku::Verdict verdict = sudoku::CheckAndSolve(grid);
    const PuzzleStatus status = StatusOf(verdict);
    return {std::move(grid), std::move(verdict), status};
}

}  // namespace

std::string PuzzleStatusName(PuzzleStatus status) {
    switch (status) {
        case PuzzleStatus::Solved:
            return "solved";
        case PuzzleStatus::NoSolution:
            return "no-solution";
        case PuzzleStatus::Multiple:
            return "multiple";
        case PuzzleStatus::Invalid:
            break;
    }
    return "invalid";
}

PuzzleStatus StatusOf(const sudoku::Verdict& verdict) {
    if (verdict.problems.empty()) return PuzzleStatus::Solved;
    auto has = [&](sudoku::ProblemKind kind) {
        return std::any_of(verdict.problems.begin(), verdict.problems.end(),
                           [&](const sudoku::Problem& p) { return p.kind == kind; });
    };
    if (has(sudoku::ProblemKind::Duplicate)) return PuzzleStatus::Invalid;
    if (has(sudoku::ProblemKind::MultipleSolutions)) return PuzzleStatus::Multiple;
    return PuzzleStatus::NoSolution;
}

OrderedJson CellJson(const Geometry& g, int cell) {
    return {{"name", g.cellName(cell)}, {"index", cell}};
}

OrderedJson CellsJson(const Geometry& g, const std::vector<int>& cells) {
    OrderedJson list = OrderedJson::array();
    for (int cell : cells)
        list.push_back(CellJson(g, cell));
    return list;
}

OrderedJson ProblemsJson(const Geometry& g, const std::vector<sudoku::Problem>& problems) {
    OrderedJson list = OrderedJson::array();
    for (const sudoku::Problem& p : problems) {
        OrderedJson item = {{"kind", sudoku::ProblemKindId(p.kind)},
                            {"message", p.message},
                            {"cells", CellsJson(g, p.cells)}};
        if (p.unit >= 0) item["unit"] = g.unitName(p.unit);
        if (p.digit > 0) item["digit"] = p.digit;
        list.push_back(std::move(item));
    }
    return list;
}

OrderedJson StepJson(const Geometry& g, const sudoku::Step& step) {
    OrderedJson units = OrderedJson::array();
    for (int unit : step.units)
        units.push_back(g.unitName(unit));
    return {{"technique", sudoku::TechniqueId(step.technique)},
            {"name", sudoku::TechniqueName(step.technique)},
            {"explanation", step.explanation},
            {"placements", CellDigitsJson(g, step.placements)},
            {"eliminations", CellDigitsJson(g, step.eliminations)},
            {"cells", CellsJson(g, step.cells)},
            {"proof", CellDigitsJson(g, step.proof)},
            {"units", std::move(units)}};
}

OrderedJson PuzzleJson(const InputPuzzle& input, PuzzleStatus status,
                       const sudoku::Verdict& verdict) {
    const Board& board = input.parsed.board;
    OrderedJson out = {{"input", input.origin()},
                       {"format", sudoku::TextFormatName(input.parsed.format)},
                       {"size", board.size()}};
    AddVariantJson(board.geometry(), out);
    out["puzzle"] = board.toLine();
    out["status"] = PuzzleStatusName(status);
    out["problems"] = ProblemsJson(board.geometry(), verdict.problems);
    return out;
}

void AddVariantJson(const sudoku::Geometry& g, OrderedJson& out) {
    out["variant"] = sudoku::VariantName(g.variant());
    if (!g.hasBoxes()) out["regions"] = g.regionMap();
}

std::string ProblemLine(const OrderedJson& answer) {
    std::string line = answer["status"].get<std::string>() + ":";
    for (const OrderedJson& p : answer["problems"])
        line.append(" ").append(p["message"].get<std::string>());
    return line;
}

OrderedJson MalformedJson(const InputPuzzle& input) {
    const sudoku::TextError& error = input.parsed.error;
    OrderedJson out = {{"input", input.origin()}, {"line", input.line}};
    if (error.column > 0) out["column"] = error.column;
    out["status"] = PuzzleStatusName(PuzzleStatus::Invalid);
    out["message"] = input.errorMessage();
    out["problems"] = OrderedJson::array(
        {{{"kind", "malformed"}, {"message", error.message}, {"cells", OrderedJson::array()}}});
    return out;
}

OrderedJson SolveJson(const InputPuzzle& input, bool withSteps) {
    const CheckedPuzzle checked = Check(input);
    OrderedJson out = PuzzleJson(input, checked.status, checked.verdict);
    if (checked.verdict.solution) out["solution"] = checked.verdict.solution->toLine();
    if (withSteps && checked.status == PuzzleStatus::Solved) {
        const sudoku::LogicalResult logic = sudoku::LogicalSolver().solve(checked.grid);
        OrderedJson steps = OrderedJson::array();
        for (const sudoku::Step& step : logic.steps)
            steps.push_back(StepJson(checked.grid.geometry(), step));
        out["steps"] = std::move(steps);
        out["solvedByLogic"] = logic.solved;
    }
    return out;
}

OrderedJson GradeJson(const InputPuzzle& input) {
    const CheckedPuzzle checked = Check(input);
    OrderedJson out = PuzzleJson(input, checked.status, checked.verdict);
    if (checked.status != PuzzleStatus::Solved) return out;
    const sudoku::Grade grade = sudoku::GradePuzzle(checked.grid);
    out["level"] = sudoku::DifficultyName(grade.level);
    out["score"] = grade.score;
    out["hardest"] =
        grade.hardest ? OrderedJson(sudoku::TechniqueId(*grade.hardest)) : OrderedJson(nullptr);
    out["steps"] = grade.steps;
    out["needsGuessing"] = grade.needsGuessing;
    return out;
}

OrderedJson NextStepJson(const CandidateGrid& grid, const Board& solution) {
    if (grid.isSolved()) return {{"hint", "complete"}};
    if (auto step = sudoku::LogicalSolver().nextStep(grid))
        return {{"hint", "step"}, {"step", StepJson(grid.geometry(), *step)}};
    const int cell = GuessCell(grid);
    const int digit = solution.value(cell);
    return {{"hint", "guess"},
            {"cell", CellJson(grid.geometry(), cell)},
            {"digit", digit},
            {"explanation", fmt::format("No technique applies; guess {} in {} (one of its {} "
                                        "candidates, and the right one).",
                                        Geometry::DigitChar(digit), grid.geometry().cellName(cell),
                                        sudoku::CountDigits(grid.candidates(cell)))}};
}

OrderedJson HintJson(const InputPuzzle& input) {
    const CheckedPuzzle checked = Check(input);
    OrderedJson out = PuzzleJson(input, checked.status, checked.verdict);
    if (checked.status != PuzzleStatus::Solved) return out;
    const OrderedJson next = NextStepJson(checked.grid, *checked.verdict.solution);
    for (const auto& item : next.items())
        out[item.key()] = item.value();
    return out;
}

OrderedJson GeneratedJson(const sudoku::GeneratedPuzzle& p) {
    OrderedJson out;
    out["puzzle"] = p.puzzle.toLine();
    out["solution"] = p.solution.toLine();
    out["size"] = p.puzzle.size();
    AddVariantJson(p.puzzle.geometry(), out);
    out["clues"] = p.puzzle.filledCount();
    out["minimal"] = p.minimal;
    if (p.grade) {
        out["level"] = sudoku::DifficultyName(p.grade->level);
        out["score"] = p.grade->score;
        out["hardest"] = p.grade->hardest ? OrderedJson(sudoku::TechniqueId(*p.grade->hardest))
                                          : OrderedJson(nullptr);
    }
    return out;
}

}  // namespace sudokucam
