#!/usr/bin/env python3
"""Kill/resume cycles of `sudokucam batch`: how many kills it survives with nothing lost.

Makes a folder of real photos (shared wichtounet printed photos and samples/) plus broken files,
then repeats: start `sudokucam batch IN -o OUT` (alternately --jobs 1 and 2), SIGKILL it after a
seeded random delay spread over a whole run, and start it again; when a run ends by itself the
round is checked and a new round starts on an empty OUT. Random delays almost never land in the
short moments a write takes, so with strace installed every other kill is aimed: strace kills the
program as it enters its Nth rename() (a copy written to its temporary file, not yet renamed) or
its Nth write() to results.jsonl (a copy renamed, its line not yet written). Each round's check: every image logged
exactly once, every line of results.jsonl whole JSON, no temporary file left, every annotated
copy present and complete (its format's end marker present).

    bench/kill_resume.py build/release/app/sudokucam --kills 200 --seed 1

prints the totals:
    kills survived: 200 (rounds: ...)
    images lost: 0, duplicates: 0, torn lines: 0, temporary files left: 0, broken copies: 0
    kills that left a temporary file or a torn line: ...; a copy without its line: ...
"""

import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PRINTED = ROOT.parent / "shared" / "datasets" / "wichtounet-train" / "printed"
TEMP_SUFFIX = ".sudokucam-tmp"


def make_folder(folder: Path, photos: int) -> set:
    """Real photos, a few in sub-folders, one without an extension, plus broken files."""
    images = set()
    sources = sorted(PRINTED.glob("*.jpg"))[:photos] + [
        ROOT / "samples" / n for n in ("newspaper.jpg", "rendered.jpg", "live-frame.jpg")]
    for k, source in enumerate(sources):
        name = f"sub/{source.name}" if k % 3 == 1 else source.name
        if k == 2:
            name = "no-extension"
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, folder / name)
        images.add(name)
    whole = sources[0].read_bytes()
    (folder / "broken").mkdir()
    (folder / "broken" / "half.jpg").write_bytes(whole[: len(whole) // 2])
    (folder / "broken" / "corrupt.jpg").write_bytes(b"\xff\xd8\xff\xe0 no JPEG stream")
    (folder / "broken" / "notes.jpg").write_text("shopping list\n")
    images |= {"broken/half.jpg", "broken/corrupt.jpg"}
    return images


def start(exe: str, folder: Path, out: Path, jobs: int, aim: str = "") -> subprocess.Popen:
    """The batch, under strace when `aim` is "rename:N" or "log:N" (killed at that call)."""
    command = [exe, "batch", str(folder), "-o", str(out), "--jobs", str(jobs)]
    if aim:
        call, nth = aim.split(":")
        kill = f"error=EIO:signal=SIGKILL:when={nth}"
        trace = (["-e", "trace=rename,renameat,renameat2",
                  "-e", f"inject=rename,renameat,renameat2:{kill}"] if call == "rename" else
                 ["-P", str((out / "results.jsonl").resolve()), "-e", "trace=write",
                  "-e", f"inject=write:{kill}"])
        command = ["strace", "-f", "-qq", "-o", "/dev/null"] + trace + command
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def mid_write(out: Path) -> bool:
    """What a kill left: a temporary file, or a log not ending with a newline."""
    if any(p.name.endswith(TEMP_SUFFIX) for p in out.rglob("*")):
        return True
    log = out / "results.jsonl"
    data = log.read_bytes() if log.exists() else b""
    return bool(data) and not data.endswith(b"\n")


def copies_without_line(out: Path) -> int:
    log = out / "results.jsonl"
    logged = set()
    for line in (log.read_text(errors="replace").splitlines() if log.exists() else []):
        try:
            logged.add(json.loads(line).get("output"))
        except ValueError:
            pass
    return sum(1 for p in out.rglob("*") if p.is_file() and p.name != "results.jsonl"
               and not p.name.endswith(TEMP_SUFFIX)
               and p.relative_to(out).as_posix() not in logged)


def complete_copy(path: Path) -> bool:
    data = path.read_bytes() if path.is_file() else b""
    if data.startswith(b"\xff\xd8"):
        return data.rstrip(b"\x00").endswith(b"\xff\xd9")
    if data.startswith(b"\x89PNG"):
        return data[-8:-4] == b"IEND"
    return False


def check_round(out: Path, images: set, totals: dict) -> None:
    seen = []
    for line in (out / "results.jsonl").read_text(errors="replace").splitlines():
        try:
            entry = json.loads(line)
            seen.append(entry["file"])
        except (ValueError, KeyError, TypeError):
            totals["torn lines"] += 1
            continue
        if entry.get("status") != "error" and not complete_copy(out / entry.get("output", "?")):
            totals["broken copies"] += 1
    totals["images lost"] += len(images - set(seen))
    totals["duplicates"] += len(seen) - len(set(seen))
    totals["temporary files left"] += sum(1 for p in out.rglob("*")
                                          if p.name.endswith(TEMP_SUFFIX))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("sudokucam", help="the built sudokucam program")
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--photos", type=int, default=13, help="shared printed photos used")
    args = parser.parse_args()
    random.seed(args.seed)
    work = Path(tempfile.mkdtemp(prefix="sudokucam_kill_resume_"))
    images = make_folder(work / "in", args.photos)

    # The delays are spread over one whole uninterrupted run.
    began = time.monotonic()
    start(args.sudokucam, work / "in", work / "timing", 1).wait()
    whole_run = time.monotonic() - began

    totals = dict.fromkeys(["images lost", "duplicates", "torn lines", "temporary files left",
                            "broken copies"], 0)
    kills = rounds = left_mid_write = orphans = 0
    aimed = shutil.which("strace") is not None
    out = work / "out0"
    while kills < args.kills:
        out.mkdir(exist_ok=True)
        aim = random.choice(["rename", "log"]) + f":{random.randint(1, 3)}" \
            if aimed and kills % 2 else ""
        run = start(args.sudokucam, work / "in", out, 1 + kills % 2, aim)
        try:
            run.wait(timeout=None if aim else random.uniform(0, whole_run))
        except subprocess.TimeoutExpired:
            run.send_signal(signal.SIGKILL)
            run.wait()
        if run.returncode in (-signal.SIGKILL, 128 + signal.SIGKILL):
            kills += 1
            left_mid_write += mid_write(out)
            orphans += copies_without_line(out) > 0
            continue
        if run.returncode not in (0, 1):
            print(f"run ended with exit code {run.returncode}", file=sys.stderr)
            return 1
        check_round(out, images, totals)
        rounds += 1
        out = work / f"out{rounds}"
    # The last round run to its end.
    if start(args.sudokucam, work / "in", out, 2).wait() not in (0, 1):
        print("the last run failed", file=sys.stderr)
        return 1
    check_round(out, images, totals)
    rounds += 1

    print(f"kills survived: {kills} (rounds: {rounds}, {len(images)} images each, delays "
          f"0-{whole_run:.1f} s, seed {args.seed})")
    print(", ".join(f"{k}: {v}" for k, v in totals.items()))
    print(f"kills that left a temporary file or a torn line: {left_mid_write}; a copy without "
          f"its line: {orphans} (repaired by the next run; strace-aimed kills: "
          f"{'every other' if aimed else 'none, no strace'})")
    shutil.rmtree(work)
    return 0 if not any(totals.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
