#include "python/PuzzleCalls.h"

#include "app/PuzzleInput.h"
#include "app/PuzzleJson.h"
#include "python/JsonToPython.h"
#include "solver/Generator.h"
#include "solver/TextFormat.h"

namespace sudokucam::python {
namespace {

namespace py = pybind11;

// The one puzzle of the text, read as `sudokucam solve TEXT` reads its argument. Raises
// ValueError with the command line's message when it is no puzzle, or a list of several.
InputPuzzle OnePuzzle(const std::string& text, const std::string& formatName) {
    const auto format = sudoku::TextFormatFromName(formatName);
    if (!format)
        throw py::value_error(std::string("format '")
                                  .append(formatName)
                                  .append("' is not auto, line, grid, bracket, sdk or pencil"));
    PuzzleInput input = ReadPuzzleText(text, *format);
    if (!input.error.empty()) throw py::value_error(input.error);
    if (input.puzzles.size() != 1)
        throw py::value_error(std::string("the argument holds ")
                                  .append(std::to_string(input.puzzles.size()))
                                  .append(" puzzles, one a line: pass them one at a time"));
    if (!input.puzzles.front().parsed.ok())
        throw py::value_error(input.puzzles.front().errorMessage());
    return std::move(input.puzzles.front());
}

template <class Answer>
OrderedJson Released(const Answer& answer) {
    const py::gil_scoped_release release;
    return answer();
}

}  // namespace

py::object Solve(const std::string& puzzle, const std::string& format, bool steps, bool details) {
    const InputPuzzle input = OnePuzzle(puzzle, format);
    const OrderedJson out = Released([&] { return SolveJson(input, steps); });
    if (details || steps) return ToPython(out);
    if (!out.contains("solution")) throw py::value_error(ProblemLine(out));
    return ToPython(out["solution"]);
}

py::object Hint(const std::string& puzzle, const std::string& format) {
    const InputPuzzle input = OnePuzzle(puzzle, format);
    return ToPython(Released([&] { return HintJson(input); }));
}

py::object Grade(const std::string& puzzle, const std::string& format) {
    const InputPuzzle input = OnePuzzle(puzzle, format);
    return ToPython(Released([&] { return GradeJson(input); }));
}

py::object Generate(const py::object& seed, GenerateRequest request, bool details) {
    if (!seed.is_none()) {
        if (!py::isinstance<py::int_>(seed) || py::isinstance<py::bool_>(seed))
            throw py::type_error("the seed must be an int or None");
        if (seed < py::int_(0)) throw py::value_error("the seed must not be negative");
        const unsigned long long value = PyLong_AsUnsignedLongLong(seed.ptr());  // OverflowError
        if (PyErr_Occurred() != nullptr) throw py::error_already_set();
        request.seed = value;
    }
    request.grade = details;  // the one-line form has no room for the grade: skip its cost
    const sudoku::GeneratorOptions options = ToGeneratorOptions(request);
    std::string line;
    const OrderedJson out = Released([&] {
        // Throws std::invalid_argument (a bad size or attempt count: ValueError) or
        // std::runtime_error (no puzzle within the attempts or the time: RuntimeError).
        const sudoku::GeneratedPuzzle generated = sudoku::Generate(options);
        line = sudoku::FormatPuzzle(generated.puzzle, sudoku::TextFormat::Line);
        return GeneratedJson(generated);
    });
    // The line as `generate` prints it: a jigsaw's map, an X's "diagonals" after the cells.
    return details ? ToPython(out) : py::str(line);
}

}  // namespace sudokucam::python
