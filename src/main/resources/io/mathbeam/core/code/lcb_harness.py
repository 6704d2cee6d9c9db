# mathbeam's LiveCodeBench harness: the program the sandbox runs to test one model's code against
# all tests of one problem, as three processes of one sandbox execution.
#
# stdin: the length in bytes of the program's part, a newline, that part as JSON
#   code       the model's program
#   func_name  the Solution method that functional tests call ("" for stdin problems)
#   timeout    seconds each test may take
# and then, to the end, the testing process's part as JSON
#   nonce      a random token the grader made for this run; it starts every report line
#   tests      [{"input", "output", "type": "stdin" | "functional"}], public tests first
#
# The harness reads the program's part with os.read (nothing more is buffered), makes itself
# undumpable (so that no process it forks can open its memory or descriptors through /proc) and
# forks. Three kinds of process then share the work:
# - the testing process (_Judge, the parent) reads the nonce and the tests only after the fork, asks
#   for one test at a time, compares each answer itself (stdin: line by line, whitespace trimmed,
#   tokens equal or equal as decimals, LiveCodeBench's rule; functional: JSON equality, tuples
#   equal lists) and writes the reports to its own stdout, one JSON object a line after the nonce:
#   {"passed": n} after each passed test, then a final one with "done": true, the status (ok,
#   wrong, error, timeout, memory, output_limit, or sandbox_error when a test's input cannot be
#   staged), the counts and, for a failure, the test's number, input, expected and got, or the
#   error. The tests run in order and the run stops at the first failure, as in LiveCodeBench.
# - the supervisor (_Supervisor, its child) runs none of the program's code: it stages a stdin
#   test's input in a scratch file, passes the test to the program's process, times it (a test
#   that ends after its time is a timeout whatever the program's own timer said; a process still
#   alive a second after it is killed) and answers with what the program printed or returned, or
#   how its process ended. What the program's process sends back can only be its answer or a
#   failure of its own.
# - the program's process (_Harness, the supervisor's child) runs each test as asked: for a stdin
#   test, the program with fds 0 and 1 and sys.stdin and sys.stdout on the input and output
#   files; for a functional test, Solution().<func_name>(*args), answered with the result as JSON
#   would hold it (values of exactly the builtin types; an object of its own class, or a subclass
#   of a builtin, is refused). Between runs fds 0 and 1 are /dev/null; fd 2 stays the real stderr,
#   so that the interpreter's own last words (a fatal error) reach the grader. It never holds an
#   expected output or the nonce, nor a descriptor of the testing process's pipes. When it ends
#   (sys.exit, os._exit, a signal), a stdin test is judged on what reached its output, as
#   LiveCodeBench judges the process it starts per test; an exit status other than 0 or a signal
#   fails the test, and the next test runs in a newly forked process.
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
import select
import signal
import sys
import threading
import time
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
    """The program's side: runs one test at a time as the testing process asks, and answers with
    what the program printed or returned, never with a verdict."""

    def __init__(self, payload, answers_fd, input_fd, output_fd, null_fd):
        self.code_text = payload["code"]
        self.func_name = payload.get("func_name") or ""
        self.timeout = float(payload["timeout"])
        self.retired_streams = []
        self.armed = False
        self.answers_fd = answers_fd
        self.input_fd, self.output_fd, self.null_fd = input_fd, output_fd, null_fd
        signal.signal(signal.SIGALRM, self._on_alarm)
        # the modules are already loaded by the supervisor: this only fills the namespace
        self.prelude = {"__name__": "__main__", "__builtins__": builtins}
        exec(_PRELUDE, self.prelude)

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

    def serve(self, requests_fd):
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
            code = None
            compile_error = _last_lines(traceback.format_exception_only(e))
        namespace = None
        while True:
            test = _receive_json(requests_fd)
            if test is None:
                os._exit(0)
            try:
                if code is None:
                    raise _Failure("error", compile_error)
                if test["type"] == "functional":
                    if namespace is None:
                        namespace = self._timed(lambda: self._load(code))
                    answer = {"value": self._functional(namespace, _arguments(test["input"]))}
                else:
                    self._stdin(code)
                    answer = {}
            except _Failure as f:
                answer = {"status": f.status, "error": f.error, "got": f.got}
            except _TestTimeout:
                # the timer's signal handled late, outside _timed (seen under load, after a
                # program recursed deeply): the test still ran out of its time
                answer = {"status": "timeout", "error": "took longer than the time limit"}
            except Exception as e:
                error = "the harness failed after the program ran: " + _last_lines(
                    traceback.format_exception_only(type(e), e)
                )
                answer = {"status": "error", "error": error}
            _send_json(self.answers_fd, answer)

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

    def _functional(self, namespace, args):
        """The call's result as JSON would hold it; the testing process compares it."""
        self._point_streams(self.null_fd, self.null_fd)
        result = self._timed(lambda: self._call(namespace, args))
        plain = _plain(result)
        if plain is _NOT_JSON:
            raise _Failure("wrong", got="an object of type %s" % type(result).__name__)
        return plain

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

    def _stdin(self, code):
        """Runs the program on the staged input; what it printed stays in the output file, which
        the supervisor reads."""
        try:
            self._point_streams(self.input_fd, self.output_fd)
            self._timed(lambda: self._run_main(code))
        finally:
            self._point_streams(self.null_fd, self.null_fd)

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
        # the supervisor shares these files' offsets and uses only pread/pwrite
        os.lseek(input_fd, 0, os.SEEK_SET)
        os.lseek(output_fd, 0, os.SEEK_SET)
        os.dup2(input_fd, 0)
        os.dup2(output_fd, 1)
        sys.stdin = io.TextIOWrapper(
            io.BufferedReader(io.FileIO(0, "r", closefd=False)), encoding="utf-8"
        )
        self.stdout = sys.stdout = _writer(1)
        sys.stderr = _writer(self.null_fd)


