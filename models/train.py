#!/usr/bin/python3
"""Trains the digit CNN on models/build/dataset.npz and exports models/digits.onnx plus the
PyTorch reference outputs the C++ test compares against (models/digits_reference.yml.gz).

  /usr/bin/python3 models/train.py [--width 8] [--epochs 6] [--threads 1]

CPU only, fixed seeds. The committed model pairs two width-16 networks trained here (8 epochs
each, on two data sets), joined by ensemble.py; the commands are in models/README.md."""

import argparse
import os
import time

import cv2
import numpy as np
import torch
from torch import nn

import cells

HERE = os.path.dirname(os.path.abspath(__file__))


def make_model(width=16):
    def block(cin, cout):
        return [nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(),
                nn.MaxPool2d(2)]

    c1, c2, c3 = width, 2 * width, 4 * width
    return nn.Sequential(*block(1, c1), *block(c1, c2), *block(c2, c3),  # 28 -> 14 -> 7 -> 3
                         nn.Flatten(), nn.Dropout(0.2), nn.Linear(c3 * 3 * 3, 8 * width), nn.ReLU(),
                         nn.Dropout(0.2), nn.Linear(8 * width, cells.NUM_CLASSES))


def shift_batch(x, gen):
    """Random shifts of up to 2 px: cheap extra variety on top of the fixed data set."""
    dx, dy = torch.randint(-2, 3, (2,), generator=gen).tolist()
    return torch.roll(x, shifts=(dy, dx), dims=(2, 3))


def train(model, x, y, w, epochs, batch, log, max_lr=3e-3, seed=1):
    gen = torch.Generator().manual_seed(6 + seed)  # 7 for the default seed
    opt = torch.optim.AdamW(model.parameters(), lr=max_lr, weight_decay=1e-4)
    steps = epochs * ((len(x) + batch - 1) // batch)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=max_lr, total_steps=steps)
    lossf = nn.CrossEntropyLoss(reduction="none")
    for ep in range(epochs):
        model.train()
        perm = torch.randperm(len(x), generator=gen)
        t0, total, n = time.time(), 0.0, 0
        for i in range(0, len(x), batch):
            idx = perm[i:i + batch]
            xb = shift_batch(x[idx], gen) if ep < epochs - 1 else x[idx]
            loss = (lossf(model(xb), y[idx]) * w[idx]).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += loss.item() * len(idx)
            n += len(idx)
        log(f"epoch {ep + 1}/{epochs}: loss {total / n:.4f} ({time.time() - t0:.0f} s)")


def predict(model, x):
    model.eval()
    with torch.no_grad():
        return torch.cat([model(x[i:i + 512]) for i in range(0, len(x), 512)]).argmax(1)


def report_validation(pred, y, real):
    """Accuracy overall, on real and synthetic cells, and per class: where the errors are."""
    ok = pred == y
    print(f"validation accuracy {ok.float().mean().item():.4f} (real "
          f"{ok[real == 1].float().mean().item():.4f}, synthetic "
          f"{ok[real == 0].float().mean().item():.4f})")
    for c in range(cells.NUM_CLASSES):
        m = y == c
        if m.any():
            wrong = torch.bincount(pred[m & ~ok], minlength=cells.NUM_CLASSES)
            top = [f"{i}:{int(wrong[i])}" for i in wrong.argsort(descending=True)[:3].tolist()
                   if wrong[i] > 0]
            print(f"  class {c:2d}: {ok[m].float().mean().item():.3f} of {int(m.sum())}"
                  f" wrong as {' '.join(top)}")


def export(model, path):
    model.eval()
    dummy = torch.zeros(1, 1, cells.INPUT_SIZE, cells.INPUT_SIZE)
    torch.onnx.export(model, dummy, path, opset_version=11, do_constant_folding=True,
                      input_names=["cells"], output_names=["logits"])


def write_reference(model, path, data_dir):
    """A few real cells (raw 40x40 pixels), their preprocessed input and PyTorch's logits."""
    outlines = cells.read_outlines(data_dir)
    name = "image1.jpg"
    p = os.path.join(data_dir, "printed", name)
    warped = cells.warp_grid(cells.load_raw_gray(p), cells.photo_corners(data_dir, name, outlines))
    picked = [c for c in cells.cells_of(warped)][:12]
    raw = np.vstack(picked)
    inp = np.stack([cells.preprocess(c) for c in picked])[:, None]
    model.eval()
    with torch.no_grad():
        logits = model(torch.from_numpy(inp)).numpy()
    fs = cv2.FileStorage(path, cv2.FILE_STORAGE_WRITE)
    fs.write("cells", raw)  # 12 cells stacked vertically: (12*40) x 40 uint8
    fs.write("inputs", inp.reshape(len(picked), -1))  # 12 x 784 float
    fs.write("logits", logits)  # 12 x NUM_CLASSES float
    fs.release()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default=os.path.join(HERE, "build", "dataset.npz"))
    ap.add_argument("--photos", default="/work/shared/datasets/wichtounet-train")
    ap.add_argument("--epochs", type=int, default=6)
    ap.add_argument("--batch", type=int, default=128)
    # One thread: on a shared 2-core machine two threads were 5x slower than one.
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--width", type=int, default=8, help="channels of the first convolution")
    ap.add_argument("--out", default=os.path.join(HERE, "digits.onnx"))
    ap.add_argument("--init", help="start from these weights (a .pt of the same width) and "
                    "fine-tune, rather than from random ones")
    ap.add_argument("--max-lr", type=float, default=3e-3, help="peak of the one-cycle schedule")
    ap.add_argument("--seed", type=int, default=1, help="seeds the weights and the batch order")
    args = ap.parse_args()
    torch.manual_seed(args.seed)
    np.random.seed(args.seed)
    torch.set_num_threads(args.threads)

    d = np.load(args.data)
    x = torch.from_numpy(d["x"][:, None])
    y = torch.from_numpy(d["y"])
    # Real cells count double: they are what the program will see.
    w = torch.from_numpy(np.where(d["real"] == 1, 2.0, 1.0).astype(np.float32))
    # 3% of the samples watch for over-fitting; the held-out photos are not in the data at all.
    perm = torch.randperm(len(x), generator=torch.Generator().manual_seed(3))
    nval = len(x) * 3 // 100
    val, tr = perm[:nval], perm[nval:]
    print(f"{len(tr)} training, {nval} validation samples")

    model = make_model(args.width)
    if args.init:
        model.load_state_dict(torch.load(args.init))
    print(f"{sum(p.numel() for p in model.parameters())} parameters")
    train(model, x[tr], y[tr], w[tr], args.epochs, args.batch, print, args.max_lr, args.seed)
    export(model, args.out)  # first: a mistake in the report below must not lose the training
    torch.save(model.state_dict(), os.path.splitext(args.out)[0] + ".pt")
    report_validation(predict(model, x[val]), y[val], torch.from_numpy(d["real"])[val])
    write_reference(model, os.path.join(os.path.dirname(args.out), "digits_reference.yml.gz"),
                    args.photos)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
