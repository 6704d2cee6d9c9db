# mathbeam's sandbox launcher: runs inside the isolation, before the untrusted program.
# argv: cpu_seconds memory_bytes max_processes max_file_bytes max_open_files source_bytes kind.
# stdin: the program (source_bytes long), then the program's own stdin. The program is UTF-8
# source, or, when kind is "bytecode", a code object marshalled by this same interpreter (only
# mathbeam's own harnesses come so: their source is not compiled again for every execution).
# It reads the source with os.read so that the rest of fd 0 is left, unbuffered, to the program;
# lowers the rlimits (an unprivileged process cannot raise them again); writes the start marker
# to stderr (its absence tells the JVM that the sandbox, not the program, failed); then runs the
# source as __main__ in this same interpreter, so the program pays for one interpreter start.
import marshal, os, resource, sys


def _mathbeam_prepare():
    cpu, memory, processes, file_bytes, open_files, size = (int(a) for a in sys.argv[1:7])
    bytecode = sys.argv[7] == "bytecode"
    chunks = []
    while size > 0:
        chunk = os.read(0, min(size, 1 << 16))
        if not chunk:
            break
        chunks.append(chunk)
        size -= len(chunk)
    data = b"".join(chunks)
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    resource.setrlimit(resource.RLIMIT_NPROC, (processes, processes))
    resource.setrlimit(resource.RLIMIT_FSIZE, (file_bytes, file_bytes))
    resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, open_files))
    sys.argv = ["main.py"]
    os.write(2, b"\0mathbeam-sandbox-started\n")
    return data, bytecode


_mathbeam_program, _mathbeam_bytecode = _mathbeam_prepare()
try:
    # compiled under the limits: a program's source is model-written
    if _mathbeam_bytecode:
        _mathbeam_program = marshal.loads(_mathbeam_program)
    else:
        _mathbeam_program = compile(_mathbeam_program.decode("utf-8", "replace"), "main.py", "exec")
    exec(_mathbeam_program, {"__name__": "__main__", "__builtins__": __builtins__})
except Exception as _mathbeam_error:
    # The traceback as `python main.py` prints it: without this launcher's own frame, which a model
    # reading the output (tool-integrated reasoning) would take for part of its program.
    import traceback
    traceback.print_exception(type(_mathbeam_error), _mathbeam_error, _mathbeam_error.__traceback__.tb_next)
    sys.exit(1)
