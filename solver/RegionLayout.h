#pragma once
// Random jigsaw layouts: a partition of an n x n grid into n connected regions of n cells each,
// for the generator's jigsaw puzzles.

#include <random>
#include <vector>

namespace sudoku {

// A random valid region map (row-major, regions 0..n-1 numbered in reading order of their first
// cell), for sizes 4 to 25. It starts from the boxes (or, for a size without boxes, the rows) and
// trades cells between neighbouring regions, keeping every region connected and of n cells. The
// same generator state gives the same layout everywhere. A layout may still admit no filled
// grid: the generator then draws another.
std::vector<int> RandomRegionLayout(int size, std::mt19937_64& rng);

}  // namespace sudoku
