# mathbeam's LiveCodeBench harness: the program the sandbox runs to test one model's code against
# all tests of one problem, in one interpreter.
#
# stdin: one JSON object
#   nonce      a random token the grader made for this run; it starts every report line
#   code       the model's program
#   func_name  the Solution method that functional tests call ("" for stdin problems)
#   timeout    seconds each test may take
#   tests      [{"input", "output", "type": "stdin" | "functional"}], public tests first
#
# The tests run in order and the run stops at the first failure, as in LiveCodeBench. Reports go to
# a copy of the original stdout, one JSON object a line after the nonce: {"passed": n} after each
# passed test, then a final one with "done": true, the status (ok, wrong, error, timeout, memory,
# output_limit, or sandbox_error when a test's input cannot be staged), the counts and, for a failure, the test's number, input, expected and got, or the
# error. The program never writes to that stream: while it runs, fds 0 and 1 and sys.stdin and
# sys.stdout point to the test's input and a capture file, so neither a stray print nor
# os.write(1, ...) can break or forge a report. sys.stderr goes to /dev/null; fd 2 stays the real
# stderr, so that the interpreter's own last words (a fatal error) reach the grader. The nonce
# guards against accidents, the sandbox against malice: a program that deliberately walks this
# harness's frames or patches the modules it uses could still forge a report.
#
# Each run of the program gets a fresh namespace named __main__ that already holds what LeetCode's
# environment imports for functional problems (typing, collections, heapq, bisect, itertools,
# functools names and a few modules), since such solutions use List or deque without importing them.
import builtins
import errno
import io
import json
import linecache
import os
import signal
import sys
import threading
import traceback
from decimal import Decimal, InvalidOperation

_PRELUDE = (
    "from typing import *\n"
    "from collections import *\n"
    "from heapq import *\n"
    "from bisect import *\n"
    "from itertools import *\n"
    "from functools import *\n"
    "import bisect, collections, functools, heapq, itertools, json, math, random, re, string, sys\n"
)
_SHOWN_CHARS = 400
_TRACEBACK_LINES = 12


class _TestTimeout(BaseException):
    """Raised by the per-test timer; a BaseException so that `except Exception` does not keep it."""


class _Failure(Exception):
    def __init__(self, status, error="", got=None):
        super().__init__(error)
        self.status, self.error, self.got = status, error, got


