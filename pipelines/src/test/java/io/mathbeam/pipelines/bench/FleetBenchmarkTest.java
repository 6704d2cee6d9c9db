package io.mathbeam.pipelines.bench;

import static org.junit.Assert.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.Test;

public class FleetBenchmarkTest {
  /** The names bin/mathbeam gives its class-data archives: one per subcommand and named runner. */
  @Test
  public void findsTheArchiveTheLauncherKeepsForTheCommand() {
    Path jar = Path.of("/x/pipelines/target/mathbeam.jar");
    assertEquals(
        Path.of("/x/pipelines/target/mathbeam.eval.jsa"),
        FleetBenchmark.launcherArchive(jar, "eval", List.of("--samples=4")));
    assertEquals(
        Path.of("/x/pipelines/target/mathbeam.eval-FlinkRunner.jsa"),
        FleetBenchmark.launcherArchive(
            jar, "eval", List.of("--runner=FlinkRunner", "--parallelism=2")));
    assertEquals(
        Path.of("/x/pipelines/target/mathbeam.regrade-Flinkx.jsa"),
        FleetBenchmark.launcherArchive(jar, "regrade", List.of("--runner=Flink/../x")));
  }
}
