# mathbeam's harness pipes: what both code harnesses (humaneval_harness.py, lcb_harness.py) use to
# split one sandbox execution into the program's process and the testing process. The JVM sends
# this file in front of either harness, as one source.
import os


def _read_exactly(fd, size):
    chunks = []
    while size > 0:
        chunk = os.read(fd, min(size, 1 << 16))
        if not chunk:
            break
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


def _read_line(fd):
    line = b""
    while not line.endswith(b"\n"):
        byte = os.read(fd, 1)
        if not byte:
            return None
        line += byte
    return line


def _send(fd, text):
    """One message: its length as 8 bytes, then its UTF-8 bytes (two reads for the receiver)."""
    data = text.encode("utf-8", "surrogatepass")
    view = memoryview(len(data).to_bytes(8, "big") + data)
    while view:
        view = view[os.write(fd, view) :]


def _receive(fd):
    """The next message, or None when the other side is gone or wrote something malformed."""
    header = _read_exactly(fd, 8)
    if len(header) != 8:
        return None
    size = int.from_bytes(header, "big")
    data = _read_exactly(fd, size)
    return data.decode("utf-8", "surrogatepass") if len(data) == size else None


def _undumpable():
    """PR_SET_DUMPABLE 0: /proc/<pid>/mem, fd and environ of this process refuse the child.

    prctl through _ctypes, the C part of ctypes, as ctypes.CDLL(None).prctl would call it: importing
    all of ctypes costs about 1 ms of a 15 ms execution, this 0.3 ms."""
    try:
        import _ctypes

        class _Int(_ctypes._SimpleCData):
            _type_ = "i"

        class _Function(_ctypes.CFuncPtr):
            _flags_ = 1  # FUNCFLAG_CDECL
            _restype_ = _Int

        class _Process:
            _handle = _ctypes.dlopen(None, 0)

        _Function(("prctl", _Process()))(4, 0, 0, 0, 0)
    except Exception:
        try:
            import ctypes

            ctypes.CDLL(None, use_errno=True).prctl(4, 0, 0, 0, 0)
        except Exception:
            pass


def _ended(pid):
    """Why the child stopped answering: how it ended, or that it lives on without answering."""
    import time

    for _ in range(50):
        try:
            done, status = os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            return "the program ended"
        if done:
            break
        time.sleep(0.01)
    else:
        return "the program stopped answering"
    if os.WIFSIGNALED(status):
        return "the program was " + _killed_by(status)
    return "the program exited with code %d" % os.WEXITSTATUS(status)


def _killed_by(status):
    """'killed by SIGKILL': the signal that ended a process of this wait status."""
    import signal

    number = os.WTERMSIG(status)
    try:
        return "killed by %s" % signal.Signals(number).name
    except ValueError:
        return "killed by signal %d" % number


def _kill(pid):
    """SIGKILL to a process that may have ended already."""
    try:
        os.kill(pid, 9)
    except ProcessLookupError:
        pass