def _await(result_fd, deadline):
    """The program's process's message; None when it ended without one (os._exit, a signal), or
    _TIMED_OUT when it wrote none by the deadline."""
    if not select.select([result_fd], [], [], max(0.0, deadline - time.monotonic()))[0]:
        return _TIMED_OUT
    return _receive_json(result_fd)


_TIMED_OUT = object()


def _reap(pid, deadline):
    """The program's process's wait status; None when it outlived the deadline (it is then killed):
    it may have closed its end of the pipe, or written a message early, and gone on running."""
    try:
        pidfd = os.pidfd_open(pid)
    except (AttributeError, OSError):
        pidfd = None
    try:
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                return status
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                _kill(pid)
                os.waitpid(pid, 0)
                return None
            if pidfd is not None:
                select.select([pidfd], [], [], remaining)
            else:
                time.sleep(0.001)
    finally:
        if pidfd is not None:
            os.close(pidfd)


class _Supervisor:
    """The answering side the testing process talks to. It runs none of the program's code: it
    stages each stdin test's input, hands each test to the program's process (_Harness, forked
    again once one ends, as LiveCodeBench starts a process per test), times it, and answers with
    what the program printed or returned, or how its process ended. What that process sends back
    can only be its own failure or its answer: a status it claims beyond that is an error."""

    def __init__(self, payload, requests_fd, answers_fd):
        self.payload = payload
        self.timeout = float(payload["timeout"])
        self.requests_fd, self.answers_fd = requests_fd, answers_fd
        self.null_fd = os.open(os.devnull, os.O_RDWR)
        # fd 0 still reads the testing process's part of stdin: never left to the program
        for fd in (0, 1):
            os.dup2(self.null_fd, fd)
        # a write past RLIMIT_FSIZE then fails with EFBIG instead of killing the interpreter
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        exec(_PRELUDE, {})
        self.input_fd = _scratch_file()
        self.output_fd = _scratch_file()
        self.worker = None

    def serve(self):
        while True:
            test = _receive_json(self.requests_fd)
            if test is None:
                self._stop_worker()
                os._exit(0)
            _send_json(self.answers_fd, self._answer(test))

    def _answer(self, test):
        functional = test["type"] == "functional"
        if not functional:
            try:
                _stage(self.input_fd, test["input"].encode("utf-8"))
                os.ftruncate(self.output_fd, 0)
            except OSError as e:
                # before the program ran: the sandbox's limits do not fit the test
                return {"status": "sandbox_error", "error": "cannot stage the test's input: %s" % e}
        pid, to_worker, from_worker = self._worker()
        started = time.monotonic()
        deadline = started + self.timeout + 1.0
        try:
            _send_json(to_worker, {"type": test["type"], "input": test["input"] if functional else ""})
            message = _await(from_worker, deadline)
        except OSError:
            message = None
        if message is _TIMED_OUT:
            self._stop_worker()
            return _TIMEOUT
        if message is None:
            # the process ended (or closed its pipe and is killed at the deadline)
            status = _reap(pid, deadline)
            self._forget_worker()
            if status is None or time.monotonic() - started > self.timeout:
                return _TIMEOUT
            if os.WIFSIGNALED(status):
                return {"status": "error", "error": "the program was " + _killed_by(status)}
            if os.WEXITSTATUS(status) != 0:
                return {"status": "error", "error": "exited with status %d" % os.WEXITSTATUS(status)}
            if functional:
                return {"status": "error", "error": "the program exited before the call returned"}
            return {"got": _read_all(self.output_fd)}
        # timed here, not only by the program's timer, which the program can catch
        if time.monotonic() - started > self.timeout:
            return _TIMEOUT
        claimed = message.get("status")
        if claimed:
            if claimed not in _PROGRAM_FAILURES:
                return {"status": "error", "error": "the program's process sent a malformed answer"}
            got = message.get("got")
            return {"status": claimed, "error": str(message.get("error") or ""),
                    "got": None if got is None else str(got)}
        if functional:
            return {"value": message["value"]} if "value" in message else {
                "status": "error", "error": "the program's process sent a malformed answer"}
        return {"got": _read_all(self.output_fd)}

    def _worker(self):
        if self.worker is None:
            to_read, to_write = os.pipe()
            from_read, from_write = os.pipe()
            pid = os.fork()
            if pid == 0:
                try:
                    # the program's process cannot reach the testing process's pipes
                    for fd in (to_write, from_read, self.requests_fd, self.answers_fd):
                        os.close(fd)
                    harness = _Harness(
                        self.payload, from_write, self.input_fd, self.output_fd, self.null_fd)
                    harness.serve(to_read)
                finally:
                    os._exit(0)
            os.close(to_read)
            os.close(from_write)
            self.worker = (pid, to_write, from_read)
        return self.worker

    def _stop_worker(self):
        if self.worker is not None:
            _kill(self.worker[0])
            os.waitpid(self.worker[0], 0)
            self._forget_worker()

    def _forget_worker(self):
        os.close(self.worker[1])
        os.close(self.worker[2])
        self.worker = None


