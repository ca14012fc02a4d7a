#!/usr/bin/python3
"""Scores models/digits.onnx, run by OpenCV's dnn module exactly as vision/classifying/CnnClassifier runs
it, on the held-out photos (models/holdout.txt), warped with the outlines.csv corners.

  /usr/bin/python3 models/evaluate.py [--model models/digits.onnx] [--save-warped DIR]

Prints printed digits right, empties kept, digits invented in empty cells, hand-written right,
printed vs hand-written told apart, and the time per batch of 81 cells. The hand-written digits
are also counted by how like the training photos' glyphs they are: the filled-in photos were made
by pasting digits from one collection, and many held-out glyphs are near copies of training ones,
so the cells unlike any of them are the better guess at a new photo's hand-writing."""

import argparse
import os
import time

import cv2
import numpy as np

import cells
import make_dataset

HERE = os.path.dirname(os.path.abspath(__file__))


def run(net, x):
    net.setInput(x.reshape(-1, 1, cells.INPUT_SIZE, cells.INPUT_SIZE))
    out = net.forward("logits")  # a pair of networks also has "first"
    return out


def classify(net, warped):
    x = np.stack([cells.preprocess(c) for c in cells.cells_of(warped)])
    logits = run(net, x)
    logits[:, 10:17] = -np.inf  # a 9x9 grid has no letters
    return [cells.digit_of(int(k)) for k in logits.argmax(1)]


# Normalised correlation of glyphs scaled into the same box: at or above NEAR_COPY a held-out
# glyph is the same pasted digit as a training one (checked by eye: same strokes, other photo);
# below UNLIKE its digit has no glyph like it among the training photos'.
NEAR_COPY = 0.95
UNLIKE = 0.85


def glyph_vector(glyph):
    """The glyph scaled into a 20-pixel box, centred, softened and normalised: a dot product of
    two is their correlation, whatever their size and ink level."""
    side = 20
    h, w = glyph.shape
    k = side / max(h, w)
    g = cv2.resize(glyph, (max(1, round(w * k)), max(1, round(h * k))), interpolation=cv2.INTER_AREA)
    box = np.zeros((side + 4, side + 4), np.float32)
    y, x = (box.shape[0] - g.shape[0]) // 2, (box.shape[1] - g.shape[1]) // 2
    box[y:y + g.shape[0], x:x + g.shape[1]] = g
    v = cv2.GaussianBlur(box, (3, 3), 0).ravel()
    v -= v.mean()
    return v / (np.linalg.norm(v) + 1e-9)


class TrainingGlyphs:
    """The hand-written glyphs of the training photos, to tell how new a held-out glyph is."""

    def __init__(self, data_dir):
        train, _ = cells.split_names(data_dir)
        glyphs = make_dataset.real_hand_glyphs(data_dir, train)
        self.vectors = {d: np.stack([glyph_vector(g) for g in glyphs[d]]) for d in glyphs}

    def likeness(self, cell, digit):
        """Best correlation with a training glyph of the same digit; -1 when no glyph is cut."""
        glyph = make_dataset.glyph_of_cell(cell)
        if glyph is None:
            return -1.0
        return float((self.vectors[digit] @ glyph_vector(glyph)).max())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default="/work/shared/datasets/wichtounet-train")
    ap.add_argument("--model", default=os.path.join(HERE, "digits.onnx"))
    ap.add_argument("--save-warped", help="write the straightened printed grids here (PNG)")
    args = ap.parse_args()
    net = cv2.dnn.readNetFromONNX(args.model)
    outlines = cells.read_outlines(args.data)
    names = [n.strip() for n in open(os.path.join(HERE, "holdout.txt")) if n.strip()]
    s = dict(printed=0, printed_right=0, empty=0, empty_kept=0, invented=0, hand=0, hand_right=0,
             kind_right=0)
    errors = []
    times = []
    known = TrainingGlyphs(args.data)
    by_likeness = {f"unlike every training glyph (below {UNLIKE}, or none cut)": [0, 0],
                   f"like one ({UNLIKE} to {NEAR_COPY})": [0, 0],
                   f"a near copy of one ({NEAR_COPY} and above)": [0, 0]}
    likeness_kinds = list(by_likeness)
    for name in names:
        if name not in outlines:
            continue
        pp = os.path.join(args.data, "printed", name)
        mp = os.path.join(args.data, "mixed", name)
        corners = cells.photo_corners(args.data, name, outlines)
        truth = cells.read_dat(pp[:-4] + ".dat").ravel()
        hand = cells.read_dat(mp[:-4] + ".dat").ravel()
        warped = cells.warp_grid(cells.load_raw_gray(pp), corners)
        if args.save_warped:
            os.makedirs(args.save_warped, exist_ok=True)
            cv2.imwrite(os.path.join(args.save_warped, name[:-4] + ".png"), warped)
        t0 = time.perf_counter()
        onp = classify(net, warped)
        times.append(time.perf_counter() - t0)
        mixed = cells.warp_grid(cells.load_raw_gray(mp), corners)
        onm = classify(net, mixed)
        mixed_cells = cells.cells_of(mixed)
        for i in range(81):
            (pd, ph), (md, mh) = onp[i], onm[i]
            if truth[i]:
                s["printed"] += 1
                s["printed_right"] += pd == truth[i]
                s["kind_right"] += pd == truth[i] and not ph
                if pd != truth[i] or ph:
                    errors.append(f"{name} r{i // 9 + 1}c{i % 9 + 1}: printed {truth[i]} read {pd}{'h' if ph else ''}")
            else:
                s["empty"] += 1
                s["empty_kept"] += pd == 0
                s["invented"] += pd != 0
                if pd:
                    errors.append(f"{name} r{i // 9 + 1}c{i % 9 + 1}: empty read {pd}")
                s["hand"] += 1
                s["hand_right"] += md == hand[i]
                like = known.likeness(mixed_cells[i], int(hand[i]))
                kind = likeness_kinds[(like >= UNLIKE) + (like >= NEAR_COPY)]
                by_likeness[kind][0] += md == hand[i]
                by_likeness[kind][1] += 1
                s["kind_right"] += md == hand[i] and mh
                if md != hand[i] or not mh:
                    errors.append(f"{name} r{i // 9 + 1}c{i % 9 + 1}: hand {hand[i]} read {md}{'h' if mh else 'p'}")
    print(f"{len(names)} held-out photos")
    print(f"printed digits right: {s['printed_right']}/{s['printed']}")
    print(f"empty cells kept empty: {s['empty_kept']}/{s['empty']} (digits invented: {s['invented']})")
    print(f"hand-written right: {s['hand_right']}/{s['hand']}")
    for kind, (right, total) in by_likeness.items():
        print(f"  glyph {kind}: {right}/{total}")
    print(f"printed vs hand-written told apart (digit right too): {s['kind_right']}/{s['printed'] + s['hand']}")
    print(f"preprocess + dnn per 81 cells (python): {1000 * np.median(times):.2f} ms median")
    for e in sorted(errors, key=lambda e: "hand" in e)[:40]:
        print("  " + e)


if __name__ == "__main__":
    main()
