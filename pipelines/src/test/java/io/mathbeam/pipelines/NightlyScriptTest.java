package io.mathbeam.pipelines;

import static org.hamcrest.CoreMatchers.containsString;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mathbeam.core.problems.BuiltinProblems;
import io.mathbeam.core.sim.AnswerKey;
import io.mathbeam.core.sim.SimConfig;
import io.mathbeam.core.sim.SimulatedFleet;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Runs {@code deploy/nightly/nightly.sh} as a real bash process three times against simulated
 * fleets that know the built-in sample set: a good model twice, then one at 0.3 of its skill. The
 * script's launcher ({@code MATHBEAM}) is a wrapper that starts {@link Main} on this test's class
 * path, so nothing is rebuilt and the shaded jar need not exist yet.
 */
public class NightlyScriptTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String SWEEP = "--benchmarks=sample:4";
  private static final long NIGHT_TIMEOUT_SECONDS = 180;

  private static SimulatedFleet goodModel;
  private static SimulatedFleet worseModel;

  @Rule public TemporaryFolder temp = new TemporaryFolder();

  @BeforeClass
  public static void startFleets() throws IOException {
    AnswerKey key = sampleAnswerKey();
    SimConfig good =
        SimConfig.builder()
            .replicas(2)
            .timeScale(20_000)
            .medianOutputTokens(300)
            .answerKey(key)
            .build();
    goodModel = SimulatedFleet.start(good);
    worseModel = SimulatedFleet.start(good.toBuilder().skill(0.3).build());
  }

  @AfterClass
  public static void stopFleets() {
    if (goodModel != null) {
      goodModel.close();
    }
    if (worseModel != null) {
      worseModel.close();
    }
  }

  @Test
  public void acceptsFirstAndEqualNightsThenKeepsTheBaselineOnARegression() throws Exception {
    Path state = temp.newFolder("state").toPath();
    Path launcher = launcherScript();

    Night first = runNight(launcher, state, goodModel);
    assertEquals(first.output, 0, first.exitCode);
    Path firstRun = acceptedRun(state);
    assertTrue(first.output, Files.isRegularFile(firstRun.resolve("metrics.json")));

    Night second = runNight(launcher, state, goodModel);
    assertEquals(second.output, 0, second.exitCode);
    // The power line of the gated dataset, with the samples a 5-point drop would need.
    assertThat(second.output, containsString("- power "));
    assertThat(second.output, containsString("pass@1: catches a drop of "));
    assertThat(second.output, containsString("; to catch 5.0 points: "));
    Path secondRun = acceptedRun(state);
    assertNotEquals("accepted did not advance", firstRun, secondRun);
    assertTrue(Files.isRegularFile(secondRun.resolve("compare/compare.json")));

    Night third = runNight(launcher, state, worseModel);
    assertEquals(third.output, 1, third.exitCode);
    assertEquals("a regression moved the baseline", secondRun, acceptedRun(state));
    assertThat(third.output, containsString("REGRESSION"));
    List<Path> runs = runDirectories(state);
    assertEquals(runs.toString(), 3, runs.size());
    String compareMd = Files.readString(runs.get(2).resolve("compare/compare.md"));
    assertThat(compareMd, containsString("**Verdict: REGRESSION**"));
    assertThat(compareMd, containsString(secondRun.getFileName().toString()));
    assertThat(
        Files.readString(runs.get(2).resolve("compare/compare-junit.xml")),
        containsString("type=\"regression\""));

    List<JsonNode> history = history(state);
    assertEquals(history.toString(), 3, history.size());
    assertEquals("accepted-first", history.get(0).get("verdict").asText());
    assertEquals("pass", history.get(1).get("verdict").asText());
    assertEquals("regression", history.get(2).get("verdict").asText());
    assertEquals(List.of(0, 0, 1), history.stream().map(h -> h.get("exit_code").asInt()).toList());
    assertTrue(history.get(0).get("baseline").isNull());
    assertEquals("runs/" + firstRun.getFileName(), history.get(1).get("baseline").asText());
    assertEquals("runs/" + secondRun.getFileName(), history.get(2).get("baseline").asText());
    for (int i = 0; i < 3; i++) {
      assertEquals("runs/" + runs.get(i).getFileName(), history.get(i).get("run").asText());
    }
    double good1 = passAt1(history.get(0));
    double good2 = passAt1(history.get(1));
    double worse = passAt1(history.get(2));
    // Requests are seeded, so the same model gives the same samples (up to a grade that ran into
    // the
    // grader's time budget on a loaded machine: one sample of 64); skill 0.3 loses most.
    assertEquals(good1, good2, 1.0 / 64 + 1e-9);
    assertTrue("good " + good2 + " vs worse " + worse, worse < 0.6 * good2);
  }

  @Test
  public void refusesToRunWithoutASweep() throws Exception {
    Path state = temp.newFolder("empty-state").toPath();
    ProcessBuilder pb = nightlyProcess(launcherScript(), state, "");
    Night night = run(pb);
    assertEquals(night.output, 2, night.exitCode);
    assertThat(night.output, containsString("MATHBEAM_NIGHTLY_ARGS"));
    assertTrue(runDirectories(state).isEmpty());
  }

  private static AnswerKey sampleAnswerKey() throws IOException {
    Map<String, String> answers = new LinkedHashMap<>();
    try (BufferedReader lines =
        new BufferedReader(
            new InputStreamReader(
                BuiltinProblems.open(BuiltinProblems.SAMPLE), StandardCharsets.UTF_8))) {
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        if (!line.isBlank()) {
          JsonNode problem = JSON.readTree(line);
          answers.put(problem.get("problem").asText(), problem.get("answer").asText());
        }
      }
    }
    return AnswerKey.of(answers);
  }

  /** A launcher that runs {@link Main} with this JVM's class path (paths may contain spaces). */
  private Path launcherScript() throws IOException {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    String script =
        "#!/usr/bin/env bash\nexec "
            + quote(java.toString())
            // Short-lived JVMs: C1 only and the serial collector start and finish sooner.
            + " -Xmx1g -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp "
            + quote(System.getProperty("java.class.path"))
            + " "
            + Main.class.getName()
            + " \"$@\"\n";
    Path launcher = temp.getRoot().toPath().resolve("mathbeam-launcher");
    Files.writeString(launcher, script);
    Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
    return launcher;
  }

  private static String quote(String s) {
    return "'" + s.replace("'", "'\\''") + "'";
  }

  private static ProcessBuilder nightlyProcess(Path launcher, Path state, String sweep) {
    Path script = repositoryRoot().resolve("deploy/nightly/nightly.sh");
    ProcessBuilder pb = new ProcessBuilder("bash", script.toString(), "--state=" + state);
    Map<String, String> env = pb.environment();
    env.remove("MATHBEAM_NIGHTLY_STATE");
    env.remove("MATHBEAM_NIGHTLY_GATE");
    env.put("MATHBEAM_NIGHTLY_DETECT", "5");
    env.put("MATHBEAM", launcher.toString());
    env.put("MATHBEAM_NIGHTLY_ARGS", sweep);
    return pb;
  }

  private Night runNight(Path launcher, Path state, SimulatedFleet fleet) throws Exception {
    String sweep = "--endpoints=" + String.join(",", fleet.endpoints()) + " " + SWEEP;
    return run(nightlyProcess(launcher, state, sweep));
  }

  private Night run(ProcessBuilder pb) throws Exception {
    Path log = Files.createTempFile(temp.getRoot().toPath(), "night", ".log");
    pb.redirectErrorStream(true).redirectOutput(log.toFile());
    Process process = pb.start();
    if (!process.waitFor(NIGHT_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
      throw new AssertionError("nightly.sh ran over " + NIGHT_TIMEOUT_SECONDS + " s");
    }
    return new Night(process.exitValue(), Files.readString(log));
  }

  private static Path acceptedRun(Path state) throws IOException {
    Path link = state.resolve("accepted");
    assertTrue("no accepted symlink in " + state, Files.isSymbolicLink(link));
    return state.resolve(Files.readSymbolicLink(link)).normalize();
  }

  private static List<Path> runDirectories(Path state) throws IOException {
    Path runs = state.resolve("runs");
    if (!Files.isDirectory(runs)) {
      return List.of();
    }
    try (var list = Files.list(runs)) {
      return list.sorted().toList();
    }
  }

  private static List<JsonNode> history(Path state) throws IOException {
    List<JsonNode> lines = new ArrayList<>();
    for (String line : Files.readAllLines(state.resolve("history.jsonl"))) {
      lines.add(JSON.readTree(line));
    }
    return lines;
  }

  private static double passAt1(JsonNode historyLine) {
    JsonNode value = historyLine.path("pass_at_1").path(BuiltinProblems.SAMPLE);
    assertTrue(historyLine.toString(), value.isNumber());
    return value.asDouble();
  }

  private static Path repositoryRoot() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve("deploy/nightly/nightly.sh"))) {
        return dir;
      }
    }
    throw new IllegalStateException("no deploy/nightly/nightly.sh above the working directory");
  }

  /** One finished run of the script: its exit code and everything it printed. */
  private record Night(int exitCode, String output) {}
}
