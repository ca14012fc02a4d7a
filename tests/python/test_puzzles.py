"""sudokucam.solve, hint, grade and generate: puzzle strings in, the command line's answers out
(its --json fields where they are structured), its messages as exceptions."""

import pytest

import sudokucam

# From tests/data/corpus.txt: one solution, several, none.
UNIQUE = "4.......3.5.2.1.4...9...6...9..7..2....6.5....1..4..3...8...1...3.5.2.7.2.......5"
UNIQUE_SOLUTION = "487956213356281749129437658895173426743625981612849537578394162931562874264718395"
MULTIPLE = "8.........95.......76.........8924.7...453..2...671......716945...924738...538216"
NO_SOLUTION = "6.......3.5.2.1.4...9...6...9..7..2....6.5....1..4..3...8...1...3.5.2.7.2.......5"
# Two 4s in row 1.
INVALID = "44......3.5.2.1.4...9...6...9..7..2....6.5....1..4..3...8...1...3.5.2.7.2.......5"


def grid(line):
    """A one-line 9x9 puzzle as nine lines of nine."""
    return "\n".join(line[row * 9:row * 9 + 9] for row in range(9)) + "\n"


def test_solve_gives_the_solution_line(program):
    assert sudokucam.solve(UNIQUE) == UNIQUE_SOLUTION
    assert program.run("solve", UNIQUE, "--line").stdout.strip() == UNIQUE_SOLUTION
    assert sudokucam.solve(grid(UNIQUE)) == UNIQUE_SOLUTION
    assert sudokucam.solve(grid(UNIQUE), format="grid") == UNIQUE_SOLUTION
    assert sudokucam.solve(UNIQUE.replace(".", "0")) == UNIQUE_SOLUTION


def test_details_and_steps_are_solve_json(program):
    for puzzle in (UNIQUE, MULTIPLE, NO_SOLUTION, INVALID):
        assert sudokucam.solve(puzzle, details=True) == program.json("solve", puzzle)
    steps = sudokucam.solve(UNIQUE, steps=True)
    assert steps == program.json("solve", UNIQUE, "--steps")
    assert steps["steps"] and steps["steps"][0]["explanation"]
    # The keys in the command's order, not sorted.
    assert list(steps)[:7] == [
        "input", "format", "size", "variant", "puzzle", "status", "problems"]


def test_a_puzzle_without_one_solution_raises_solve_s_line(program):
    for puzzle, status in ((MULTIPLE, "multiple"), (NO_SOLUTION, "no-solution"),
                           (INVALID, "invalid")):
        with pytest.raises(ValueError) as error:
            sudokucam.solve(puzzle)
        assert str(error.value).startswith(status + ": ")
        assert str(error.value) == program.run("solve", puzzle).stdout.strip()
    with pytest.raises(ValueError, match="Row 1 has two 4s"):
        sudokucam.solve(INVALID)


def test_hint_and_grade_are_their_json(program):
    for puzzle in (UNIQUE, MULTIPLE, INVALID, UNIQUE_SOLUTION):
        assert sudokucam.hint(puzzle) == program.json("hint", puzzle)
        assert sudokucam.grade(puzzle) == program.json("grade", puzzle)
    assert sudokucam.hint(UNIQUE)["hint"] == "step"
    assert sudokucam.hint(UNIQUE_SOLUTION)["hint"] == "complete"
    assert sudokucam.grade(UNIQUE)["level"] in ("easy", "medium", "hard", "expert", "extreme")
    assert "level" not in sudokucam.grade(MULTIPLE)


def test_text_that_is_no_puzzle_raises_the_command_line_message(program):
    for text in ("12x", UNIQUE[:80] + "Q", "not a sudoku", grid(UNIQUE)[:-12] + "\n"):
        message = program.error("solve", text)
        assert message.startswith("sudokucam: ")
        for function in (sudokucam.solve, sudokucam.hint, sudokucam.grade):
            with pytest.raises(ValueError) as error:
                function(text)
            assert str(error.value) == message.removeprefix("sudokucam: ")
    with pytest.raises(ValueError, match=r"line 1, column 81: 'Q'"):
        sudokucam.solve(UNIQUE[:80] + "Q")
    # The command line reads standard input for an empty argument; here it is no puzzle.
    with pytest.raises(ValueError, match="'' is neither a file nor a puzzle"):
        sudokucam.solve("")


