"""Shared definitions for the digit classifier: class order, cell preprocessing, and access to the
wichtounet photos. vision/classifying/CnnClassifier.cpp implements the same preprocessing; keep them equal."""

import csv
import os
import re

import cv2
import numpy as np
from PIL import Image

CELL_PIXELS = 40  # vision/grid/WarpedGrid.h kCellPixels
INSET = 2  # pixels cut from each side of the 40-px cell before resizing
INPUT_SIZE = 28  # network input is INPUT_SIZE x INPUT_SIZE, one channel
MIN_RANGE = 48.0  # contrast stretch never divides by less than this (keeps empty cells dark)

# Class order: 0 empty, 1-16 printed digit/letter value 1-16 (A-G = 10-16), 17-25 hand-written 1-9.
NUM_PRINTED = 16
NUM_CLASSES = 1 + NUM_PRINTED + 9


def class_of(digit, handwritten):
    if digit == 0:
        return 0
    return NUM_PRINTED + digit if handwritten else digit


def digit_of(cls):
    """(digit, handwritten) for a class index."""
    if cls == 0:
        return 0, False
    if cls <= NUM_PRINTED:
        return cls, False
    return cls - NUM_PRINTED, True


def preprocess(cell):
    """40x40 uint8 gray cell (dark ink on light paper) -> INPUT_SIZE^2 float32 in [0, 1], ink = 1.

    Inset crop, area resize, then a contrast stretch: paper (the brightest pixel) maps to 0 and
    the darkest pixel to 1, but the stretch divides by at least MIN_RANGE gray levels so that
    the faint noise of an empty cell is not blown up into strokes."""
    assert cell.shape == (CELL_PIXELS, CELL_PIXELS) and cell.dtype == np.uint8
    c = cell[INSET:CELL_PIXELS - INSET, INSET:CELL_PIXELS - INSET]
    small = cv2.resize(c, (INPUT_SIZE, INPUT_SIZE), interpolation=cv2.INTER_AREA)
    f = small.astype(np.float32)
    hi, lo = float(f.max()), float(f.min())
    scale = 1.0 / max(hi - lo, MIN_RANGE)
    return np.clip((hi - f) * scale, 0.0, 1.0).astype(np.float32)


# ---- wichtounet photos ---------------------------------------------------------------------

def image_number(name):
    return int(re.search(r"(\d+)", name).group(1))


def split_names(data_dir):
    """(train, holdout): images sorted by number, every fifth (index % 5 == 4) held out."""
    names = sorted((f for f in os.listdir(os.path.join(data_dir, "printed")) if f.endswith(".jpg")),
                   key=image_number)
    holdout = [n for i, n in enumerate(names) if i % 5 == 4]
    train = [n for i, n in enumerate(names) if i % 5 != 4]
    return train, holdout


def read_outlines(data_dir):
    rows = {}
    with open(os.path.join(data_dir, "outlines.csv"), newline="") as f:  # CRLF line ends
        for r in csv.reader(f):
            if not r or r[0] == "filepath":
                continue
            rows[os.path.basename(r[0])] = np.array([float(v) for v in r[1:9]]).reshape(4, 2)
    return rows


def read_dat(path):
    with open(path) as f:
        lines = [ln.split() for ln in f.read().splitlines()[2:] if ln.strip()]
    return np.array([[int(v) for v in ln] for ln in lines[:9]], dtype=np.int32)


def order_clockwise(pts):
    """Top-left first, then clockwise (y grows downwards)."""
    c = pts.mean(axis=0)
    ang = np.arctan2(pts[:, 1] - c[1], pts[:, 0] - c[0])
    pts = pts[np.argsort(ang)]
    start = int(np.argmin(pts[:, 0] + pts[:, 1]))
    return np.roll(pts, -start, axis=0)


def raw_corners(path, corners):
    """outlines.csv gives EXIF-tagged photos in the displayed (rotated) frame while the ground
    truth follows the raw pixels: map the corners back to raw pixel coordinates."""
    im = Image.open(path)
    orientation = im.getexif().get(274, 1)
    w, h = im.size  # raw size
    x, y = corners[:, 0].copy(), corners[:, 1].copy()
    if orientation == 3:  # displayed = raw rotated 180
        x, y = w - 1 - x, h - 1 - y
    elif orientation == 6:  # displayed = raw rotated 90 clockwise
        x, y = y, h - 1 - x
    elif orientation == 8:  # displayed = raw rotated 90 counter-clockwise
        x, y = w - 1 - y, x
    elif orientation != 1:
        raise ValueError(f"{path}: unhandled EXIF orientation {orientation}")
    return order_clockwise(np.stack([x, y], axis=1))


def photo_corners(data_dir, name, outlines):
    """The outline of photo `name` in raw pixels, for its printed/ file and its mixed/ twin alike:
    the twin carries no EXIF tag but has the printed photo's raw pixels, so the tag is always
    read from printed/ (the mixed/ file's missing tag once cut glyphs from the wrong cells)."""
    return raw_corners(os.path.join(data_dir, "printed", name), outlines[name])


def load_raw_gray(path):
    return cv2.imread(path, cv2.IMREAD_GRAYSCALE | cv2.IMREAD_IGNORE_ORIENTATION)


def warp_grid(gray, corners, size=9):
    """Same warp as vision/grid/WarpedGrid.h: the quadrilateral onto a size*40 square."""
    side = size * CELL_PIXELS
    dst = np.float32([[0, 0], [side, 0], [side, side], [0, side]])
    H = cv2.getPerspectiveTransform(np.float32(corners), dst)
    return cv2.warpPerspective(gray, H, (side, side), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)


def cells_of(warped, size=9):
    p = CELL_PIXELS
    return [warped[r * p:(r + 1) * p, c * p:(c + 1) * p] for r in range(size) for c in range(size)]