_TIMEOUT = {"status": "timeout", "error": "took longer than the time limit"}
_PROGRAM_FAILURES = ("wrong", "error", "timeout", "memory", "output_limit")


def _stage(fd, data):
    os.ftruncate(fd, 0)
    view = memoryview(data)
    offset = 0
    while offset < len(data):
        offset += os.pwrite(fd, view[offset:], offset)


def _writer(fd):
    raw = io.FileIO(fd, "w", closefd=False)
    return io.TextIOWrapper(io.BufferedWriter(raw), encoding="utf-8", errors="replace")


def _arguments(text):
    return [json.loads(line) for line in text.split("\n") if line.strip()]


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


def _scratch_file():
    """An empty file in memory (a deleted temporary file where memfd is missing)."""
    try:
        return os.memfd_create("mathbeam-test")
    except (AttributeError, OSError):
        import tempfile

        fd, path = tempfile.mkstemp()
        os.unlink(path)
        return fd


def _read_all(fd):
    chunks = []
    offset = 0
    while True:
        chunk = os.pread(fd, 1 << 20, offset)
        if not chunk:
            break
        chunks.append(chunk)
        offset += len(chunk)
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


def _send_json(fd, message):
    _send(fd, json.dumps(message))


def _receive_json(fd):
    """The next message as a JSON object, or None (the other side gone, or a malformed message)."""
    text = _receive(fd)
    try:
        message = None if text is None else json.loads(text)
    except ValueError:
        return None
    return message if type(message) is dict else None


_FAILURES = ("wrong", "error", "timeout", "memory", "output_limit", "sandbox_error")


class _Judge:
    """The testing process's side: holds the nonce and the expected outputs, which never exist in
    the program's process, asks for one test at a time, compares, and reports."""

    def __init__(self, payload, requests_fd, answers_fd, pid):
        self.nonce = payload["nonce"]
        self.tests = payload["tests"]
        self.requests_fd = requests_fd
        self.answers_fd = answers_fd
        self.pid = pid
        self.report_fd = os.dup(1)
        self.passed = 0

    def report(self, fields):
        data = ("\n" + self.nonce + json.dumps(fields) + "\n").encode("utf-8", "replace")
        while data:
            data = data[os.write(self.report_fd, data) :]

    def run(self):
        total = len(self.tests)
        for index, test in enumerate(self.tests):
            try:
                _send_json(self.requests_fd, {"type": test["type"], "input": test["input"]})
                answer = _receive_json(self.answers_fd)
            except OSError:
                answer = None
            if answer is None:
                why = _ended(self.pid) + " before the test finished"
                return self.final("error", index, index + 1, test, error=why)
            status = answer.get("status")
            if status is not None and status not in _FAILURES:
                return self.final(
                    "error", index, index + 1, test, error="the program's answer is malformed")
            if status:
                got = answer.get("got")
                return self.final(
                    status, index, index + 1, test, error=str(answer.get("error") or ""),
                    got=None if got is None else str(got))
            if test["type"] == "functional":
                expected = _plain(json.loads(test["output"]))
                if "value" not in answer or answer["value"] != expected:
                    return self.final("wrong", index, index + 1, test, got=repr(answer.get("value")))
            else:
                got = answer.get("got")
                if type(got) is not str or not _same_output(got, test["output"]):
                    return self.final("wrong", index, index + 1, test, got=str(got))
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


def _main():
    program = json.loads(_read_exactly(0, int(_read_line(0))).decode("utf-8"))
    # Before the fork, so that the testing process is never readable: until it has read them, the
    # nonce and the tests wait in the pipe that /proc/<pid>/fd/0 would open.
    _undumpable()
    requests_read, requests_write = os.pipe()
    answers_read, answers_write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(requests_write)
        os.close(answers_read)
        try:
            _Supervisor(program, requests_read, answers_write).serve()
        finally:
            os._exit(0)
    os.close(requests_read)
    os.close(answers_write)
    judge = _Judge(json.loads(_read_exactly(0, 1 << 30).decode("utf-8")), requests_write,
                   answers_read, pid)
    try:
        judge.run()
    except BaseException as e:
        error = "the harness failed: " + type(e).__name__
        judge.final("error", judge.passed, judge.passed + 1, error=error)
    _kill(pid)
    # no atexit handler or leftover thread may run or print after the report
    os._exit(0)


_main()
