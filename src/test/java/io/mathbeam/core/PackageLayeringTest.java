package io.mathbeam.core;

import static io.mathbeam.core.testing.PackageImports.within;
import static org.junit.Assert.assertEquals;

import io.mathbeam.core.testing.PackageImports;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.Test;

/**
 * The core's package layering as docs/ARCHITECTURE.md states it: no package cycle; {@code model} on
 * the ground floor, importing no feature package; the simulator ({@code sim}, the test harness)
 * imported by no product package.
 */
public class PackageLayeringTest {
  private static final String CORE = "io.mathbeam.core";
  private static final String MODEL = CORE + ".model";
  private static final String SIM = CORE + ".sim";

  /** The ground floor beside {@code model} (the architecture doc's list). */
  private static final Set<String> GROUND_FLOOR = Set.of(CORE + ".concurrent", CORE + ".text");

  /** The core module's sources (its pom sets {@code main/java}; tests run in the module). */
  private static final PackageImports CORE_SOURCES = PackageImports.read(Path.of("main/java"));

  @Test
  public void corePackagesFormNoCycle() {
    CORE_SOURCES.assertAcyclic();
  }

  @Test
  public void modelImportsNoFeaturePackage() {
    assertEquals(List.of(), modelOutsideGroundFloor(CORE_SOURCES));
  }

  @Test
  public void noProductPackageImportsTheSimulator() {
    assertEquals(List.of(), productUsesOfSimulator(CORE_SOURCES));
  }

  @Test
  public void theRulesSeeViolations() {
    PackageImports bad =
        PackageImports.of(
            Map.of(
                "Problem.java",
                "package io.mathbeam.core.model;\nimport io.mathbeam.core.client.Api;\n",
                "Api.java",
                "package io.mathbeam.core.client;\n"
                    + "// io.mathbeam.core.text.Ignored in a comment\n"
                    + "class Api { io.mathbeam.core.model.Problem p; String s ="
                    + " \"io.mathbeam.core.sim.Ignored\"; }\n",
                "Grader.java",
                "package io.mathbeam.core.grading;\nimport static io.mathbeam.core.sim.Sim.x;\n"));
    assertEquals(
        List.of("io.mathbeam.core.client", "io.mathbeam.core.model", "io.mathbeam.core.client"),
        bad.cycle());
    assertEquals(
        List.of("io.mathbeam.core.model -> io.mathbeam.core.client [Problem.java]"),
        modelOutsideGroundFloor(bad));
    assertEquals(
        List.of("io.mathbeam.core.grading -> io.mathbeam.core.sim [Grader.java]"),
        productUsesOfSimulator(bad));
  }

  private static List<String> modelOutsideGroundFloor(PackageImports sources) {
    return sources.references(
        p -> p.equals(MODEL), p -> within(p, CORE) && !GROUND_FLOOR.contains(p));
  }

  private static List<String> productUsesOfSimulator(PackageImports sources) {
    return sources.references(p -> !within(p, SIM), p -> within(p, SIM));
  }
}
