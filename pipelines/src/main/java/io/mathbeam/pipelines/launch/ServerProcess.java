package io.mathbeam.pipelines.launch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One launched server process. Started through {@code setsid} where it exists, so the server and
 * every process it forks (vLLM's engine cores, its compile workers) form their own process group: a
 * terminal's Ctrl-C reaches only mathbeam, which stops the group itself, and stopping the group
 * reaches children that outlived their parent.
 */
final class ServerProcess {
  private final int index;
  private final String gpus;
  private final int port;
  private final Path log;
  private final Process process;
  private final boolean ownGroup;
  private volatile List<ProcessHandle> family = List.of();

  private ServerProcess(
      int index, String gpus, int port, Path log, Process process, boolean group) {
    this.index = index;
    this.gpus = gpus;
    this.port = port;
    this.log = log;
    this.process = process;
    this.ownGroup = group;
  }

  /**
   * Starts {@code argv} with {@code CUDA_VISIBLE_DEVICES=gpus}, its output appended to {@code log}
   * after a header naming the command (with any {@code --api-key} value hidden).
   *
   * @param setsid the {@code setsid} executable, or null to start the server in this JVM's group
   */
  static ServerProcess start(
      int index, String gpus, int port, List<String> argv, Path log, Path setsid)
      throws IOException {
    Files.writeString(
        log,
        "# mathbeam: replica-"
            + index
            + ": CUDA_VISIBLE_DEVICES="
            + gpus
            + " "
            + String.join(" ", redacted(argv))
            + "\n",
        StandardCharsets.UTF_8);
    List<String> command = new ArrayList<>();
    if (setsid != null) {
      command.add(setsid.toString());
    }
    command.addAll(argv);
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
            .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    builder.environment().put("CUDA_VISIBLE_DEVICES", gpus);
    return new ServerProcess(index, gpus, port, log, builder.start(), setsid != null);
  }

  /** {@code argv} with the value of {@code --api-key} replaced: logs and manifests are shared. */
  static List<String> redacted(List<String> argv) {
    List<String> out = new ArrayList<>(argv);
    for (int i = 0; i < out.size(); i++) {
      if (out.get(i).equals("--api-key") && i + 1 < out.size()) {
        out.set(i + 1, "***");
      } else if (out.get(i).startsWith("--api-key=")) {
        out.set(i, "--api-key=***");
      }
    }
    return out;
  }

  int index() {
    return index;
  }

  String name() {
    return "replica-" + index;
  }

  String gpus() {
    return gpus;
  }

  int port() {
    return port;
  }

  Path log() {
    return log;
  }

  long pid() {
    return process.pid();
  }

  boolean alive() {
    return process.isAlive();
  }

  /** The exit code, empty while it runs. */
  OptionalInt exitCode() {
    return process.isAlive() ? OptionalInt.empty() : OptionalInt.of(process.exitValue());
  }

  Process process() {
    return process;
  }

  /** {@code replica-1 (GPU 1, port 8001)}. */
  String describe() {
    return name() + " (GPU " + gpus + ", port " + port + ")";
  }

  /** The last {@code lines} lines of the log, for error messages. */
  String logTail(int lines) {
    try {
      List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
      return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    } catch (IOException | UncheckedIOException e) {
      return "(log unreadable: " + e.getMessage() + ")";
    }
  }

  /** Sends SIGTERM to the server's group and to every process it has forked. */
  void terminate() {
    List<ProcessHandle> members = new ArrayList<>();
    members.add(process.toHandle());
    process.descendants().forEach(members::add);
    family = members;
    signalGroup("TERM");
    members.forEach(ProcessHandle::destroy);
  }

  /** Waits until the server and the processes it had forked have exited; false at the deadline. */
  boolean awaitExit(Instant deadline) {
    for (ProcessHandle member : family.isEmpty() ? List.of(process.toHandle()) : family) {
      Duration left = Duration.between(Instant.now(), deadline);
      if (member.isAlive() && left.isNegative()) {
        return false;
      }
      try {
        member.onExit().get(Math.max(1, left.toMillis()), TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        return false;
      } catch (ExecutionException e) {
        // the handle could not be watched; checked below
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return !member.isAlive();
      }
    }
    return true;
  }

  /** Sends SIGKILL to the server's group and to every process it had forked. */
  void kill() {
    signalGroup("KILL");
    process.destroyForcibly();
    family.forEach(ProcessHandle::destroyForcibly);
  }

  /** Stops what is left of the group of a server that exited by itself (its GPU is freed). */
  void killLeftovers() {
    signalGroup("KILL");
  }

  private void signalGroup(String signal) {
    if (!ownGroup) {
      return;
    }
    try {
      // the group outlives its leader while any member lives: -pid reaches orphaned children too
      Process kill =
          new ProcessBuilder("kill", "-" + signal, "--", "-" + process.pid())
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      kill.waitFor(10, TimeUnit.SECONDS);
    } catch (IOException e) {
      // no kill(1): the members are signalled one by one by the caller
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
