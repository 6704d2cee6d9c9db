"""Time per execution of two versions of the LiveCodeBench harness, side by side.

    python3 src/test/python/lcb_harness_cost.py BEFORE.py AFTER.py [--rounds=3] [--runs=30]

BEFORE.py and AFTER.py are lcb_harness.py sources (e.g. `git show COMMIT:src/main/resources/
io/mathbeam/core/code/lcb_harness.py > /tmp/before.py`); each is sent behind harness_pipes.py as
the JVM sends it, without the sandbox, on a stdin problem of 20 tests. Rounds alternate the two.
"""
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PIPES = os.path.join(HERE, "../../main/resources/io/mathbeam/core/code/harness_pipes.py")


def _source(path):
    with open(PIPES) as pipes, open(path) as harness:
        return pipes.read() + "\n" + harness.read()


def _stdin():
    code = "n = int(input())\nxs = list(map(int, input().split()))\nprint(sum(xs) * n)\n"
    row = " ".join(str(j) for j in range(50))
    tests = [
        {"input": "%d\n%s\n" % (i, row), "output": str(i * 1225), "type": "stdin"}
        for i in range(20)
    ]
    program = json.dumps({"code": code, "func_name": "", "timeout": 6}).encode()
    judge = json.dumps({"nonce": "N0", "tests": tests}).encode()
    return str(len(program)).encode() + b"\n" + program + judge


def _run(source, stdin):
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-I", "-c", source], input=stdin, capture_output=True)
    if b'"status": "ok"' not in done.stdout:
        raise SystemExit("the harness did not pass the tests: %r" % done.stdout[-300:])
    return time.perf_counter() - start


def main():
    paths = [a for a in sys.argv[1:] if not a.startswith("--")]
    options = dict(a[2:].split("=", 1) for a in sys.argv[1:] if a.startswith("--"))
    if len(paths) != 2:
        raise SystemExit(__doc__)
    before, after = (_source(p) for p in paths)
    rounds, runs = int(options.get("rounds", 3)), int(options.get("runs", 30))
    stdin = _stdin()
    for index in range(rounds):
        a = sum(_run(before, stdin) for _ in range(runs)) / runs
        b = sum(_run(after, stdin) for _ in range(runs)) / runs
        print("round %d: before %.1f ms, after %.1f ms per execution of 20 stdin tests (%.2fx)"
              % (index, a * 1e3, b * 1e3, b / a))


main()
