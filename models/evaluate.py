#!/usr/bin/python3
"""Scores models/digits.onnx, run by OpenCV's dnn module exactly as vision/classifying/CnnClassifier runs
it, on the held-out photos (models/holdout.txt), warped with the outlines.csv corners.

  /usr/bin/python3 models/evaluate.py [--model models/digits.onnx] [--save-warped DIR]

Prints printed digits right, empties kept, digits invented in empty cells, hand-written right,
printed vs hand-written told apart, and the time per batch of 81 cells."""

import argparse
import os
import time

import cv2
import numpy as np

import cells

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
    for name in names:
        if name not in outlines:
            continue
        pp = os.path.join(args.data, "printed", name)
        mp = os.path.join(args.data, "mixed", name)
        corners = cells.raw_corners(pp, outlines[name])
        truth = cells.read_dat(pp[:-4] + ".dat").ravel()
        hand = cells.read_dat(mp[:-4] + ".dat").ravel()
        warped = cells.warp_grid(cells.load_raw_gray(pp), corners)
        if args.save_warped:
            os.makedirs(args.save_warped, exist_ok=True)
            cv2.imwrite(os.path.join(args.save_warped, name[:-4] + ".png"), warped)
        t0 = time.perf_counter()
        onp = classify(net, warped)
        times.append(time.perf_counter() - t0)
        onm = classify(net, cells.warp_grid(cells.load_raw_gray(mp), corners))
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
                s["kind_right"] += md == hand[i] and mh
                if md != hand[i] or not mh:
                    errors.append(f"{name} r{i // 9 + 1}c{i % 9 + 1}: hand {hand[i]} read {md}{'h' if mh else 'p'}")
    print(f"{len(names)} held-out photos")
    print(f"printed digits right: {s['printed_right']}/{s['printed']}")
    print(f"empty cells kept empty: {s['empty_kept']}/{s['empty']} (digits invented: {s['invented']})")
    print(f"hand-written right: {s['hand_right']}/{s['hand']}")
    print(f"printed vs hand-written told apart (digit right too): {s['kind_right']}/{s['printed'] + s['hand']}")
    print(f"preprocess + dnn per 81 cells (python): {1000 * np.median(times):.2f} ms median")
    for e in sorted(errors, key=lambda e: "hand" in e)[:40]:
        print("  " + e)


if __name__ == "__main__":
    main()