def test_a_list_or_a_bad_format_is_refused():
    with pytest.raises(ValueError, match="holds 2 puzzles, one a line"):
        sudokucam.solve(UNIQUE + "\n" + MULTIPLE + "\n")
    with pytest.raises(ValueError, match="format 'csv' is not auto, line, grid"):
        sudokucam.solve(UNIQUE, format="csv")
    with pytest.raises(TypeError):
        sudokucam.solve(42)


def test_text_naming_a_file_is_not_read(tmp_path):
    file = tmp_path / "puzzle.txt"
    file.write_text(UNIQUE + "\n")
    with pytest.raises(ValueError, match="is neither a file nor a puzzle"):
        sudokucam.solve(str(file))


def test_generate_gives_the_command_s_puzzles(program):
    for seed in (1, 7, 2**63 + 5):
        assert sudokucam.generate(seed) == program.run("generate", "--seed", seed).stdout.strip()
        assert sudokucam.generate(seed, details=True) == program.json("generate", "--seed", seed)
    options = {"difficulty": "hard", "symmetry": "rotate180", "size": 9}
    assert sudokucam.generate(3, **options) == program.run(
        "generate", "--seed", 3, "--difficulty", "hard", "--symmetry", "rotate180").stdout.strip()
    small = sudokucam.generate(5, size=4, minimal=True, details=True)
    assert small == program.json("generate", "--seed", 5, "--size", 4, "--minimal")
    assert small["size"] == 4 and small["minimal"]


def test_variants_are_generated_and_solved_as_the_command_does(program):
    jigsaw = sudokucam.generate(4, variant="jigsaw", size=7)
    assert jigsaw == program.run("generate", "--seed", 4, "--variant", "jigsaw", "--size", 7).stdout.strip()
    cells, regions = jigsaw.split()
    answer = sudokucam.solve(jigsaw, details=True)
    assert answer["status"] == "solved" and answer["variant"] == "jigsaw"
    assert answer["regions"] == regions and answer["puzzle"] == cells
    x = sudokucam.generate(2, variant="x")
    assert x.endswith(" diagonals") and sudokucam.grade(x)["status"] == "solved"
    with pytest.raises(ValueError, match="region A has 6 cells, not 5"):
        sudokucam.generate(1, variant="jigsaw", regions="AABBBAACBBDACCCDDDCEDEEEA")


def test_generated_puzzles_are_solved_uniquely():
    for seed in range(1, 11):
        puzzle = sudokucam.generate(seed)
        assert len(puzzle) == 81
        solution = sudokucam.solve(puzzle)
        assert all(p in (".", s) for p, s in zip(puzzle, solution))
        assert sudokucam.solve(puzzle, details=True)["status"] == "solved"
        assert sudokucam.grade(puzzle)["status"] == "solved"
    # Without a seed each call differs.
    assert sudokucam.generate() != sudokucam.generate()


def test_generate_refuses_bad_options_with_the_command_s_messages(program):
    with pytest.raises(ValueError, match="the seed must not be negative"):
        sudokucam.generate(-1)
    with pytest.raises(OverflowError):
        sudokucam.generate(2**64)
    with pytest.raises(TypeError):
        sudokucam.generate("7")
    with pytest.raises(ValueError,
                       match="difficulty 'hardest' is not any, easy, medium, hard, expert or "
                             "extreme"):
        sudokucam.generate(1, difficulty="hardest")
    with pytest.raises(ValueError, match="symmetry 'spiral' is not none"):
        sudokucam.generate(1, symmetry="spiral")
    with pytest.raises(ValueError) as error:
        sudokucam.generate(1, size=7)
    assert "sudokucam: " + str(error.value) == program.error("generate", "--size", 7)
    with pytest.raises(RuntimeError) as error:
        sudokucam.generate(1, difficulty="extreme", max_attempts=1)
    assert "sudokucam generate: " + str(error.value) == program.error(
        "generate", "--seed", 1, "--difficulty", "extreme", "--max-attempts", 1)
