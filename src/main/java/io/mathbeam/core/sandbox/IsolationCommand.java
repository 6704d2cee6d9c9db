package io.mathbeam.core.sandbox;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line that runs the launcher: bubblewrap with every namespace unshared (no network,
 * its own PID namespace, so that nothing outlives the run), a read-only {@code /usr}, a private
 * tmpfs {@code /tmp} as the only writable place, and nothing of the user's files; or, when
 * isolation is switched off, the interpreter alone.
 */
final class IsolationCommand {
  private static final List<String> MERGED_USR_LINKS = List.of("/bin", "/lib", "/lib64", "/sbin");

  /** The host's layout does not change while the JVM runs: read once, not per execution. */
  private static final List<String> ROOT_DIRECTORIES = rootDirectories();

  private IsolationCommand() {}

  static List<String> argv(
      SandboxConfig config,
      Path bwrap,
      boolean jvmIsRoot,
      String launcher,
      int sourceBytes,
      boolean bytecode) {
    List<String> argv = new ArrayList<>();
    SandboxLimits limits = config.limits();
    if (!config.unsafeNoIsolation()) {
      if (jvmIsRoot) {
        // Processes of real uid 0 are exempt from RLIMIT_NPROC: a fork bomb would exhaust the
        // host's PIDs. Running bubblewrap as an unprivileged user makes the limit count.
        argv.addAll(
            List.of(
                "setpriv",
                "--reuid=" + config.sandboxUid(),
                "--regid=" + config.sandboxUid(),
                "--clear-groups"));
      }
      argv.add(bwrap.toString());
      argv.addAll(
          List.of(
              "--unshare-all",
              "--unshare-user",
              "--disable-userns",
              "--cap-drop",
              "ALL",
              "--die-with-parent",
              "--new-session",
              "--clearenv",
              "--setenv",
              "PATH",
              "/usr/bin:/bin",
              "--setenv",
              "HOME",
              "/tmp",
              "--setenv",
              "LANG",
              "C.UTF-8",
              "--ro-bind",
              "/usr",
              "/usr"));
      argv.addAll(ROOT_DIRECTORIES);
      Path python = config.python().toAbsolutePath();
      if (!python.startsWith("/usr") && python.getParent() != null) {
        Path prefix = python.getParent().getParent();
        argv.addAll(List.of("--ro-bind", prefix.toString(), prefix.toString()));
      }
      argv.addAll(
          List.of(
              "--proc", "/proc",
              "--dev", "/dev",
              "--size", Long.toString(limits.tmpBytes()),
              "--tmpfs", "/tmp",
              // bubblewrap's own root is a writable tmpfs: make it read-only, so that /tmp
              // stays the only writable place.
              "--remount-ro", "/",
              "--chdir", "/tmp"));
    }
    argv.addAll(
        List.of(
            config.python().toString(),
            "-I",
            "-X",
            "utf8",
            "-c",
            launcher,
            Long.toString(limits.cpuTime().toSeconds()),
            Long.toString(limits.memoryBytes()),
            Integer.toString(limits.maxProcesses()),
            Long.toString(limits.maxFileBytes()),
            "256",
            Integer.toString(sourceBytes),
            bytecode ? "bytecode" : "source"));
    return argv;
  }

  /** {@code /bin}, {@code /lib}, ... as links into {@code /usr} or read-only binds. */
  private static List<String> rootDirectories() {
    List<String> args = new ArrayList<>();
    for (String dir : MERGED_USR_LINKS) {
      Path p = Path.of(dir);
      if (Files.isSymbolicLink(p)) {
        args.addAll(List.of("--symlink", linkTarget(p), dir));
      } else if (Files.isDirectory(p)) {
        args.addAll(List.of("--ro-bind", dir, dir));
      }
    }
    return List.copyOf(args);
  }

  private static String linkTarget(Path link) {
    try {
      return Files.readSymbolicLink(link).toString();
    } catch (java.io.IOException e) {
      throw new SandboxUnavailableException("cannot read the link " + link + ": " + e);
    }
  }
}
