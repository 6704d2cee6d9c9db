package io.mathbeam.pipelines.options;

import io.mathbeam.core.sandbox.SandboxConfig;
import io.mathbeam.core.sandbox.SandboxLimits;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.beam.sdk.options.Default;
import org.apache.beam.sdk.options.Description;
import org.apache.beam.sdk.options.PipelineOptions;

/** How code problems' programs run: the sandbox and its limits (docs/CODE.md). */
public interface SandboxOptions extends PipelineOptions {
  @Description(
      "Programs run at once per worker JVM in the code sandbox; 0: one per core of the worker.")
  @Default.Integer(0)
  int getSandboxParallelism();

  void setSandboxParallelism(int value);

  @Description("Wall-clock limit of one program run in the sandbox, in seconds.")
  @Default.Integer(10)
  int getSandboxTimeoutSeconds();

  void setSandboxTimeoutSeconds(int value);

  @Description("Address-space limit of each process in the sandbox, in MiB.")
  @Default.Integer(1024)
  int getSandboxMemoryMb();

  void setSandboxMemoryMb(int value);

  @Description("The Python 3 interpreter the sandbox runs (it must live under /usr).")
  @Default.String("/usr/bin/python3")
  String getSandboxPython();

  void setSandboxPython(String value);

  @Description(
      "Run model-written code WITHOUT isolation (rlimits only): the code can read your files and"
          + " reach the network. Only for machines that are themselves disposable sandboxes.")
  @Default.Boolean(false)
  boolean getUnsafeRunCodeWithoutSandbox();

  void setUnsafeRunCodeWithoutSandbox(boolean value);

  @Description(
      "Tool-integrated reasoning: generation stops when the model closes a ```python block, the"
          + " block runs in the code sandbox and its output is appended as a ```output block before"
          + " generation continues (docs/CODE.md).")
  @Default.Boolean(false)
  boolean getTir();

  void setTir(boolean value);

  @Description("With --tir, the most code blocks run per sample; later blocks are not run.")
  @Default.Integer(8)
  int getMaxCodeExecutions();

  void setMaxCodeExecutions(int value);

  /** The sandbox configuration these options describe. */
  static SandboxConfig config(SandboxOptions o) {
    int parallelism =
        o.getSandboxParallelism() > 0
            ? o.getSandboxParallelism()
            : Runtime.getRuntime().availableProcessors();
    Duration wall = Duration.ofSeconds(o.getSandboxTimeoutSeconds());
    SandboxLimits limits =
        SandboxLimits.defaults()
            .withWallTime(wall)
            .withCpuTime(wall)
            .withMemoryBytes((long) o.getSandboxMemoryMb() << 20);
    return SandboxConfig.defaults()
        .withParallelism(parallelism)
        .withLimits(limits)
        .withPython(Path.of(o.getSandboxPython()))
        .withUnsafeNoIsolation(o.getUnsafeRunCodeWithoutSandbox());
  }
}