class _Harness:
    def __init__(self, payload):
        self.nonce = payload["nonce"]
        self.code_text = payload["code"]
        self.func_name = payload.get("func_name") or ""
        self.timeout = float(payload["timeout"])
        self.tests = payload["tests"]
        # parsed before any of the program runs: it shares the json module and could patch it
        self.arguments = [_arguments(test) for test in self.tests]
        self.retired_streams = []
        self.passed = 0
        self.armed = False
        self.report_fd = os.dup(1)
        self.null_fd = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1):
            os.dup2(self.null_fd, fd)
        signal.signal(signal.SIGALRM, self._on_alarm)
        # a write past RLIMIT_FSIZE then fails with EFBIG instead of killing the interpreter
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        self.prelude = {"__name__": "__main__", "__builtins__": builtins}
        exec(_PRELUDE, self.prelude)

    def report(self, fields):
        data = ("\n" + self.nonce + json.dumps(fields) + "\n").encode("utf-8", "replace")
        while data:
            data = data[os.write(self.report_fd, data):]

    def _on_alarm(self, signum, frame):
        if self.armed:
            raise _TestTimeout()

    def _arm(self):
        self.armed = True
        # it fires again every 50 ms, in case the program swallowed the first one
        signal.setitimer(signal.ITIMER_REAL, self.timeout, 0.05)

    def _disarm(self):
        while True:
            try:
                self.armed = False
                signal.setitimer(signal.ITIMER_REAL, 0)
                return
            except _TestTimeout:
                # a signal that arrived just before: its handler ran late, after the test ended
                continue

    def run(self):
        total = len(self.tests)
        # tracebacks then show the program's lines, not only their numbers
        linecache.cache["solution.py"] = (
            len(self.code_text),
            None,
            self.code_text.splitlines(True),
            "solution.py",
        )
        try:
            code = compile(self.code_text, "solution.py", "exec")
        except (SyntaxError, ValueError) as e:
            return self.final("error", 0, 1, error=_last_lines(traceback.format_exception_only(e)))
        namespace = None
        for index, test in enumerate(self.tests):
            try:
                if test["type"] == "functional":
                    if namespace is None:
                        namespace = self._timed(lambda: self._load(code))
                    self._functional(namespace, test, self.arguments[index])
                else:
                    self._stdin(code, test)
            except _Failure as f:
                return self.final(f.status, index, index + 1, test, error=f.error, got=f.got)
            except _TestTimeout:
                # the timer's signal handled late, outside _timed (seen under load, after a
                # program recursed deeply): the test still ran out of its time
                return self.final(
                    "timeout", index, index + 1, test, error="took longer than the time limit"
                )
            except Exception as e:
                # the harness's own code failed after the program ran: the program broke it
                error = "the harness failed after the program ran: " + _last_lines(
                    traceback.format_exception_only(type(e), e)
                )
                return self.final("error", index, index + 1, test, error=error)
            self.passed = index + 1
            self.report({"passed": self.passed})
        return self.final("ok", total, 0)

    def final(self, status, passed, number, test=None, error="", got=None):
        fields = {"done": True, "status": status, "passed": passed, "total": len(self.tests)}
        if number:
            fields["test"] = number
        if test is not None:
            fields["input"] = _shown(test["input"])
            fields["expected"] = _shown(test["output"])
        if got is not None:
            fields["got"] = _shown(got)
        if error:
            fields["error"] = error
        self.report(fields)

    def _timed(self, action):
        """Runs action under the per-test timer; the program's errors become _Failure."""
        try:
            try:
                self._arm()
                return action()
            finally:
                # stopped before anything else: describing a deep traceback can take a while
                self._disarm()
        except BaseException as e:
            failure = _failure(e)
            if failure is not None:
                raise failure
            return None

    def _join_threads(self):
        # Python contest solutions often run main() in a thread with a bigger stack
        for thread in threading.enumerate():
            if thread is not threading.main_thread() and not thread.daemon:
                thread.join()

    def _load(self, code):
        namespace = dict(self.prelude)
        self._point_streams(self.null_fd, self.null_fd)
        try:
            exec(code, namespace)
        except SystemExit as e:
            raise _Failure("error", "exited with status %r while loading" % (e.code,))
        return namespace

    def _functional(self, namespace, test, arguments):
        args, expected = arguments
        self._point_streams(self.null_fd, self.null_fd)
        result = self._timed(lambda: self._call(namespace, args))
        plain = _plain(result)
        if plain is _NOT_JSON:
            raise _Failure("wrong", got="an object of type %s" % type(result).__name__)
        if plain != _plain(expected):
            raise _Failure("wrong", got=repr(result))

    def _call(self, namespace, args):
        solution = namespace.get("Solution")
        if isinstance(solution, type):
            method = getattr(solution(), self.func_name, None)
            if method is None:
                raise AttributeError("class Solution has no method %s" % self.func_name)
            return method(*args)
        function = namespace.get(self.func_name)
        if not callable(function):
            raise NameError("neither class Solution nor function %s is defined" % self.func_name)
        return function(*args)

    def _stdin(self, code, test):
        try:
            input_fd = _scratch_file(test["input"].encode("utf-8"))
            output_fd = _scratch_file(b"")
        except OSError as e:
            # before the program ran: the sandbox's limits do not fit the test
            raise _Failure("sandbox_error", "cannot stage the test's input: %s" % e)
        try:
            self._point_streams(input_fd, output_fd)
            self._timed(lambda: self._run_main(code))
            got = _read_all(output_fd)
        finally:
            self._point_streams(self.null_fd, self.null_fd)
            os.close(input_fd)
            os.close(output_fd)
        if not _same_output(got, test["output"]):
            raise _Failure("wrong", got=got)

    def _run_main(self, code):
        try:
            exec(code, dict(self.prelude))
        except SystemExit as e:
            if e.code not in (None, 0):
                raise
        self._join_threads()
        self.stdout.flush()
        if sys.stdout is not self.stdout:
            sys.stdout.flush()

    def _point_streams(self, input_fd, output_fd):
        # the replaced streams stay referenced: collecting one would flush what the program left in
        # its buffer into whatever fd 1 is by then
        self.retired_streams += [sys.stdin, sys.stdout, sys.stderr]
        os.lseek(input_fd, 0, os.SEEK_SET)
        os.dup2(input_fd, 0)
        os.dup2(output_fd, 1)
        sys.stdin = io.TextIOWrapper(
            io.BufferedReader(io.FileIO(0, "r", closefd=False)), encoding="utf-8"
        )
        self.stdout = sys.stdout = _writer(1)
        sys.stderr = _writer(self.null_fd)


