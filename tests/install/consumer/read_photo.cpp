// Reads a photo with the installed library in one call and checks its solution with the solver.
// Prints "<status> <givens> <solution>" (81 characters each, '.' for an empty cell).
#include <cstdio>
#include <string>

#include "solver/Backtracking.h"
#include "solver/TextFormat.h"
#include "vision/drawing/Overlay.h"
#include "vision/reading/ReadSudoku.h"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: read_photo PHOTO\n");
        return 2;
    }
    const sudoku::Reading reading = sudoku::ReadSudokuFile(argv[1]);
    if (reading.status != sudoku::ReadStatus::Solved) {
        std::fprintf(stderr, "not solved: %s\n", reading.message.c_str());
        return 1;
    }
    if (!sudoku::IsSolutionOf(reading.givens, reading.solution)) {
        std::fprintf(stderr, "the reading's solution does not solve its givens\n");
        return 1;
    }
    const std::string status(sudoku::ReadStatusId(reading.status));
    const std::string givens = sudoku::FormatPuzzle(reading.givens, sudoku::TextFormat::Line);
    const std::string solution = sudoku::FormatPuzzle(reading.solution, sudoku::TextFormat::Line);
    std::printf("%s %s %s\n", status.c_str(), givens.c_str(), solution.c_str());
    return 0;
}
