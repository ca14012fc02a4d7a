"""sudokucam.read and sudokucam.decode_image: the fields of `sudokucam read --json` for a photo
given as a path, as bytes or as a numpy array, and the command line's messages as exceptions."""

import os
import pathlib
import threading

import numpy as np
import pytest

import sudokucam
from conftest import DATASET, SAMPLE, held_out_photos


def without_millis(reading):
    """A reading without its timings, the one field that differs between two runs."""
    return {key: value for key, value in reading.items() if key != "millis"}


def same_grid(a, b, pixels=3.0):
    """Two readings of the same grid: the same digits and answer, corners within `pixels`.
    Which cells are `uncertain` (a confidence near the threshold) may differ between a photo read
    from a reduced decode and from all its pixels."""
    for key in ("status", "size", "givens", "handwritten", "solution", "changed", "mistakes",
                "unsure", "cut_off"):
        assert a[key] == b[key], key
    assert np.allclose(a["corners"], b["corners"], atol=pixels), (a["corners"], b["corners"])


@pytest.fixture(name="photos", scope="module")
def photos_fixture():
    return [SAMPLE, *held_out_photos(4)]


def test_a_path_gives_the_fields_of_read_json(program, photos):
    for photo in photos:
        reading = sudokucam.read(str(photo))
        assert without_millis(reading) == without_millis(program.json("read", photo))
        assert set(reading["millis"]) == {"decode", "detect", "read", "solve"}


def test_the_sample_is_solved():
    reading = sudokucam.read(SAMPLE)
    assert reading["status"] == "solved"
    assert reading["file"] == str(SAMPLE)
    assert len(reading["givens"]) == 81 and len(reading["solution"]) == 81
    assert sudokucam.solve(reading["givens"]) == reading["solution"]


def test_a_pathlike_and_bytes_read_as_the_path(photos):
    for photo in photos:
        by_path = sudokucam.read(str(photo))
        by_pathlike = sudokucam.read(pathlib.Path(photo))
        assert without_millis(by_pathlike) == without_millis(by_path)
        data = photo.read_bytes()
        by_bytes = sudokucam.read(data)
        assert by_bytes["file"] == "bytes"
        assert without_millis(by_bytes) == without_millis(by_path) | {"file": "bytes"}
        assert without_millis(sudokucam.read(bytearray(data), name="x.jpg")) == \
            without_millis(by_path) | {"file": "x.jpg"}
        assert without_millis(sudokucam.read(memoryview(data))) == without_millis(by_bytes)


def test_a_numpy_array_reads_the_same_grid(photos):
    for photo in photos:
        by_path = sudokucam.read(photo)
        bgr = sudokucam.decode_image(photo)
        assert bgr.dtype == np.uint8 and bgr.ndim == 3 and bgr.shape[2] == 3
        # A large JPEG is read from a reduced decode by path, from every pixel as an array.
        by_array = sudokucam.read(bgr)
        assert by_array["file"] == "array"
        same_grid(by_array, by_path)
        gray = np.rint(bgr @ np.array([0.114, 0.587, 0.299])).astype(np.uint8)
        same_grid(sudokucam.read(gray), by_path)
        same_grid(sudokucam.read(gray[:, :, np.newaxis]), by_path)
        bgra = np.dstack([bgr, np.full(bgr.shape[:2], 255, np.uint8)])
        same_grid(sudokucam.read(bgra), by_path)
        same_grid(sudokucam.read(bgr.astype(np.uint16) * 257), by_path)
        # Not laid out row after row: copied, then read alike.
        same_grid(sudokucam.read(np.asfortranarray(bgr)), by_array, pixels=0)


def test_decode_image_takes_bytes_and_applies_no_conversion_twice():
    from_path = sudokucam.decode_image(SAMPLE)
    from_bytes = sudokucam.decode_image(SAMPLE.read_bytes())
    assert np.array_equal(from_path, from_bytes)
    assert from_path.shape == (1280, 960, 3)


