package io.mathbeam.pipelines.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes an executable {@code vllm} that stands in for vLLM in tests: it takes {@code serve MODEL
 * --port P [flags]}, writes its PID, {@code CUDA_VISIBLE_DEVICES} and arguments to its output (the
 * replica's log), and then behaves as the mode of its GPU says.
 *
 * <ul>
 *   <li>{@code serve}: the simulated fleet, one replica on P serving MODEL ({@code --max-model-len}
 *       passed on); it first leaves a detached {@code sleep} behind as vLLM leaves engine
 *       processes, which only stopping the process group reaches
 *   <li>{@code crash}: prints an error and exits 3 at once
 *   <li>{@code silent}: never listens
 *   <li>{@code stubborn}: never listens and ignores SIGTERM
 *   <li>{@code unhealthy}: listens and answers 503 to everything, {@code /health} included
 *   <li>{@code dies:N}: serves like {@code serve}, and is killed (exit 137) 0.3 s after it has
 *       answered N requests
 * </ul>
 */
public final class StandInVllm {
  private static final Pattern PID = Pattern.compile("pid (\\d+)");

  private StandInVllm() {}

  /**
   * @param modes mode per {@code CUDA_VISIBLE_DEVICES} value; {@code serve} for the others
   * @param timeScale the simulated fleet's time dilation (lower is slower)
   */
  public static Path write(Path dir, Map<String, String> modes, double timeScale)
      throws IOException {
    Files.createDirectories(dir);
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String jvm =
        quote(java)
            + " -Xmx192m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp "
            + quote(System.getProperty("java.class.path"));
    StringBuilder cases = new StringBuilder();
    modes.forEach(
        (gpus, mode) ->
            cases
                .append("  ")
                .append(quote(gpus))
                .append(") mode=")
                .append(quote(mode))
                .append(" ;;\n"));
    String script =
        String.join(
            "\n",
            "#!/usr/bin/env bash",
            "echo \"stand-in vllm pid $$\"",
            "echo \"CUDA_VISIBLE_DEVICES=${CUDA_VISIBLE_DEVICES-unset}\"",
            "echo \"args: $*\"",
            "[ \"$1\" = serve ] || { echo 'usage: vllm serve MODEL --port P'; exit 2; }",
            "model=\"$2\"; shift 2; port=''; maxlen=40960",
            "while [ $# -gt 0 ]; do",
            "  case \"$1\" in",
            "    --port) port=\"$2\"; shift 2 ;;",
            "    --max-model-len) maxlen=\"$2\"; shift 2 ;;",
            "    *) shift ;;",
            "  esac",
            "done",
            "mode=serve",
            "case \"${CUDA_VISIBLE_DEVICES-}\" in",
            cases + "esac",
            "sim=("
                + jvm
                + " io.mathbeam.pipelines.Main serve-sim --replicas=1 --basePort=$port"
                + " \"--model=$model\" --maxModelLen=$maxlen --timeScale="
                + timeScale
                + ")",
            "case \"$mode\" in",
            "  crash) echo 'RuntimeError: CUDA error: out of memory (stand-in)'; exit 3 ;;",
            "  silent) exec sleep 100000 ;;",
            "  stubborn) trap '' TERM; exec sleep 100000 ;;",
            "  unhealthy) exec " + jvm + " " + UnhealthyServer.class.getName() + " $port ;;",
            "  serve)",
            "    ( sleep 100000 & echo \"engine pid $!\" )",
            "    exec \"${sim[@]}\" ;;",
            "  dies:*)",
            "    n=${mode#dies:}; requests=$(mktemp)",
            "    \"${sim[@]}\" --requestLog=$requests & child=$!",
            "    echo \"server pid $child\"",
            "    until [ \"$(grep -c '\"status\" *: *200' $requests)\" -ge \"$n\" ]; do sleep 0.1; done",
            "    sleep 0.3; echo \"stand-in: killing the server after $n requests\"",
            "    kill -9 $child; exit 137 ;;",
            "esac",
            "");
    Path vllm = dir.resolve("vllm");
    Files.writeString(vllm, script, StandardCharsets.UTF_8);
    Files.setPosixFilePermissions(vllm, PosixFilePermissions.fromString("rwxr-xr-x"));
    return vllm;
  }

  /** Every PID a stand-in wrote to the logs in {@code logDir}. */
  public static List<Long> pids(Path logDir) throws IOException {
    List<Long> pids = new ArrayList<>();
    if (!Files.isDirectory(logDir)) {
      return pids;
    }
    try (var logs = Files.list(logDir)) {
      for (Path log : logs.toList()) {
        Matcher m = PID.matcher(Files.readString(log));
        while (m.find()) {
          pids.add(Long.parseLong(m.group(1)));
        }
      }
    }
    return pids;
  }

  /** The PIDs of {@code pids} that still run (a zombie no one has reaped yet counts as gone). */
  public static List<Long> alive(List<Long> pids) {
    return pids.stream().filter(StandInVllm::running).toList();
  }

  private static boolean running(long pid) {
    if (!ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
      return false;
    }
    try {
      String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
      return stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
    } catch (IOException e) {
      return false; // gone between the two checks
    }
  }

  private static String quote(String s) {
    return "'" + s.replace("'", "'\\''") + "'";
  }
}
