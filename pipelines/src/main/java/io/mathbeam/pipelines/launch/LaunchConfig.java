package io.mathbeam.pipelines.launch;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * What {@link LaunchedFleet} starts: {@code <command> serve <model> --port <port> <extraArgs>} once
 * per GPU group, with {@code CUDA_VISIBLE_DEVICES} set to the group.
 *
 * @param command the server executable and any words before {@code serve} ({@code [vllm]}); a name
 *     without a slash is looked up on {@code $PATH}
 * @param model the model argument of {@code serve}
 * @param gpuGroups one {@code CUDA_VISIBLE_DEVICES} value per replica
 * @param extraArgs the user's server flags, passed through unchanged
 * @param basePort replica i listens on basePort + i; 0 picks free ports
 * @param startTimeout how long a replica may take to answer {@code /health} and {@code /v1/models}
 * @param stopGrace how long a replica may take to exit after SIGTERM before it gets SIGKILL
 * @param logDir where {@code replica-<i>.log} files go
 * @param apiKey sent to {@code /v1/models} while waiting (vLLM checks it there when started with a
 *     key); null for none
 */
public record LaunchConfig(
    List<String> command,
    String model,
    List<String> gpuGroups,
    List<String> extraArgs,
    int basePort,
    Duration startTimeout,
    Duration stopGrace,
    Path logDir,
    String apiKey) {
  public LaunchConfig {
    command = List.copyOf(command);
    gpuGroups = List.copyOf(gpuGroups);
    extraArgs = List.copyOf(extraArgs);
    if (command.isEmpty()) {
      throw new IllegalArgumentException("--vllmCommand is empty");
    }
    if (gpuGroups.isEmpty()) {
      throw new IllegalArgumentException("no GPU to start a server on");
    }
    for (String arg : extraArgs) {
      if (arg.equals("--port") || arg.startsWith("--port=")) {
        throw new IllegalArgumentException(
            "--vllmArgs must not set --port: each replica gets its own (--launchBasePort)");
      }
    }
    if (basePort < 0 || basePort + gpuGroups.size() - 1 > 65535) {
      throw new IllegalArgumentException("--launchBasePort out of range: " + basePort);
    }
  }

  /** The host the replicas are reached at: the address given with {@code --host}, else loopback. */
  String connectHost() {
    for (int i = 0; i < extraArgs.size(); i++) {
      String arg = extraArgs.get(i);
      String host = null;
      if (arg.equals("--host") && i + 1 < extraArgs.size()) {
        host = extraArgs.get(i + 1);
      } else if (arg.startsWith("--host=")) {
        host = arg.substring("--host=".length());
      }
      if (host != null && !host.isBlank() && !host.equals("0.0.0.0") && !host.equals("::")) {
        return host.contains(":") ? "[" + host + "]" : host;
      }
    }
    return "127.0.0.1";
  }
}
