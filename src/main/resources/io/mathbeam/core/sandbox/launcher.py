# mathbeam's sandbox launcher: runs inside the isolation, before the untrusted program.
# argv: cpu_seconds memory_bytes max_processes max_file_bytes max_open_files source_bytes.
# stdin: the program's UTF-8 source (source_bytes long), then the program's own stdin.
# It reads the source with os.read so that the rest of fd 0 is left, unbuffered, to the program;
# lowers the rlimits (an unprivileged process cannot raise them again); writes the start marker
# to stderr (its absence tells the JVM that the sandbox, not the program, failed); then runs the
# source as __main__ in this same interpreter, so the program pays for one interpreter start.
import os, resource, sys


def _mathbeam_prepare():
    cpu, memory, processes, file_bytes, open_files, size = (int(a) for a in sys.argv[1:7])
    chunks = []
    while size > 0:
        chunk = os.read(0, min(size, 1 << 16))
        if not chunk:
            break
        chunks.append(chunk)
        size -= len(chunk)
    source = b"".join(chunks).decode("utf-8", "replace")
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    resource.setrlimit(resource.RLIMIT_NPROC, (processes, processes))
    resource.setrlimit(resource.RLIMIT_FSIZE, (file_bytes, file_bytes))
    resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, open_files))
    sys.argv = ["main.py"]
    os.write(2, b"\0mathbeam-sandbox-started\n")
    return source


_mathbeam_source = _mathbeam_prepare()
try:
    exec(compile(_mathbeam_source, "main.py", "exec"), {"__name__": "__main__", "__builtins__": __builtins__})
except Exception as _mathbeam_error:
    # The traceback as `python main.py` prints it: without this launcher's own frame, which a model
    # reading the output (tool-integrated reasoning) would take for part of its program.
    import traceback
    traceback.print_exception(type(_mathbeam_error), _mathbeam_error, _mathbeam_error.__traceback__.tb_next)
    sys.exit(1)
