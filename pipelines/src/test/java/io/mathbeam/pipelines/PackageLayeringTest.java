package io.mathbeam.pipelines;

import static io.mathbeam.core.testing.PackageImports.within;
import static org.junit.Assert.assertEquals;

import io.mathbeam.core.testing.PackageImports;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.Test;

/**
 * The package layering of the pipelines and transforms modules (docs/ARCHITECTURE.md): no package
 * cycle in either, and the product apart from its harness: no product package imports the
 * simulator, the benchmarks or the synthetic runs. Only the command registry ({@code Main} and the
 * adapters beside it in {@code io.mathbeam.pipelines}) may, since it lists every command.
 */
public class PackageLayeringTest {
  private static final List<String> HARNESS =
      List.of(
          "io.mathbeam.core.sim", "io.mathbeam.pipelines.bench", "io.mathbeam.pipelines.synthetic");

  private static final String REGISTRY = "io.mathbeam.pipelines";

  /** Tests run in the pipelines module; the transforms module is its sibling. */
  private static final PackageImports PIPELINES = PackageImports.read(Path.of("src/main/java"));

  private static final PackageImports TRANSFORMS =
      PackageImports.read(Path.of("../transforms/src/main/java"));

  @Test
  public void pipelinesPackagesFormNoCycle() {
    PIPELINES.assertAcyclic();
  }

  @Test
  public void transformsPackagesFormNoCycle() {
    TRANSFORMS.assertAcyclic();
  }

  @Test
  public void noProductPackageImportsTheHarness() {
    assertEquals(List.of(), productUsesOfHarness(PIPELINES));
    assertEquals(List.of(), productUsesOfHarness(TRANSFORMS));
  }

  @Test
  public void theRulesSeeViolations() {
    PackageImports bad =
        PackageImports.of(
            Map.of(
                "Main.java",
                "package io.mathbeam.pipelines;\nimport io.mathbeam.pipelines.bench.FleetBenchmark;\n",
                "EvalCommand.java",
                "package io.mathbeam.pipelines.eval;\nimport io.mathbeam.core.sim.SimulatedFleet;\n",
                "SyntheticRun.java",
                "package io.mathbeam.pipelines.synthetic;\n"
                    + "class SyntheticRun { io.mathbeam.pipelines.bench.RegradeFloor f; }\n",
                "RegradeFloor.java",
                "package io.mathbeam.pipelines.bench;\n"
                    + "import io.mathbeam.pipelines.synthetic.SyntheticRun;\n"));
    assertEquals(
        List.of(
            "io.mathbeam.pipelines.bench",
            "io.mathbeam.pipelines.synthetic",
            "io.mathbeam.pipelines.bench"),
        bad.cycle());
    assertEquals(
        List.of("io.mathbeam.pipelines.eval -> io.mathbeam.core.sim [EvalCommand.java]"),
        productUsesOfHarness(bad));
  }

  private static List<String> productUsesOfHarness(PackageImports sources) {
    return sources.references(
        p -> !p.equals(REGISTRY) && !harness(p), PackageLayeringTest::harness);
  }

  private static boolean harness(String pkg) {
    return HARNESS.stream().anyMatch(h -> within(pkg, h));
  }
}
