#pragma once
// The public puzzle lists of ../shared/puzzles read as boards, and the generator's puzzles, for
// the solver's tests.

#include <cstddef>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "solver/Generator.h"
#include "solver/TextFormat.h"

namespace sudoku {

// The first `count` puzzles of a list (one a line, '#' comments); a line that does not parse
// fails the test.
inline std::vector<Board> ReadPuzzleList(
    const std::string& name, std::size_t count = std::numeric_limits<std::size_t>::max()) {
    std::ifstream in(std::string(SUDOKU_SHARED_DIR) + "/puzzles/" + name);
    EXPECT_TRUE(in) << "cannot open " << name;
    std::vector<Board> boards;
    for (std::string line; boards.size() < count && std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        ParsedPuzzle parsed = ParsePuzzle(line, TextFormat::Line);
        EXPECT_TRUE(parsed.ok()) << name << ": " << parsed.error.describe();
        if (parsed.ok()) boards.push_back(parsed.board);
    }
    return boards;
}

// The first `count` puzzles the generator makes with these options (its seed included).
inline std::vector<Board> GeneratedPuzzles(const GeneratorOptions& options, int count) {
    Generator generator(options);
    std::vector<Board> boards;
    for (int i = 0; i < count; ++i)
        boards.push_back(generator.next().puzzle);
    return boards;
}

}  // namespace sudoku
