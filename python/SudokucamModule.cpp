// The Python module `sudokucam`: its functions, their keywords and their documentation. The work
// is done by PhotoCalls (read, decode_image) and PuzzleCalls (solve, hint, grade, generate).

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include "app/GenerateRequest.h"
#include "python/PhotoCalls.h"
#include "python/PuzzleCalls.h"
#include "vision/reading/InputLimits.h"

namespace py = pybind11;
using namespace py::literals;

namespace {

constexpr const char* kModuleDoc =
    R"doc(Read a Sudoku from a photo and solve it: sudokucam's reader and solver.

    import sudokucam
    reading = sudokucam.read("photo.jpg")    # a path, encoded bytes or a numpy image
    if reading["status"] == "solved":
        print(reading["givens"], reading["solution"])
    sudokucam.solve(puzzle)                  # 81 characters, '.' or '0' for empty cells

The answers are those of the command line, from the same code: read() returns the
fields of `sudokucam read --json`; hint() and grade() those of `hint --json` and
`grade --json`; solve() and generate() give puzzle strings, or with details=True
the --json fields. Errors are exceptions with the command line's messages:
FileNotFoundError (and other OSErrors) for a file that cannot be opened, ValueError
for a photo or a puzzle that cannot be read and for a bad keyword, RuntimeError when
the digit engine cannot be loaded or no puzzle is generated in time.

read() and decode_image() release the GIL while they work, so threads read photos
in parallel; so do solve, hint, grade and generate while they search.)doc";

constexpr const char* kReadDoc =
    R"doc(Read the Sudoku of a photo: the fields of `sudokucam read --json`.

photo: a file path (str or os.PathLike); the encoded photo as bytes (JPEG, PNG, TIFF,
    WebP, BMP, PNM: checked against the limits from its header before it is decoded,
    EXIF orientation applied); or the pixels as a numpy array of uint8 (or uint16):
    HxW gray, HxWx3 BGR (as OpenCV's cv2 gives it, not RGB), HxWx4 BGRA or HxWx1.
engine: the digit classifier, "cnn" or "tesseract" (the command's --engine).
model: the CNN's model file (--model); None: models/digits.onnx, found as the
    program finds it ($SUDOKUCAM_MODELS, the source tree, the installed data folder).
size: cells per side of the grid: 4, 6, 8, 9, 12 or 16, and 13 for a jigsaw (--size).
variant: "classic", "jigsaw" (the regions read from the thick lines inside the grid; the
    dict gains "regions") or "x" (the diagonals are units too) (--variant).
max_megapixels, max_file_mb: refuse a photo whose header declares more pixels, or a
    file or buffer of more MB (--max-megapixels, --max-file-mb).
all: read every grid of the photo (--all) and return a list of dicts, best found
    first; a photo without a grid gives a list of one "not-found" reading.
name: the "file" field; None: the path as given, "bytes" or "array".

Returns a dict: file, status ("solved", "no-solution", "multiple", "uncertain" (the grid's
lines could not be fitted surely: its digits as read, never solved), "not-found"),
message (when the status is not "solved"), corners ([x, y] of the board's top-left,
top-right, bottom-right and bottom-left with its digits upright, in the photo as
displayed), size, givens and handwritten (one-line boards, '.' empty), solution,
uncertain, changed, mistakes, unsure and cut_off (row-major cell indices) and millis
per stage. No grid or no solution is a status, not an exception.

Raises FileNotFoundError, IsADirectoryError, PermissionError or OSError for a file
that cannot be opened; ValueError for a photo that cannot be decoded (damaged,
unsupported, above the limits, under 64x64 pixels), an array of another dtype or
shape, or a bad keyword; RuntimeError when the engine cannot be loaded; TypeError
for another type of photo. The messages are those `sudokucam read` prints.)doc";

constexpr const char* kDecodeDoc =
    R"doc(The photo as the reader sees it: an HxWx3 uint8 numpy array, BGR, EXIF orientation applied.

photo: a file path (str or os.PathLike) or the encoded photo as bytes, within the
    same limits as read(). Raises as read() does. read(decode_image(p)) reads the
    same grid as read(p) (a large JPEG is read from a reduced decode by read(p),
    so corners may differ by a pixel or so).)doc";

constexpr const char* kSolveDoc = R"doc(Solve a puzzle: its solution in the one-line form.

puzzle: the puzzle as text in any form the command line reads: one line ('.' or '0'
    empty; 81 characters for 9x9, also 4x4 to 25x25), a grid of lines (with or
    without | - +), the bracket form, SadMan .sdk or a pencil-mark grid.
format: "auto", "line", "grid", "bracket", "sdk" or "pencil" (the command's --format).
steps: also the human-style steps that solve it; implies details.
details: return the `solve --json` dict instead (input, format, size, puzzle, status,
    problems, solution when solved, and with steps: steps and solvedByLogic), whatever
    the status.

Raises ValueError for text that is no puzzle (the command line's message, e.g.
"'12x' is neither a file nor a puzzle (line 1: ...)") and, without details, for a
puzzle without exactly one solution, with solve's text line: "invalid: Row 3 has two
5s: r3c2 and r3c7." The text is never taken as a file name.)doc";

constexpr const char* kHintDoc = R"doc(The next step of human-style solving: the `hint --json` dict.

puzzle, format: as solve(). Returns input, format, size, puzzle, status ("solved"
when the puzzle has exactly one solution, else "no-solution", "multiple" or
"invalid") and problems; when solvable also hint: "step" (with step: technique, name,
explanation, placements, eliminations, cells, proof, units), "guess" (cell, digit,
explanation) or "complete". Raises ValueError for text that is no puzzle.)doc";

