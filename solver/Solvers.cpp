#include "solver/Solvers.h"

#include <array>

#include "solver/Backtracking.h"
#include "solver/FastSolver9.h"

namespace sudoku {

int SolveGeneric9(const char* puzzle81, int limit, char* solution81, std::uint64_t* guesses) {
    Board puzzle(Geometry(3, 3));
    for (int cell = 0; cell < 81; ++cell) {
        const char c = puzzle81[cell];
        if (c >= '1' && c <= '9') puzzle.set(cell, c - '0');
    }
    const SolveResult result = CountSolutionsGeneric(puzzle, limit);
    if (result.count > 0 && solution81)
        for (int cell = 0; cell < 81; ++cell)
            solution81[cell] = static_cast<char>('0' + result.solution.value(cell));
    if (guesses) *guesses = result.guesses;
    return result.count;
}

int SolveGenericBoard(const Board& puzzle, int limit, Board* solution, std::uint64_t* guesses) {
    SolveResult result = CountSolutionsGeneric(puzzle, limit);
    if (result.count > 0 && solution) *solution = std::move(result.solution);
    if (guesses) *guesses = result.guesses;
    return result.count;
}

BoardSolveFunction FindBoardSolver(std::string_view name) {
    if (name == "generic") return &SolveGenericBoard;
    if (name == "logical") return &SolveLogicalBoard;
    return nullptr;
}

namespace {

// Append new solvers here (name, one-line description, function).
const std::array kSolvers = {
    SolverInfo{"fast", "bitboard backtracker, one 27-bit mask per digit and band (FastSolver9)",
               &SolveFast9},
    SolverInfo{"fast_baseline",
               "the fast solver's x86-64 baseline code, which `fast` leaves for its AVX2 copy "
               "where the CPU has AVX2",
               &SolveFast9Baseline},
    SolverInfo{"generic", "any-size backtracker on 9x9: cell masks, singles, locked candidates",
               &SolveGeneric9},
    SolverInfo{"logical", "human-style techniques with recorded steps (grading), then backtracking",
               &SolveLogical9},
};

}  // namespace

std::span<const SolverInfo> AllSolvers() {
    return kSolvers;
}

const SolverInfo* FindSolver(std::string_view name) {
    for (const SolverInfo& solver : kSolvers)
        if (solver.name == name) return &solver;
    return nullptr;
}

}  // namespace sudoku
