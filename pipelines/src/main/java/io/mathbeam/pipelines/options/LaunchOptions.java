package io.mathbeam.pipelines.options;

import io.mathbeam.pipelines.launch.GpuList;
import io.mathbeam.pipelines.launch.LaunchConfig;
import io.mathbeam.pipelines.launch.ShellWords;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.beam.sdk.options.Default;
import org.apache.beam.sdk.options.Description;
import org.apache.beam.sdk.options.PipelineOptions;

/**
 * Servers that {@code eval} starts itself ({@code --launchModel}) instead of {@code --endpoints}.
 */
public interface LaunchOptions extends PipelineOptions {
  @Description(
      "Start one 'vllm serve MODEL' per GPU (or per --gpusPerReplica GPUs) on this machine, wait"
          + " until each answers /health and /v1/models, evaluate against them, and stop them when"
          + " eval exits (also on failure and Ctrl-C). Replaces --endpoints. Logs go to"
          + " <output>/servers/replica-<i>.log.")
  String getLaunchModel();

  void setLaunchModel(String value);

  @Description(
      "GPUs for --launchModel: device ids (or UUIDs), comma-separated, or 'auto':"
          + " $CUDA_VISIBLE_DEVICES when set, else every GPU nvidia-smi lists.")
  @Default.String(GpuList.AUTO)
  String getGpus();

  void setGpus(String value);

  @Description(
      "GPUs per launched replica, for a model split over GPUs (vLLM's --tensor-parallel-size;"
          + " pass that flag in --vllmArgs too).")
  @Default.Integer(1)
  int getGpusPerReplica();

  void setGpusPerReplica(int value);

  @Description(
      "Extra flags for every launched 'vllm serve', split as a shell would (quotes kept), e.g."
          + " \"--max-model-len 40960 --generation-config vllm --reasoning-parser deepseek_r1\"."
          + " Not --port: each replica gets its own.")
  String getVllmArgs();

  void setVllmArgs(String value);

  @Description(
      "The server command before 'serve': a name looked up on $PATH or a path, with any leading"
          + " words (e.g. \"uv run vllm\").")
  @Default.String("vllm")
  String getVllmCommand();

  void setVllmCommand(String value);

  @Description("Port of launched replica 0; replica i gets this + i. 0 picks free ports.")
  @Default.Integer(0)
  int getLaunchBasePort();

  void setLaunchBasePort(int value);

  @Description(
      "Seconds a launched replica may take to answer /health and /v1/models (loading, and on"
          + " first use downloading, the weights) before eval fails.")
  @Default.Integer(1200)
  int getLaunchTimeoutSeconds();

  void setLaunchTimeoutSeconds(int value);

  @Description("Seconds a launched replica may take to exit after SIGTERM before it gets SIGKILL.")
  @Default.Integer(30)
  int getLaunchStopSeconds();

  void setLaunchStopSeconds(int value);

  /**
   * The launch these options ask for, its logs under {@code <outputDir>/servers}.
   *
   * @param apiKey the key eval sends (checked by vLLM on /v1/models when it was started with one)
   */
  static LaunchConfig launchConfig(LaunchOptions options, String outputDir, String apiKey) {
    List<String> groups =
        GpuList.replicas(
            options.getGpus(),
            options.getGpusPerReplica(),
            System.getenv(),
            GpuList::fromNvidiaSmi);
    return new LaunchConfig(
        ShellWords.split(options.getVllmCommand()),
        options.getLaunchModel(),
        groups,
        ShellWords.split(options.getVllmArgs()),
        options.getLaunchBasePort(),
        Duration.ofSeconds(options.getLaunchTimeoutSeconds()),
        Duration.ofSeconds(options.getLaunchStopSeconds()),
        Path.of(outputDir, "servers"),
        apiKey);
  }
}
