"""What the tests of the Python module share: where the sources, the photos and the built
program are, and the program run as the tests compare the module with it.

CTest (tests/CMakeLists.txt) sets PYTHONPATH to the built module, SUDOKUCAM_EXE to the built
program and SUDOKU_SHARED_DIR to ../shared; run by hand, the release build's are used."""

import json
import os
import pathlib
import subprocess

import pytest

SOURCE_DIR = pathlib.Path(__file__).resolve().parents[2]
SHARED_DIR = pathlib.Path(os.environ.get("SUDOKU_SHARED_DIR", SOURCE_DIR.parent / "shared"))
# The training photos the C++ tests read (tests/TrainingPhotos.h).
DATASET = SHARED_DIR / "datasets" / "wichtounet-train"
SAMPLE = SOURCE_DIR / "samples" / "newspaper.jpg"
PROGRAM = pathlib.Path(
    os.environ.get("SUDOKUCAM_EXE", SOURCE_DIR / "build" / "release" / "app" / "sudokucam"))


def held_out_photos(count):
    """The first `count` held-out training photos (models/holdout.txt), or a skip without them."""
    names = (SOURCE_DIR / "models" / "holdout.txt").read_text().split()[:count]
    photos = [DATASET / "printed" / name for name in names]
    if not all(photo.is_file() for photo in photos):
        pytest.skip(f"the training photos are not in {DATASET}")
    return photos


class Program:
    """The built sudokucam, run as a person runs it."""

    def run(self, *args, stdin=None):
        if not PROGRAM.is_file():
            pytest.skip(f"no built program at {PROGRAM} (set SUDOKUCAM_EXE)")
        return subprocess.run([str(PROGRAM), *map(str, args)], input=stdin, capture_output=True,
                              text=True, check=False)

    def json(self, *args):
        """The --json output of a command: one object, or one per line."""
        out = self.run(*args, "--json").stdout
        try:
            return json.loads(out)
        except json.JSONDecodeError:
            return [json.loads(line) for line in out.splitlines()]

    def error(self, *args):
        """What a failing command prints on standard error, on one line."""
        result = self.run(*args)
        assert result.returncode != 0, result.stdout
        return result.stderr.strip()


@pytest.fixture(name="program", scope="session")
def program_fixture():
    return Program()
