#!/usr/bin/env python3
"""The held-out photos as an old phone would have taken them, with their ground truth.

13 of the 40 photos of the set's test split are blurry, low-contrast 1600x1200 shots from old
phones (../shared/READING-NOTES.md); the training folder has none: most of its photos are
640x480 and sharp. This writes the held-out fifth (models/holdout.txt) again, printed/ and
mixed/ with their `.dat` files, each photo scaled to 1600 pixels on its longer side, out of
focus by SIGMA pixels (at that size), its contrast flattened by CONTRAST about the middle gray
and saved as a JPEG of quality QUALITY:

    /usr/bin/python3 bench/old_phone_probes.py /tmp/old/s2 --sigma 2 --contrast 0.7
    build/release/app/sudokucam eval /tmp/old/s2/printed --threads 1
    build/release/app/sudokucam eval /tmp/old/s2/mixed --mixed --threads 1

Photos are read with their EXIF orientation ignored and written without it, so their pixels
keep the frame their ground truth is in. Only for measuring: nothing here is trained on.
"""

import argparse
import os
import shutil

import cv2
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


def spoil(photo, long_side, sigma, contrast):
    h, w = photo.shape[:2]
    scale = long_side / max(h, w)
    out = cv2.resize(photo, (round(w * scale), round(h * scale)), interpolation=cv2.INTER_CUBIC)
    out = out.astype(np.float32)
    if sigma > 0:
        out = cv2.GaussianBlur(out, (0, 0), sigma)
    out = 128 + (out - 128) * contrast
    return np.clip(out, 0, 255).astype(np.uint8)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--data", default=os.path.join(HERE, "..", "..", "shared", "datasets",
                                                       "wichtounet-train"))
    parser.add_argument("--list", default=os.path.join(HERE, "..", "models", "holdout.txt"))
    parser.add_argument("--long-side", type=int, default=1600)
    parser.add_argument("--sigma", type=float, default=2.0, help="blur, pixels at --long-side")
    parser.add_argument("--contrast", type=float, default=0.7)
    parser.add_argument("--quality", type=int, default=80)
    args = parser.parse_args()
    names = [line.strip() for line in open(args.list) if line.strip()]
    for folder in ("printed", "mixed"):
        os.makedirs(os.path.join(args.out, folder), exist_ok=True)
        for name in names:
            source = os.path.join(args.data, folder, name)
            if not os.path.exists(source):
                continue
            photo = cv2.imread(source, cv2.IMREAD_COLOR | cv2.IMREAD_IGNORE_ORIENTATION)
            spoilt = spoil(photo, args.long_side, args.sigma, args.contrast)
            cv2.imwrite(os.path.join(args.out, folder, name), spoilt,
                        [cv2.IMWRITE_JPEG_QUALITY, args.quality])
            shutil.copy(source[:-4] + ".dat", os.path.join(args.out, folder))
    print(f"wrote {args.out}/printed and {args.out}/mixed")


if __name__ == "__main__":
    main()
