#!/usr/bin/env python3
"""Summarises a JDK Flight Recorder file's CPU samples the way docs/runners.md compares the
regrade floor with the FlinkRunner: what each sample was doing (the first frame of its stack that
names a part of the work), the self frames, the Parquet samples split into reading and writing,
and the runner's own frames (coders first).

    python3 src/test/python/jfr_profile.py FILE.jfr

Needs the JDK's `jfr` tool on the PATH.
"""
import collections
import re
import subprocess
import sys


def stacks(path):
    text = subprocess.run(
        ["jfr", "print", "--stack-depth", "64", "--events", "jdk.ExecutionSample", path],
        capture_output=True, text=True, check=True).stdout
    for event in text.split("jdk.ExecutionSample")[1:]:
        m = re.search(r"stackTrace = \[(.*?)\n\s*\]", event, re.S)
        if m:
            frames = [re.sub(r"\s+line:.*", "", line.strip())
                      for line in m.group(1).strip().split("\n")
                      if line.strip() and not line.strip().startswith("...")]
            if frames:
                yield frames


def part(frames):
    text = "\n".join(frames)
    if "io.mathbeam.core.grading" in text:
        return "grading"
    if "io.mathbeam.core.stats" in text:
        return "statistics"
    if "org.apache.parquet" in text or "org.apache.avro" in text:
        return "Parquet/Avro/Snappy"
    if "org.apache.flink" in text or "org.apache.beam" in text:
        return "runner (Beam/Flink)"
    if "io.mathbeam" in text:
        return "mathbeam, other"
    return "JDK, other"


def parquet(frames):
    text = "\n".join(frames)
    if "Writer" in text or "WriteSupport" in text:
        return "write: String -> UTF-8" if "encodeUTF8" in text else "write: other"
    if "Reader" in text or "Converter" in text:
        return "read"
    return "other"


def main(path):
    parts, selves, io, runner = (collections.Counter() for _ in range(4))
    n = 0
    for frames in stacks(path):
        n += 1
        p = part(frames)
        parts[p] += 1
        selves[frames[0]] += 1
        if p == "Parquet/Avro/Snappy":
            io[parquet(frames)] += 1
        if p == "runner (Beam/Flink)":
            coder = [f for f in frames if "Coder" in f and (".encode" in f or ".decode" in f)]
            runner[coder[0] if coder else frames[0]] += 1
    print(f"{path}: {n} CPU samples")
    for title, counter, most in (("what it was doing", parts, 10), ("self frames", selves, 12),
                                 ("Parquet", io, 5), ("runner frames", runner, 8)):
        print(title + ":")
        for key, count in counter.most_common(most):
            print(f"  {count:6d} {100 * count / n:5.1f}%  {key}")


if __name__ == "__main__":
    main(sys.argv[1])