def _writer(fd):
    raw = io.FileIO(fd, "w", closefd=False)
    return io.TextIOWrapper(io.BufferedWriter(raw), encoding="utf-8", errors="replace")


def _arguments(test):
    if test["type"] != "functional":
        return None
    args = [json.loads(line) for line in test["input"].split("\n") if line.strip()]
    return args, json.loads(test["output"])


def _failure(error):
    """What an exception out of the program means; None for a normal sys.exit."""
    if isinstance(error, _Failure):
        return error
    if isinstance(error, _TestTimeout):
        return _Failure("timeout", "took longer than the time limit")
    if isinstance(error, MemoryError):
        return _Failure("memory", "MemoryError")
    if isinstance(error, OSError) and error.errno == errno.EFBIG:
        return _Failure("output_limit", "wrote more than the file size limit")
    if isinstance(error, SystemExit):
        if error.code in (None, 0):
            return None
        return _Failure("error", "exited with status %r" % (error.code,))
    return _Failure("error", _program_traceback(error))


def _scratch_file(data):
    try:
        fd = os.memfd_create("mathbeam-test")
    except (AttributeError, OSError):
        import tempfile

        fd, path = tempfile.mkstemp()
        os.unlink(path)
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
    os.lseek(fd, 0, os.SEEK_SET)
    return fd


def _read_all(fd):
    os.lseek(fd, 0, os.SEEK_SET)
    chunks = []
    while True:
        chunk = os.read(fd, 1 << 20)
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks).decode("utf-8", "replace")


def _same_output(got, expected):
    """LiveCodeBench's rule: lines compared with whitespace trimmed, numbers as decimals."""
    got_lines = [line.strip() for line in got.strip().split("\n")]
    expected_lines = [line.strip() for line in expected.strip().split("\n")]
    if len(got_lines) != len(expected_lines):
        return False
    return all(_same_line(g, e) for g, e in zip(got_lines, expected_lines))


def _same_line(got, expected):
    if got == expected:
        return True
    got_tokens, expected_tokens = got.split(), expected.split()
    if got_tokens == expected_tokens:
        return True
    if len(got_tokens) != len(expected_tokens):
        return False
    try:
        return all(Decimal(g) == Decimal(e) for g, e in zip(got_tokens, expected_tokens))
    except InvalidOperation:
        return False


_JSON_SCALARS = (str, int, float, bool, type(None))


def _plain(value):
    """The value as JSON would hold it (tuples become lists), or _NOT_JSON: an object of the
    program's own class could claim to equal anything."""
    kind = type(value)
    if kind in _JSON_SCALARS:
        return value
    if kind in (list, tuple):
        items = [_plain(v) for v in value]
        return _NOT_JSON if any(v is _NOT_JSON for v in items) else items
    if kind is dict:
        items = {k: _plain(v) for k, v in value.items()}
        plain_keys = all(type(k) in _JSON_SCALARS for k in items)
        return items if plain_keys and _NOT_JSON not in items.values() else _NOT_JSON
    return _NOT_JSON


_NOT_JSON = object()


def _program_traceback(error):
    """The traceback without this harness's frames (main.py; the program is solution.py)."""
    recent = traceback.extract_tb(error.__traceback__, limit=-_TRACEBACK_LINES)
    frames = [f for f in recent if f.filename != "main.py"]
    lines = traceback.format_list(frames) + traceback.format_exception_only(type(error), error)
    return _last_lines(lines)


def _last_lines(parts):
    lines = "".join(parts).rstrip("\n").split("\n")
    return "\n".join(lines[-_TRACEBACK_LINES:])


def _shown(text):
    return text if len(text) <= _SHOWN_CHARS else text[:_SHOWN_CHARS] + "..."


def _main():
    harness = _Harness(json.loads(sys.stdin.buffer.read().decode("utf-8")))
    try:
        harness.run()
    except BaseException as e:
        # what the program left behind (a stack or memory nearly spent) broke the harness itself
        sys.stderr = sys.__stderr__
        error = "the harness failed after the program ran: " + type(e).__name__
        harness.final("error", harness.passed, harness.passed + 1, error=error)
    # no atexit handler or leftover thread of the program may run or print after the report
    os._exit(0)


_main()
