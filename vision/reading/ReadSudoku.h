#pragma once
// Reading a Sudoku from a photo in one call: the one header an embedder includes.
//
//   sudoku::Reading r = sudoku::ReadSudoku(cv::imread("photo.jpg"));
//   if (r.status == sudoku::ReadStatus::Solved) use(r.givens, r.solution, r.corners);
//
// Stages: decode (EXIF orientation applied) -> find the grid -> straighten it cell by cell ->
// turn it upright by its digits -> classify every cell -> repair the reading with the solver.
// The result is a value; failures are a status and a message, never an exception. Only a bad
// argument at the edge (an image of an unsupported type) throws std::invalid_argument.

#include <array>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <opencv2/core.hpp>

#include "solver/Board.h"
#include "vision/classifying/CellClassifier.h"
#include "vision/reading/InputLimits.h"

namespace sudoku {

enum class ReadStatus {
    Solved,      // a grid was read and its puzzle has exactly one solution
    NoSolution,  // a grid was read but its digits break the rules or allow no solution
    Multiple,    // a grid was read but its digits allow more than one solution
    Uncertain,   // a grid was found but its lines could not be fitted surely (its digits may sit
                 // a cell off), or its cells read as hand-writing all disagree with the solution
                 // (they may be printed digits misread): the digits are given as read and never
                 // solved or checked
    NotFound,    // no grid in the photo
    Error,       // the photo could not be decoded or the engine could not be loaded
};

// "solved", "no-solution", "multiple", "uncertain", "not-found", "error".
std::string_view ReadStatusId(ReadStatus status);

enum class Engine { Cnn, Tesseract };
std::string_view EngineId(Engine engine);

class ReaderOptions {
public:
    // The digit classifier (default: Engine::Cnn).
    Engine engine = Engine::Cnn;
    // The CNN model file (default: empty, models/digits.onnx from the source tree or the
    // installed data directory).
    std::filesystem::path modelPath;
    // A ready classifier to use instead of loading one for `engine` (default: none).
    std::shared_ptr<const CellClassifier> classifier;
    // Cells per side of the grid looked for (default: 9).
    int size = 9;
    // The kind of puzzle: classic boxes, a jigsaw whose regions are read from the thick lines
    // inside the grid (any size 4 to 16, 13 included), or an X Sudoku with its diagonals
    // (default: Variant::Classic).
    Variant variant = Variant::Classic;
    // Find which way up the grid is from its digits, in 90 degree steps (default: true).
    bool tryRotations = true;
    // Readings checked with the solver when the first one is not a valid puzzle; 0 turns the
    // repair off (default: 2000).
    int maxRepairEffort = 2000;
    // Cells read with a lower probability are reported uncertain (default: kConfidentGuess, 0.9).
    float uncertainBelow = kConfidentGuess;
    // Largest file and pixel count read from an encoded photo, checked before reading and
    // decoding it (default: 100 MB, 250 megapixels; see InputLimits).
    InputLimits limits;
};

struct StageMillis {
    double decode = 0;
    double detect = 0;  // finding the grid, refining its lines, straightening it
    double read = 0;    // orientation and digit classification
    double solve = 0;   // the solver check and the repair search
};

struct Reading {
    ReadStatus status = ReadStatus::Error;
    std::string message;  // why, when the status is not Solved
    // The board's corners in the photo as displayed (EXIF applied): top-left, top-right,
    // bottom-right, bottom-left of the board with its digits upright. Set unless NotFound/Error.
    std::array<cv::Point2f, 4> corners{};
    // The (size+1)^2 intersections of the grid's lines in the photo, upright and row-major:
    // point r*(size+1)+c is where line r meets column line c. A curved page bends them, so the
    // overlay warps its glyphs cell by cell on them. Set with the corners.
    std::vector<cv::Point2f> lattice;
    int size = 0;                // cells per side, 0 when no grid was found
    Board givens;                // printed digits, upright
    Board handwritten;           // hand-written digits, upright
    Board solution;              // the full solution when Solved, else empty
    std::vector<int> uncertain;  // cells read with low confidence or beside a doubtful border
    std::vector<int> changed;    // cells the repair changed from the classifier's first choice
    // The check of the hand-written digits against the solution, set when Solved (row-major
    // indices; an entry in neither list is right). A mistake is an entry read with confidence as
    // another digit than the solution's; an unsure entry was read too doubtfully to say whether
    // the person wrote the solution's digit, and its digit in `handwritten` is only the likeliest
    // (once the solution is known), not a verdict.
    std::vector<int> mistakes;
    std::vector<int> unsure;
    // Cells of a grid the photo's edge cuts through, and cells something over the grid covers
    // (a finger) whose reading there passed for hand-writing, not read (row-major, upright): empty
    // in `givens`. A solution is still given when the digits in view allow only one (the message
    // says so); it is then the puzzle's, since the hidden clues agree with it.
    std::vector<int> cutOff;
    // The kind of puzzle read (ReaderOptions::variant). The boards' geometry has its regions: a
    // jigsaw's as read from the grid's thick lines, upright.
    Variant variant = Variant::Classic;
    // Why a jigsaw's region borders read make no valid region map (empty when they do): the
    // status is then NoSolution, nothing is solved, the boards hold the digits as read on rows
    // and columns alone (Geometry(1, size): no regions claimed), and `uncertain` has the cells
    // beside the borders read doubtfully too.
    std::string regionProblem;
    StageMillis millis;

    bool found() const { return status != ReadStatus::NotFound && status != ReadStatus::Error; }
    // The givens and the hand-written digits on one board, each with its origin (Given,
    // Entered): the grid as the person left it.
    Board combined() const;
};

// Reads a photo already in memory: 8-bit (or 16-bit) gray, BGR or BGRA, at least 64x64.
// Throws std::invalid_argument for an empty photo, one under 64x64, another type (float, 2
// channels...), or options.size without rectangular boxes (a jigsaw: outside 4 to 16): the
// caller chose these.
Reading ReadSudoku(const cv::Mat& photo, const ReaderOptions& options = {});
// Decodes a JPEG/PNG/... (honouring its EXIF orientation) and reads it; a large JPEG is decoded
// reduced, and again with more pixels only when its grid is found small or nothing is solved
// (CloserLook.h). Status Error, with a message, for bytes above options.limits (checked on the
// header before decoding), an undecodable or unsupported file, or an image under 64x64.
Reading ReadSudoku(std::span<const std::uint8_t> encoded, const ReaderOptions& options = {});
// The same for a file; its size is checked against options.limits before it is read.
Reading ReadSudokuFile(const std::filesystem::path& path, const ReaderOptions& options = {});

// Every grid of a photo (a newspaper page prints two or three), each read as ReadSudoku reads
// its one: first the reading ReadSudoku gives, then the others, best found first (also those only
// the masks for shadows and faint lines find, when read as solved). A printed solution (every
// cell printed) is no puzzle and is not among them. A photo with no grid, or one that cannot be
// read, gives one reading that says so (NotFound, Error).
std::vector<Reading> ReadSudokus(const cv::Mat& photo, const ReaderOptions& options = {});
std::vector<Reading> ReadSudokus(std::span<const std::uint8_t> encoded,
                                 const ReaderOptions& options = {});
std::vector<Reading> ReadSudokusFile(const std::filesystem::path& path,
                                     const ReaderOptions& options = {});

}  // namespace sudoku
