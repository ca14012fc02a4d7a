// Solves and grades the puzzle given as one argument with the installed solver library alone.
// Prints "<solution> <difficulty>"; exits 1 for text that is not a puzzle with one solution.
#include <cstdio>
#include <string>

#include "solver/Backtracking.h"
#include "solver/Grader.h"
#include "solver/TextFormat.h"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: solve_puzzle PUZZLE\n");
        return 2;
    }
    const sudoku::ParsedPuzzle parsed = sudoku::ParsePuzzle(argv[1]);
    if (!parsed.ok()) {
        std::fprintf(stderr, "%s\n", parsed.error.describe().c_str());
        return 1;
    }
    const sudoku::SolveResult result = sudoku::CountSolutions(parsed.board, 2);
    if (result.count != 1) {
        std::fprintf(stderr, "%d solutions\n", result.count);
        return 1;
    }
    const sudoku::Grade grade = sudoku::GradePuzzle(parsed.board);
    const std::string solution = sudoku::FormatPuzzle(result.solution, sudoku::TextFormat::Line);
    const std::string level(sudoku::DifficultyName(grade.level));
    std::printf("%s %s\n", solution.c_str(), level.c_str());
    return 0;
}