def test_all_gives_every_grid_as_read_all_json(program):
    # image1067 also prints the solution of the day before, which is no puzzle (README, read
    # --all): one reading, the puzzle's.
    photo = DATASET / "printed" / "image1067.jpg"
    if not photo.is_file():
        pytest.skip(f"the training photos are not in {DATASET}")
    readings = sudokucam.read(photo, all=True)
    assert isinstance(readings, list) and len(readings) == 1
    assert readings[0]["givens"].startswith("5.6..4.7..2......3")
    assert [without_millis(r) for r in readings] == \
        [without_millis(r) for r in program.json("read", photo, "--all")]


def test_all_gives_each_grid_of_two_photos_side_by_side():
    left, right = (sudokucam.decode_image(photo.read_bytes()) for photo in held_out_photos(2))
    height = min(left.shape[0], right.shape[0])
    readings = sudokucam.read(np.hstack([left[:height], right[:height]]), all=True)
    assert [r["status"] for r in readings] == ["solved", "solved"]
    assert readings[0]["givens"] != readings[1]["givens"]


def test_no_grid_is_a_status_not_an_exception():
    blank = np.full((300, 400), 255, np.uint8)
    reading = sudokucam.read(blank)
    assert reading["status"] == "not-found"
    assert reading["message"] == "no Sudoku grid found in the photo"
    assert reading["corners"] == [] and reading["givens"] == ""
    assert [r["status"] for r in sudokucam.read(blank, all=True)] == ["not-found"]


def test_keywords_reach_the_reader(program):
    reading = sudokucam.read(SAMPLE, engine="tesseract")
    assert without_millis(reading) == \
        without_millis(program.json("read", SAMPLE, "--engine", "tesseract"))
    model = pathlib.Path(__file__).resolve().parents[2] / "models" / "digits.onnx"
    assert without_millis(sudokucam.read(SAMPLE, model=model)) == \
        without_millis(sudokucam.read(SAMPLE))


