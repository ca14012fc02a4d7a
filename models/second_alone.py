#!/usr/bin/python3
"""Writes the second network of a pair (ensemble.py's digits.onnx) as a model of its own:

  /usr/bin/python3 models/second_alone.py [models/digits.onnx] [--out models/digits-second.onnx]

OpenCV's dnn computes a requested output from every layer before it in the graph, and the
first network's layers come first in the pair: asking the pair for the second network's
logits costs both networks. vision/classifying/CnnClassifier reads every cell with the first
network, then only the cells it is unsure of with this file, and averages the two as the pair's
"logits" output does. The weights are the pair's, copied: nothing is trained. Output: "second",
N x 26 logits for the input "cells", N x 1 x 28 x 28."""

import argparse
import os

import onnx
from onnx import helper

HERE = os.path.dirname(os.path.abspath(__file__))


def second_alone(pair):
    graph = pair.graph
    nodes = []
    for node in graph.node:
        if node.name.startswith("/second/"):
            nodes.append(onnx.NodeProto())
            nodes[-1].CopyFrom(node)
    if not nodes:
        raise SystemExit("no /second/ network in this model: is it a pair (ensemble.py)?")
    nodes[-1].output[0] = "second"
    used = {name for node in nodes for name in node.input}
    weights = [w for w in graph.initializer if w.name in used]
    first = next(o for o in graph.output if o.name == "first")
    output = onnx.ValueInfoProto()
    output.CopyFrom(first)
    output.name = "second"
    alone = helper.make_graph(nodes, "second", [graph.input[0]], [output], weights)
    model = helper.make_model(alone, opset_imports=pair.opset_import,
                              producer_name="sudokucam models/second_alone.py")
    model.ir_version = pair.ir_version
    onnx.checker.check_model(model)
    return model


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pair", nargs="?", default=os.path.join(HERE, "digits.onnx"))
    parser.add_argument("--out", default=None)
    args = parser.parse_args()
    out = args.out or os.path.splitext(args.pair)[0] + "-second.onnx"
    onnx.save(second_alone(onnx.load(args.pair)), out)
    print("wrote", out)


if __name__ == "__main__":
    main()
