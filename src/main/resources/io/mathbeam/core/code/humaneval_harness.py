# mathbeam's HumanEval harness: the program the sandbox runs to test one model's function against
# one problem's check(), so that a pass is the harness's report, never the program's exit status.
#
# stdin, after this source: fields, each its length in bytes, a newline and its UTF-8 bytes: the
# program (the prompt and the model's completion), the entry point's name, the prompt; then the
# nonce and the test source.
#
# Two processes. The harness reads the first three fields (with os.read: nothing more is
# buffered), runs the prompt (its imports then serve both processes) and forks. The child points
# fds 0, 1 and 2 at /dev/null, runs the model's code and then answers
# calls of the entry point, one at a time, over a pipe: the arguments come in and the return value
# goes back as plain data (None, bool, int, float, complex, str, bytes and lists, tuples, sets,
# frozensets and dicts of them, each of exactly its builtin type; anything else is refused). Only
# then does the parent read the other fields: the nonce and the tests never exist in the child's
# memory. The harness makes itself undumpable before the fork (so that the child cannot open the
# parent's memory or descriptors through /proc, stdin included). The parent runs the problem's own
# check() with a stand-in for the candidate that calls the child and decodes each answer (tagged
# text, parsed here) into fresh builtin objects: every comparison of check() runs in the parent on
# plain data, never on an object of the program's. It writes one report line to its stdout, after
# the nonce: {"done": true, "status": "ok" | "error", "passed", "calls", "error"}. The program
# ending early (sys.exit, os._exit, a signal, a thread that exits) leaves the stand-in without an
# answer, which is a failure; nothing the child does after that matters.
import builtins
import os

# Imported lazily, where needed: json's and traceback's imports cost more than a test run (about 7
# ms of a 20 ms execution), and a passing run needs neither.

_SCALARS = (type(None), bool, int, str)


class _Unencodable(Exception):
    pass


class _ProgramEnded(Exception):
    pass


class _CandidateFailed(Exception):
    pass


def _encode(value, out, depth=0):
    """Plain data as text, appended to the list out: a tag letter, then the value (see _decode)."""
    if depth > 100:
        raise _Unencodable("a value nested more than 100 deep")
    kind = type(value)
    if value is None:
        out.append("N")
    elif kind is bool:
        out.append("T" if value else "F")
    elif kind is int:
        out.append("i%d;" % value)
    elif kind is float:
        out.append("f" + value.hex() + ";")
    elif kind is complex:
        out.append("c" + value.real.hex() + ";" + value.imag.hex() + ";")
    elif kind is str:
        out.append("s%d:" % len(value))
        out.append(value)
    elif kind is bytes:
        out.append("b%d:" % (2 * len(value)))
        out.append(value.hex())
    elif kind in _CONTAINERS:
        out.append("%s%d:" % (_CONTAINERS[kind], len(value)))
        if kind is dict:
            for k, v in value.items():
                _encode(k, out, depth + 1)
                _encode(v, out, depth + 1)
        else:
            for v in value:
                _encode(v, out, depth + 1)
    else:
        raise _Unencodable("a value of type %s where plain data is expected" % kind.__name__)


_CONTAINERS = {list: "l", tuple: "t", set: "e", frozenset: "z", dict: "d"}


def _decode(text):
    """The inverse of _encode, building fresh builtin objects; anything else is a ValueError."""
    value, at = _parse(text, 0, 0)
    if at != len(text):
        raise ValueError("trailing text")
    return value


def _parse(text, at, depth):
    if depth > 100 or at >= len(text):
        raise ValueError("truncated or too deep")
    tag = text[at]
    at += 1
    if tag == "N":
        return None, at
    if tag in "TF":
        return tag == "T", at
    if tag in "if":
        end = text.index(";", at)
        word = text[at:end]
        return (int(word) if tag == "i" else float.fromhex(word)), end + 1
    if tag == "c":
        middle = text.index(";", at)
        end = text.index(";", middle + 1)
        return complex(float.fromhex(text[at:middle]), float.fromhex(text[middle + 1 : end])), end + 1
    colon = text.index(":", at)
    count = int(text[at:colon])
    at = colon + 1
    if count < 0:
        raise ValueError("negative length")
    if tag == "s":
        if at + count > len(text):
            raise ValueError("truncated string")
        return text[at : at + count], at + count
    if tag == "b":
        return bytes.fromhex(text[at : at + count]), at + count
    items = []
    for _ in range(2 * count if tag == "d" else count):
        item, at = _parse(text, at, depth + 1)
        items.append(item)
    if tag == "l":
        return items, at
    if tag == "t":
        return tuple(items), at
    if tag == "e":
        return set(items), at
    if tag == "z":
        return frozenset(items), at
    if tag == "d":
        return dict(zip(items[0::2], items[1::2])), at
    raise ValueError("unknown tag " + repr(tag))


def _text(value):
    out = []
    _encode(value, out)
    return "".join(out)


