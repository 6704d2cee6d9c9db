package io.mathbeam.core.sim;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import com.fasterxml.jackson.databind.JsonNode;
import io.mathbeam.core.testing.SharedData;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.Test;

/** The serve-sim command line. */
public class SimServerMainTest {

  @Test
  public void launchPrintsEndpointsThatAnswerWithKnownProblems() throws Exception {
    String answers = SharedData.datasets().resolve("aime24.jsonl").toString();
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    try (SimulatedFleet fleet =
        SimServerMain.launch(
            new String[] {
              "--replicas=2",
              "--timeScale=50000",
              "--answers=" + answers,
              "--errorRate=503:0.0",
              "--model=sim-small",
              "--maxModelLen=8192"
            },
            new PrintStream(printed, true, StandardCharsets.UTF_8))) {
      String out = printed.toString(StandardCharsets.UTF_8);
      assertTrue(out, out.contains("30 known problems"));
      for (String endpoint : fleet.endpoints()) {
        assertTrue(out, out.contains(endpoint));
      }
      JsonNode models = HttpJson.json(HttpJson.get(fleet.endpoints().get(1) + "/v1/models"));
      assertEquals("sim-small", models.get("data").get(0).get("id").asText());
      assertEquals(8192, models.get("data").get(0).get("max_model_len").asInt());
    }
  }

  @Test
  public void tirFlagAndHumanEvalAnswersStartATirFleetThatKnowsTheCodeProblems() {
    String answers =
        SharedData.datasets().resolve("aime24.jsonl")
            + ","
            + SharedData.datasets().resolve("code/humaneval.jsonl");
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    try (SimulatedFleet fleet =
        SimServerMain.launch(
            new String[] {"--replicas=1", "--tir", "--answers=" + answers},
            new PrintStream(printed, true, StandardCharsets.UTF_8))) {
      assertTrue(fleet.config().tir());
      assertEquals(30 + 164, fleet.config().answerKey().size());
      String out = printed.toString(StandardCharsets.UTF_8);
      assertTrue(out, out.contains("194 known problems, TIR mode"));
    }
  }

  @Test
  public void helpPrintsUsageAndStartsNothing() {
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    assertNull(SimServerMain.launch(new String[] {"--help"}, new PrintStream(printed)));
    assertTrue(printed.toString().contains("--timeScale"));
  }

  @Test
  public void badFlagsAreReportedClearly() {
    String[][] bad = {
      {"--bogus=1"},
      {"--replicas=two"},
      {"--errorRate=503"},
      {"--replicas=0"},
      {"--answers=/no/such/file.jsonl"},
      {"replicas=2"},
      {"--reasoningField=thoughts"},
      {"--tir=maybe"},
      {"--tir", "--judge"},
      {"--outputLengths=weibull"},
      {"--replicas=2", "--slowReplicas=3"},
      {"--slowReplicas=1", "--slowFactor=0.5"}
    };
    for (String[] args : bad) {
      try (SimulatedFleet fleet =
          SimServerMain.launch(args, new PrintStream(new ByteArrayOutputStream()))) {
        fail("accepted " + String.join(" ", args) + " and started " + fleet.endpoints());
      } catch (SimUsageException expected) {
        assertTrue(expected.getMessage(), !expected.getMessage().isEmpty());
      }
    }
  }
}