def test_threads_read_in_parallel_and_alike(photos):
    expected = [without_millis(sudokucam.read(photo)) for photo in photos]
    results = [None] * (2 * len(photos))

    def read(k):
        results[k] = without_millis(sudokucam.read(photos[k % len(photos)]))

    threads = [threading.Thread(target=read, args=(k,)) for k in range(len(results))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == expected * 2


# ---- errors: the command line's messages -------------------------------------------------------


def cli_message(program, *args):
    """The message of `read --json` (an error reading)."""
    reading = program.json("read", *args)
    assert reading["status"] == "error"
    return reading["message"]


def test_a_missing_file_is_file_not_found(program, tmp_path):
    missing = tmp_path / "missing.jpg"
    with pytest.raises(FileNotFoundError) as error:
        sudokucam.read(missing)
    assert str(error.value) == cli_message(program, missing)
    assert str(error.value) == f"cannot open {missing}: no such file"
    with pytest.raises(FileNotFoundError):
        sudokucam.decode_image(str(missing))


def test_a_folder_is_not_a_photo(program, tmp_path):
    with pytest.raises(IsADirectoryError) as error:
        sudokucam.read(tmp_path)
    assert str(error.value) == cli_message(program, tmp_path)


def test_garbage_bytes_are_a_value_error(program, tmp_path):
    garbage = b"this is not a photo at all" * 10
    with pytest.raises(ValueError) as error:
        sudokucam.read(garbage)
    file = tmp_path / "garbage.jpg"
    file.write_bytes(garbage)
    # The command line names the file; bytes have no name.
    assert cli_message(program, file) == f"{file}: {error.value}"
    with pytest.raises(ValueError) as from_file:
        sudokucam.read(file)
    assert str(from_file.value) == cli_message(program, file)
    with pytest.raises(ValueError):
        sudokucam.read(b"")


def test_a_truncated_jpeg_is_a_value_error(program, tmp_path):
    truncated = SAMPLE.read_bytes()[:3000]
    with pytest.raises(ValueError) as error:
        sudokucam.read(truncated)
    assert str(error.value) == "the JPEG image is cut short (it has no end-of-image marker)"
    file = tmp_path / "truncated.jpg"
    file.write_bytes(truncated)
    with pytest.raises(ValueError) as from_file:
        sudokucam.read(file)
    assert str(from_file.value) == cli_message(program, file) == f"{file}: {error.value}"
    with pytest.raises(ValueError):
        sudokucam.decode_image(truncated)


def test_the_limits_refuse_as_the_command_line(program):
    with pytest.raises(ValueError) as error:
        sudokucam.read(SAMPLE, max_megapixels=0.5)
    assert str(error.value) == cli_message(program, SAMPLE, "--max-megapixels", "0.5")
    with pytest.raises(ValueError) as error:
        sudokucam.read(SAMPLE, max_file_mb=0.01)
    assert str(error.value) == cli_message(program, SAMPLE, "--max-file-mb", "0.01")


def test_arrays_of_another_dtype_or_shape_are_refused():
    for array in (np.zeros((100, 100), np.float64), np.zeros((100, 100), np.int8),
                  np.zeros((100, 100, 2), np.uint8), np.zeros((100, 100, 5), np.uint8),
                  np.zeros(100, np.uint8), np.zeros((2, 100, 100, 3), np.uint8),
                  np.zeros((100, 100), np.dtype(">u2"))):
        with pytest.raises(ValueError) as error:
            sudokucam.read(array)
        assert str(error.value).startswith("a photo array must hold uint8 (or uint16) pixels")
        assert str(array.dtype) in str(error.value)
    with pytest.raises(ValueError) as error:
        sudokucam.read(np.zeros((10, 10), np.uint8))
    assert str(error.value) == "the photo is 10x10 pixels, smaller than the 64x64 the reader needs"
    with pytest.raises(ValueError, match="the photo is empty"):
        sudokucam.read(np.zeros((0, 100), np.uint8))


def test_other_types_and_bad_keywords_are_refused(program):
    with pytest.raises(TypeError, match="not int"):
        sudokucam.read(42)
    with pytest.raises(TypeError):
        sudokucam.decode_image(np.zeros((100, 100), np.uint8))
    with pytest.raises(ValueError, match="engine 'ocr' is not cnn or tesseract"):
        sudokucam.read(SAMPLE, engine="ocr")
    with pytest.raises(ValueError, match="size 7 is not one of 4, 6, 8, 9, 12, 16"):
        sudokucam.read(SAMPLE, size=7)
    with pytest.raises(ValueError, match="megapixel limit"):
        sudokucam.read(SAMPLE, max_megapixels=0)
    with pytest.raises(RuntimeError) as error:
        sudokucam.read(SAMPLE, model="/nonexistent/digits.onnx")
    assert str(error.value) == cli_message(program, SAMPLE, "--model", "/nonexistent/digits.onnx")


def test_every_function_is_documented():
    assert "read" in sudokucam.__doc__
    for name in ("read", "decode_image", "solve", "hint", "grade", "generate"):
        doc = getattr(sudokucam, name).__doc__
        assert doc and len(doc) > 200, name
    assert sudokucam.__version__
    assert os.path.basename(sudokucam.__file__).startswith("sudokucam.")


def test_a_jigsaw_photo_reads_as_the_command_reads_it(program, tmp_path):
    photo = tmp_path / "jigsaw.jpg"
    program.run("render", "--variant", "jigsaw", "--seed", 3, "--perspective", "-o", photo)
    reading = sudokucam.read(str(photo), variant="jigsaw")
    assert reading["variant"] == "jigsaw" and reading["status"] == "solved"
    command = program.json("read", "--variant", "jigsaw", photo)
    assert reading["regions"] == command["regions"]
    assert reading["solution"] == command["solution"]
    with pytest.raises(ValueError, match="only --variant jigsaw"):
        sudokucam.read(str(photo), size=13)
