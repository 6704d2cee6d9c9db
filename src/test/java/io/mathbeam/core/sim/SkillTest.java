package io.mathbeam.core.sim;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.junit.Test;

/** The {@code skill} knob scales the simulated model's solve probabilities and nothing else. */
public class SkillTest {
  private static final int PROBLEMS = 40;
  private static final int SEEDS = 50;

  /**
   * SHA-256 of {@link #fingerprint} computed with the simulator as it was before {@code skill}
   * existed: skill 1 must reproduce those outputs exactly, so runs and caches made with the older
   * simulator stay comparable.
   */
  private static final String OUTPUTS_BEFORE_SKILL =
      "3c54143ef1f775d921d2b89705dc3b2a3fd1860fb497ddbfd366792bcf0420bd";

  private static AnswerKey.Entry problem(int i) {
    return new AnswerKey.Entry(
        "Problem " + i + ": find the remainder when 7^" + (i + 3) + " is divided by 1000.",
        Integer.toString(100 + 7 * i));
  }

  private static SimulatedModel model(double skill) {
    return new SimulatedModel(600, 0.8, skill);
  }

  private static String fingerprint(SimulatedModel model) throws Exception {
    MessageDigest sha = MessageDigest.getInstance("SHA-256");
    for (int i = 0; i < PROBLEMS; i++) {
      AnswerKey.Entry entry = problem(i);
      for (int seed = 0; seed < SEEDS; seed++) {
        SimulatedModel.Choice c =
            model.generate(Optional.of(entry), 1000L + i, seed, 4096, List.of());
        String line =
            c.text() + "|" + c.completionTokens() + "|" + c.finishReason() + "|" + c.outcome();
        sha.update(line.getBytes(StandardCharsets.UTF_8));
      }
    }
    return HexFormat.of().formatHex(sha.digest());
  }

  private static int correct(SimulatedModel model) {
    int correct = 0;
    for (int i = 0; i < PROBLEMS; i++) {
      for (int seed = 0; seed < SEEDS; seed++) {
        SimulatedModel.Choice c =
            model.generate(Optional.of(problem(i)), 1000L + i, seed, 4096, List.of());
        correct += c.outcome() == SampleOutcome.CORRECT ? 1 : 0;
      }
    }
    return correct;
  }

  @Test
  public void skillOneReproducesTheOutputsOfTheSimulatorBeforeTheKnob() throws Exception {
    assertEquals(1.0, SimConfig.defaults().skill(), 0);
    assertEquals(OUTPUTS_BEFORE_SKILL, fingerprint(model(SimConfig.defaults().skill())));
  }

  @Test
  public void halfSkillRoughlyHalvesTheCorrectFraction() {
    double expectedFull = 0;
    double expectedHalf = 0;
    for (int i = 0; i < PROBLEMS; i++) {
      double p = AnswerKey.solveProbability(problem(i).problem());
      expectedFull += OutcomeOdds.forSolveProbability(p).correct() * SEEDS;
      expectedHalf += OutcomeOdds.forSolveProbability(p * 0.5).correct() * SEEDS;
    }
    int full = correct(model(1.0));
    int half = correct(model(0.5));
    int n = PROBLEMS * SEEDS;
    assertTrue("full " + full + " vs expected " + expectedFull, near(full, expectedFull, n));
    assertTrue("half " + half + " vs expected " + expectedHalf, near(half, expectedHalf, n));
    assertTrue("half " + half + " vs full " + full, half < 0.6 * full);
  }

  @Test
  public void skillIsCappedAtCertaintyAndZeroNeverSolves() {
    assertEquals(0, correct(model(0.0)));
    SimulatedModel huge = model(1000);
    for (int i = 0; i < PROBLEMS; i++) {
      assertEquals(1.0, huge.solveProbability(problem(i)), 0);
    }
    assertTrue(correct(huge) > 0.8 * PROBLEMS * SEEDS);
  }

  @Test
  public void serveSimAcceptsSkillAndRejectsNegativeOrNonNumeric() {
    PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    try (SimulatedFleet fleet =
        SimServerMain.launch(new String[] {"--replicas=1", "--skill=0.3"}, quiet)) {
      assertEquals(0.3, fleet.config().skill(), 0);
    }
    for (String bad : List.of("--skill=-0.1", "--skill=half", "--skill=NaN", "--skill=Infinity")) {
      try {
        SimServerMain.launch(new String[] {bad}, quiet).close();
        fail(bad + " was accepted");
      } catch (SimUsageException e) {
        assertTrue(e.getMessage(), e.getMessage().contains("skill"));
      }
    }
  }

  private static boolean near(int observed, double mean, int n) {
    double p = mean / n;
    return Math.abs(observed - mean) <= 5 * Math.sqrt(n * p * (1 - p)) + 3;
  }
}