constexpr const char* kGradeDoc = R"doc(The difficulty of a puzzle: the `grade --json` dict.

puzzle, format: as solve(). Returns input, format, size, puzzle, status, problems and,
when the puzzle has exactly one solution, level ("easy", "medium", "hard", "expert",
"extreme"), score, hardest (a technique id, or None), steps and needsGuessing. Raises
ValueError for text that is no puzzle.)doc";

constexpr const char* kGenerateDoc =
    R"doc(Generate a puzzle with exactly one solution: its one-line form.

seed: the random stream's seed (a non-negative int): generate(7) is the puzzle of
    `sudokucam generate --seed 7`; None: a random one, different on every call.
size: 4, 6, 8, 9, 12, 16 or 25 (a jigsaw: any from 4 to 25).
variant: "classic", "jigsaw" (irregular regions: the puzzle line is followed by its
    region map, one letter a cell) or "x" (the diagonals are units too: followed by
    " diagonals"), as `sudokucam generate --variant` prints them.
regions: a jigsaw's layout, one letter a cell (it sets the size); None: random.
difficulty: "any", "easy", "medium", "hard", "expert" or "extreme".
symmetry: "none", "rotate180", "rotate90", "mirror" or "diagonal".
minimal: only a puzzle from which no clue can be removed without losing uniqueness.
max_attempts: full grids to try before giving up.
time_limit: seconds to try before giving up, 0 for no limit.
details: return the `generate --json` dict instead (puzzle, solution, size, variant,
    regions for a jigsaw, clues, minimal, level, score, hardest); the puzzle is graded then.

Raises ValueError for a bad option and RuntimeError (generate's message) when no
puzzle is found within the attempts or the time.)doc";

}  // namespace

PYBIND11_MODULE(sudokucam, m) {
    m.doc() = kModuleDoc;
    m.attr("__version__") = SUDOKUCAM_VERSION;

    const sudoku::InputLimits limits;  // the reader's defaults
    const double defaultMegapixels = static_cast<double>(limits.maxPixels) / 1e6;
    const double defaultFileMb = static_cast<double>(limits.maxFileBytes) / 1e6;
    const sudokucam::python::ReadKeywords read;
    m.def(
        "read",
        [](const py::object& photo, const std::string& engine,
           const std::optional<std::filesystem::path>& model, int size, const std::string& variant,
           double maxMegapixels, double maxFileMb, bool all,
           const std::optional<std::string>& name) {
            return sudokucam::python::Read(
                photo, {engine, model, size, variant, maxMegapixels, maxFileMb, all, name});
        },
        kReadDoc, "photo"_a, py::kw_only(), "engine"_a = read.engine, "model"_a = py::none(),
        "size"_a = read.size, "variant"_a = read.variant, "max_megapixels"_a = defaultMegapixels,
        "max_file_mb"_a = defaultFileMb, "all"_a = false, "name"_a = py::none());
    m.def("decode_image", &sudokucam::python::DecodeImage, kDecodeDoc, "photo"_a, py::kw_only(),
          "max_megapixels"_a = defaultMegapixels, "max_file_mb"_a = defaultFileMb);

    m.def("solve", &sudokucam::python::Solve, kSolveDoc, "puzzle"_a, py::kw_only(),
          "format"_a = "auto", "steps"_a = false, "details"_a = false);
    m.def("hint", &sudokucam::python::Hint, kHintDoc, "puzzle"_a, py::kw_only(),
          "format"_a = "auto");
    m.def("grade", &sudokucam::python::Grade, kGradeDoc, "puzzle"_a, py::kw_only(),
          "format"_a = "auto");

    const sudokucam::GenerateRequest generate;
    m.def(
        "generate",
        [](const py::object& seed, int size, const std::string& variant,
           const std::optional<std::string>& regions, const std::string& difficulty,
           const std::string& symmetry, bool minimal, int maxAttempts, double timeLimit,
           bool details) {
            sudokucam::GenerateRequest request;
            request.size = size;
            request.variant = variant;
            request.regions = regions.value_or("");
            request.difficulty = difficulty;
            request.symmetry = symmetry;
            request.minimal = minimal;
            request.maxAttempts = maxAttempts;
            request.timeLimitSeconds = timeLimit;
            return sudokucam::python::Generate(seed, request, details);
        },
        kGenerateDoc, "seed"_a = py::none(), py::kw_only(), "size"_a = generate.size,
        "variant"_a = generate.variant, "regions"_a = py::none(),
        "difficulty"_a = generate.difficulty, "symmetry"_a = generate.symmetry,
        "minimal"_a = generate.minimal, "max_attempts"_a = generate.maxAttempts,
        "time_limit"_a = generate.timeLimitSeconds, "details"_a = false);
}