def _json_string(text):
    """A JSON string literal, without the json module."""
    out = ['"']
    for ch in text:
        code = ord(ch)
        if ch == '"' or ch == "\\":
            out.append("\\" + ch)
        elif code < 0x20 or 0xD800 <= code <= 0xDFFF:
            out.append("\\u%04x" % code)
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def _read_field(fd):
    """One field of stdin: its length in bytes, a newline, the UTF-8 bytes."""
    header = _read_line(fd)
    size = int(header)
    data = _read_exactly(fd, size)
    if len(data) != size:
        raise EOFError("stdin ended inside a field")
    return data.decode("utf-8")


def _last_words(error):
    import traceback

    lines = traceback.format_exception(type(error), error, error.__traceback__)
    return "".join(lines[-12:]).strip()


def _child(code, entry_point, requests, answers):
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    namespace = {"__name__": "__main__", "__builtins__": builtins}
    try:
        exec(compile(code, "main.py", "exec"), namespace)
        function = namespace.get(entry_point)
        if not callable(function):
            raise NameError("the program defines no function " + entry_point)
    except SystemExit as error:
        _send(answers, "Ethe program exited (%r) before the tests began" % (error,))
        os._exit(0)
    except BaseException as error:
        _send(answers, "E" + _last_words(error))
        os._exit(0)
    _send(answers, "R")
    while True:
        call = _receive(requests)
        if call is None:
            os._exit(0)
        try:
            args, kwargs = _decode(call)
            answer = "V" + _text(function(*args, **kwargs))
        except _Unencodable as error:
            answer = "Ethe function returned " + str(error)
        except SystemExit as error:
            answer = "Ethe program exited (%r) before the tests finished" % (error,)
        except BaseException as error:
            answer = "E" + _last_words(error)
        _send(answers, answer)


def _parent(pid, namespace, entry, requests, answers):
    nonce = _read_field(0)
    test = _read_field(0)
    report = os.dup(1)
    calls = [0]

    def candidate(*args, **kwargs):
        try:
            _send(requests, _text((list(args), dict(kwargs))))
        except _Unencodable as error:
            raise RuntimeError("the test passes " + str(error) + " to the candidate")
        except OSError:
            raise _ProgramEnded()
        answer = _receive(answers)
        if answer is None:
            raise _ProgramEnded()
        calls[0] += 1
        if answer[:1] == "E":
            raise _CandidateFailed(answer[1:])
        try:
            if answer[:1] != "V":
                raise ValueError("not a value")
            return _decode(answer[1:])
        except (ValueError, TypeError, IndexError, OverflowError, RecursionError):
            raise _CandidateFailed("the program's answer is not plain data")

    def write(status, error):
        line = '{"done": true, "status": "%s", "passed": %d, "calls": %d, "error": %s}' % (
            status,
            1 if status == "ok" else 0,
            calls[0],
            _json_string(error[-4000:]),
        )
        os.write(report, (nonce + line + "\n").encode("utf-8", "replace"))

    ready = _receive(answers)
    if ready is None:
        write("error", _ended(pid) + " before the tests began")
        return
    if ready != "R":
        write("error", ready[1:] if ready[:1] == "E" else "the program's answer is malformed")
        return
    try:
        exec(compile(test, "test.py", "exec"), namespace)
        # A check() that names the function itself (HumanEval/33) means the candidate too.
        namespace[entry] = candidate
        namespace["check"](candidate)
    except _ProgramEnded:
        os.close(requests)
        write("error", _ended(pid) + " before the tests finished")
        return
    except _CandidateFailed as error:
        write("error", str(error))
        return
    except BaseException as error:
        write("error", _failed_test(error, test))
        return
    write("ok", "")


def _failed_test(error, test):
    """The failing line of the test, after the end of its traceback."""
    import traceback

    words = "".join(traceback.format_exception_only(type(error), error)).strip()
    line = None
    frame = error.__traceback__
    while frame is not None:
        if frame.tb_frame.f_code.co_filename == "test.py":
            line = frame.tb_lineno
        frame = frame.tb_next
    source = test.split("\n")
    if line is not None and 0 < line <= len(source):
        shown = source[line - 1].strip()
        return "%s\n(test line %d: %s)" % (words or type(error).__name__, line, shown)
    return words or type(error).__name__


def _main():
    code = _read_field(0)
    entry_point = _read_field(0)
    # The prompt is no secret (the program starts with it): run before the fork, its imports
    # (typing, about 7 ms) are paid once for both processes.
    tests = {"__name__": "__test__", "__builtins__": builtins}
    exec(compile(_read_field(0), "prompt.py", "exec"), tests)
    # Before the fork, so that the parent is never readable: until the parent has read it, the rest
    # of stdin (the nonce and the tests) waits in the pipe that /proc/<parent>/fd/0 would open.
    _undumpable()
    requests_read, requests_write = os.pipe()
    answers_read, answers_write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(requests_write)
        os.close(answers_read)
        _child(code, entry_point, requests_read, answers_write)
        os._exit(0)
    os.close(requests_read)
    os.close(answers_write)
    del code
    try:
        _parent(pid, tests, entry_point, requests_write, answers_read)
    finally:
        _kill(pid)
    os._exit(0)


_main()
