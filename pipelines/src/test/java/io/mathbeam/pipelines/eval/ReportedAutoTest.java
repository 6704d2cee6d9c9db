package io.mathbeam.pipelines.eval;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mathbeam.core.sim.AnswerKey;
import io.mathbeam.core.sim.SimConfig;
import io.mathbeam.core.sim.SimulatedFleet;
import io.mathbeam.core.testing.SharedData;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** {@code --reported=auto}: the served model's published results from the shipped registry. */
public class ReportedAutoTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  /** Evaluates AIME 2024 (K=2) against a simulated fleet serving {@code servedName}. */
  private String evalServing(String servedName, String output, String... extra) throws Exception {
    Path aime24 = SharedData.datasets().resolve("aime24.jsonl");
    SimConfig config =
        SimConfig.builder()
            .replicas(2)
            .timeScale(4000)
            .maxModelLen(40960)
            .modelName(servedName)
            .answerKey(AnswerKey.fromJsonl(List.of(aime24), "problem", "answer"))
            .build();
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    try (SimulatedFleet fleet = SimulatedFleet.start(config)) {
      List<String> args =
          new java.util.ArrayList<>(
              List.of(
                  "--problems=" + aime24,
                  "--samples=2",
                  "--endpoints=" + String.join(",", fleet.endpoints()),
                  "--output=" + output,
                  "--reported=auto"));
      args.addAll(List.of(extra));
      new EvalCommand(new PrintStream(printed, true, StandardCharsets.UTF_8))
          .run(args.toArray(new String[0]));
    }
    return printed.toString(StandardCharsets.UTF_8);
  }

  @Test
  public void aRegisteredServedModelGetsThePapersTableAndASamplingWarning() throws Exception {
    String output = tmp.newFolder("r1").getPath();
    // served without the organisation, in another case, at another temperature
    String printed = evalServing("DeepSeek-R1-distill-qwen-1.5b", output, "--temperature=1.0");

    assertTrue(
        printed,
        printed.contains("Reported vs reproduced: deepseek-ai/DeepSeek-R1-Distill-Qwen-1.5B"));
    assertTrue(printed, printed.contains("arXiv:2501.12948"));
    assertTrue(printed, printed.matches("(?s).*\naime24 +pass@1 +28\\.9%.*"));
    assertTrue(printed, printed.matches("(?s).*\naime24 +maj@64 +52\\.7%.*not computed.*"));
    // datasets the run did not evaluate are not listed
    assertFalse(printed, printed.contains("math500"));
    assertTrue(
        printed,
        printed.contains(
            "WARNING: this run's sampling differs from the source's: temperature 1.0 (source:"
                + " 0.6); K=2 on aime24 (source: 64)"));

    JsonNode metrics = JSON.readTree(Path.of(output, "metrics.json").toFile());
    MetricsSchema.assertValid(metrics);
    JsonNode comparison = metrics.path("reported_comparison");
    assertEquals(2, comparison.size());
    assertEquals("pass@1", comparison.get(0).path("metric").asText());
    assertEquals(0.289, comparison.get(0).path("reported").asDouble(), 1e-12);
    assertTrue(comparison.get(0).has("ci95_lower"));
    assertEquals("not_computed", comparison.get(1).path("status").asText());
    JsonNode source = metrics.path("reported_source");
    assertEquals("deepseek-ai/DeepSeek-R1-Distill-Qwen-1.5B", source.path("model").asText());
    assertEquals(2, source.path("sampling_differences").size());
  }

  @Test
  public void anUnregisteredServedModelSaysSoAndTheRunSucceeds() throws Exception {
    String output = tmp.newFolder("other").getPath();
    String printed = evalServing("my-finetune-v3", output);
    assertTrue(
        printed,
        printed.contains(
            "--reported=auto: no published results for the served model 'my-finetune-v3'"));
    assertFalse(printed, printed.contains("Reported vs reproduced"));
    JsonNode metrics = JSON.readTree(Path.of(output, "metrics.json").toFile());
    assertFalse(metrics.has("reported_comparison"));
  }
}
