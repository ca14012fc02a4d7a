#!/usr/bin/python3
"""Joins two trained networks (train.py's .pt files, same width) into one ONNX graph that the
C++ engine loads as a single model file:

  /usr/bin/python3 models/ensemble.py FIRST.pt SECOND.pt [--width 16] [--out models/digits.onnx]

Outputs: "logits", the mean of both networks' logits (what the classifier's answer is), and
"first", the first network's logits alone. vision/classifying/CnnClassifier asks every cell for "first" and
only the cells that network is unsure of for "logits": OpenCV's dnn computes a requested output
from the layers before it in the graph, and the first network's layers come first, so a sure
cell costs one network, not two. Also writes digits_reference.yml.gz beside the output, with
the mean logits."""

import argparse
import os

import torch
from torch import nn

import cells
import train

HERE = os.path.dirname(os.path.abspath(__file__))


class Pair(nn.Module):
    def __init__(self, first, second):
        super().__init__()
        self.first, self.second = first, second

    def forward(self, x):
        a = self.first(x)
        return (a + self.second(x)) * 0.5, a


class MeanOnly(nn.Module):
    """The reference outputs are of the mean: train.write_reference expects one output."""

    def __init__(self, pair):
        super().__init__()
        self.pair = pair

    def forward(self, x):
        return self.pair(x)[0]


def load(path, width):
    model = train.make_model(width)
    model.load_state_dict(torch.load(path))
    return model.eval()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("first")
    ap.add_argument("second")
    ap.add_argument("--width", type=int, default=16)
    ap.add_argument("--photos", default="/work/shared/datasets/wichtounet-train")
    ap.add_argument("--out", default=os.path.join(HERE, "digits.onnx"))
    args = ap.parse_args()
    pair = Pair(load(args.first, args.width), load(args.second, args.width)).eval()
    dummy = torch.zeros(1, 1, cells.INPUT_SIZE, cells.INPUT_SIZE)
    torch.onnx.export(pair, dummy, args.out, opset_version=11, do_constant_folding=True,
                      input_names=["cells"], output_names=["logits", "first"])
    train.write_reference(MeanOnly(pair),
                          os.path.join(os.path.dirname(args.out), "digits_reference.yml.gz"),
                          args.photos)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
