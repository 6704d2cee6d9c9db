package io.mathbeam.pipelines.launch;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.report.MetricsJson;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Servers this JVM started for one evaluation ({@code eval --launchModel}): one {@code vllm serve}
 * per GPU group, each on its own port and with its own log, ready once {@code /health} and {@code
 * /v1/models} answer. They are stopped (SIGTERM to each server's process group, SIGKILL after the
 * grace period) by {@link #close()}, and by a shutdown hook when the JVM exits another way (Ctrl-C,
 * SIGTERM, {@code System.exit}). Only {@code kill -9} of the JVM leaves them running.
 *
 * <p>A server that exits while the evaluation runs is reported on stderr at once and in {@link
 * #manifest()}; the client ejects it after its connection failures and sends its samples to the
 * other replicas.
 */
public final class LaunchedFleet implements AutoCloseable {
  private static final int LOG_TAIL_LINES = 30;
  private static final Duration POLL = Duration.ofMillis(250);
  private static final Duration WAITING_NOTE = Duration.ofSeconds(30);

  private enum Phase {
    STARTING,
    RUNNING,
    STOPPING
  }

  private final LaunchConfig config;
  private final PrintStream err;
  private final List<ServerProcess> servers = new ArrayList<>();
  private final Map<Integer, Instant> diedDuringRun = new ConcurrentHashMap<>();
  private final Object deathLock = new Object();
  private final Thread shutdownHook;
  private volatile Phase phase = Phase.STARTING;
  private boolean stopped;

  private LaunchedFleet(LaunchConfig config, PrintStream err) {
    this.config = config;
    this.err = err;
    this.shutdownHook = new Thread(this::stopFromHook, "mathbeam-stop-launched-servers");
  }

  /**
   * Starts every replica and waits until all are ready; on any failure stops those started and
   * throws a {@link FleetStartException} naming the replica, its port and its log.
   *
   * @param out where start-up progress goes
   * @param err where a replica's death during the run is reported
   */
  public static LaunchedFleet start(LaunchConfig config, PrintStream out, PrintStream err)
      throws IOException {
    LaunchedFleet fleet = new LaunchedFleet(config, err);
    try {
      fleet.startAll(out);
      fleet.awaitReady(out);
      return fleet;
    } catch (IOException | RuntimeException e) {
      fleet.close();
      throw e;
    }
  }

  /** The replicas' base URLs, in replica order. */
  public List<String> endpoints() {
    return servers.stream().map(this::endpoint).toList();
  }

  /** PIDs of the server processes, in replica order. */
  public List<Long> pids() {
    return servers.stream().map(ServerProcess::pid).toList();
  }

  /** Each replica: GPUs, port, endpoint, PID, log, command, and how it ended if it did. */
  public ArrayNode manifest() {
    ArrayNode list = MetricsJson.JSON.createArrayNode();
    for (ServerProcess s : servers) {
      ObjectNode node = list.addObject();
      node.put("replica", s.index());
      node.put("gpus", s.gpus());
      node.put("port", s.port());
      node.put("endpoint", endpoint(s));
      node.put("pid", s.pid());
      node.put("log", s.log().toString());
      ArrayNode command = node.putArray("command");
      ServerProcess.redacted(argv(s.port())).forEach(command::add);
      Instant died = diedDuringRun.get(s.index());
      node.put("died_during_run", died != null);
      if (died != null) {
        node.put("died_at", died.toString());
      }
      if (died != null || phase != Phase.RUNNING) {
        s.exitCode().ifPresent(code -> node.put("exit_code", code));
      }
    }
    return list;
  }

  /** One line per replica that exited while the evaluation ran, empty when none did. */
  public List<String> deaths() {
    List<String> lines = new ArrayList<>();
    for (ServerProcess s : servers) {
      if (diedDuringRun.containsKey(s.index())) {
        lines.add(deathLine(s));
      }
    }
    return lines;
  }

  private void startAll(PrintStream out) throws IOException {
    Files.createDirectories(config.logDir());
    try (DirectoryStream<Path> old = Files.newDirectoryStream(config.logDir(), "replica-*.log")) {
      for (Path log : old) {
        Files.delete(log); // a smaller fleet must not leave an earlier run's logs beside its own
      }
    }
    Path setsid = onPath("setsid");
    String executable = resolve(config.command().get(0));
    Runtime.getRuntime().addShutdownHook(shutdownHook);
    Set<Integer> taken = new LinkedHashSet<>();
    for (int i = 0; i < config.gpuGroups().size(); i++) {
      int port = port(i, taken);
      taken.add(port);
      List<String> argv = argv(port);
      argv.set(0, executable);
      Path log = config.logDir().resolve("replica-" + i + ".log");
      ServerProcess server =
          ServerProcess.start(i, config.gpuGroups().get(i), port, argv, log, setsid);
      servers.add(server);
      server.process().onExit().thenRun(() -> exited(server));
    }
    out.println(
        "Launched "
            + servers.size()
            + " server(s) of "
            + config.model()
            + " ("
            + String.join(
                ", ", servers.stream().map(s -> s.describe() + " pid " + s.pid()).toList())
            + "); logs in "
            + config.logDir()
            + ". Waiting up to "
            + config.startTimeout().toSeconds()
            + " s for /health and /v1/models.");
  }

  /** {@code <command> serve <model> --port <port> <extraArgs>}. */
  private List<String> argv(int port) {
    List<String> argv = new ArrayList<>(config.command());
    argv.add("serve");
    argv.add(config.model());
    argv.add("--port");
    argv.add(Integer.toString(port));
    argv.addAll(config.extraArgs());
    return argv;
  }

  private void awaitReady(PrintStream out) {
    ReadinessProbe probe = new ReadinessProbe(config.apiKey());
    Instant started = Instant.now();
    Instant deadline = started.plus(config.startTimeout());
    Instant nextNote = started.plus(WAITING_NOTE);
    List<ServerProcess> pending = new ArrayList<>(servers);
    Map<Integer, String> lastState = new ConcurrentHashMap<>();
    while (true) {
      for (ServerProcess s : new ArrayList<>(pending)) {
        if (!s.alive()) {
          throw new FleetStartException(
              s.describe()
                  + " exited with code "
                  + s.exitCode().getAsInt()
                  + " during start-up. Last lines of "
                  + s.log()
                  + ":\n"
                  + s.logTail(LOG_TAIL_LINES));
        }
        Duration left = Duration.between(Instant.now(), deadline);
        String why =
            probe.notReady(endpoint(s), clamp(left, Duration.ofMillis(200), Duration.ofSeconds(5)));
        if (why == null) {
          pending.remove(s);
          out.println(
              s.name()
                  + " ready at "
                  + endpoint(s)
                  + " after "
                  + Duration.between(started, Instant.now()).toSeconds()
                  + " s");
        } else {
          lastState.put(s.index(), why);
        }
      }
      if (pending.isEmpty()) {
        phase = Phase.RUNNING;
        // one that exited between its last check and now was not reported by exited()
        servers.stream().filter(s -> !s.alive()).forEach(this::exited);
        return;
      }
      Instant now = Instant.now();
      if (!now.isBefore(deadline)) {
        List<String> lines = new ArrayList<>();
        for (ServerProcess s : pending) {
          lines.add(
              s.describe()
                  + " did not become ready within "
                  + config.startTimeout().toSeconds()
                  + " s (--launchTimeoutSeconds) at "
                  + endpoint(s)
                  + ": "
                  + lastState.get(s.index())
                  + ". Last lines of "
                  + s.log()
                  + ":\n"
                  + s.logTail(LOG_TAIL_LINES));
        }
        throw new FleetStartException(String.join("\n", lines));
      }
      if (!now.isBefore(nextNote)) {
        nextNote = now.plus(WAITING_NOTE);
        out.println(
            "Still waiting for "
                + String.join(
                    ", ",
                    pending.stream().map(s -> s.name() + ": " + lastState.get(s.index())).toList())
                + " ("
                + Duration.between(now, deadline).toSeconds()
                + " s left)");
      }
      try {
        Thread.sleep(clamp(Duration.between(now, deadline), Duration.ZERO, POLL).toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new FleetStartException("interrupted while waiting for the launched servers");
      }
    }
  }

  /** A server process ended: a death when the evaluation was running, else expected. */
  private void exited(ServerProcess s) {
    // its own lock, not the fleet's: stop() holds that while it waits for these same exits
    synchronized (deathLock) {
      if (phase != Phase.RUNNING || diedDuringRun.containsKey(s.index())) {
        return;
      }
      Instant at = Instant.now();
      s.killLeftovers();
      err.println("mathbeam: " + deathLine(s));
      diedDuringRun.put(s.index(), at);
    }
    long alive = servers.stream().filter(ServerProcess::alive).count();
    if (alive == 0) {
      err.println(
          "mathbeam: every launched server has exited; the remaining samples will fail as"
              + " request errors");
    }
    err.flush();
  }

  private String deathLine(ServerProcess s) {
    return s.describe()
        + " exited with code "
        + s.exitCode().orElse(-1)
        + " during the run; the client ejects it and sends its samples to the other replicas."
        + " Log: "
        + s.log();
  }

  private String endpoint(ServerProcess s) {
    return "http://" + config.connectHost() + ":" + s.port();
  }

  private int port(int replica, Set<Integer> taken) throws IOException {
    if (config.basePort() > 0) {
      int port = config.basePort() + replica;
      try (ServerSocket probe = new ServerSocket()) {
        probe.setReuseAddress(true);
        probe.bind(new InetSocketAddress(port));
      } catch (IOException e) {
        // no cause attached: the CLI prints an exception chain's innermost message only
        throw new FleetStartException(
            "port "
                + port
                + " of replica-"
                + replica
                + " is not free (--launchBasePort): "
                + e.getMessage());
      }
      return port;
    }
    while (true) {
      try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
        if (!taken.contains(free.getLocalPort())) {
          return free.getLocalPort();
        }
      }
    }
  }

  /** {@code name} itself when it holds a slash, else its first executable match on $PATH. */
  private static String resolve(String name) {
    if (name.contains(File.separator)) {
      if (!Files.isExecutable(Path.of(name))) {
        throw new FleetStartException(name + " is not an executable file (--vllmCommand)");
      }
      return name;
    }
    Path found = onPath(name);
    if (found == null) {
      throw new FleetStartException(
          name
              + " not found on $PATH ("
              + System.getenv("PATH")
              + "): install vLLM there or give its path with --vllmCommand");
    }
    return found.toString();
  }

  private static Path onPath(String name) {
    String path = System.getenv("PATH");
    if (path == null) {
      return null;
    }
    for (String dir : path.split(File.pathSeparator)) {
      if (dir.isEmpty()) {
        continue;
      }
      Path candidate = Path.of(dir, name);
      if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
        return candidate.toAbsolutePath();
      }
    }
    return null;
  }

  private static Duration clamp(Duration d, Duration min, Duration max) {
    return d.compareTo(min) < 0 ? min : d.compareTo(max) > 0 ? max : d;
  }

  private void stopFromHook() {
    if (!servers.isEmpty() && servers.stream().anyMatch(ServerProcess::alive)) {
      err.println("mathbeam: stopping the launched servers");
      err.flush();
    }
    stop();
  }

  /** Stops every replica: SIGTERM to each group, then SIGKILL to what is left after the grace. */
  @Override
  public void close() {
    try {
      Runtime.getRuntime().removeShutdownHook(shutdownHook);
    } catch (IllegalStateException | IllegalArgumentException e) {
      // the JVM is shutting down (the hook is running or will run) or the hook was never added
    }
    stop();
  }

  private synchronized void stop() {
    if (stopped) {
      return;
    }
    stopped = true;
    phase = Phase.STOPPING;
    servers.forEach(ServerProcess::terminate);
    Instant deadline = Instant.now().plus(config.stopGrace());
    List<ServerProcess> stubborn = new ArrayList<>();
    for (ServerProcess s : servers) {
      if (!s.awaitExit(deadline)) {
        stubborn.add(s);
      }
    }
    for (ServerProcess s : stubborn) {
      err.println(
          "mathbeam: "
              + s.describe()
              + " did not exit within "
              + config.stopGrace().toSeconds()
              + " s of SIGTERM (--launchStopSeconds); killing it");
      s.kill();
    }
    Instant killDeadline = Instant.now().plus(Duration.ofSeconds(10));
    for (ServerProcess s : stubborn) {
      if (!s.awaitExit(killDeadline)) {
        err.println("mathbeam: " + s.describe() + " pid " + s.pid() + " survived SIGKILL");
      }
    }
  }
}
