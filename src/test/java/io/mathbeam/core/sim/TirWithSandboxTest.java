package io.mathbeam.core.sim;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.sandbox.Execution;
import io.mathbeam.core.sandbox.Sandbox;
import io.mathbeam.core.sandbox.TestSandboxes;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * TIR samples run end to end: a client that really runs each block in the sandbox reaches the gold
 * when the model solves the problem, and a wrong value when it does not.
 */
public class TirWithSandboxTest {
  private static final Map<String, String> PROBLEMS =
      Map.of(
          "Find the number of subsets of a twelve-element set with an even number of elements.",
          "2048",
          "Find the remainder when the sum of the first hundred primes is divided by 97.",
          "7",
          "Compute the difference between thirty-one squared and forty squared.",
          "-639");
  private static Sandbox sandbox;

  @BeforeClass
  public static void open() {
    sandbox = TestSandboxes.open(TestSandboxes.quick(2));
  }

  @AfterClass
  public static void close() {
    sandbox.close();
  }

  /** Runs a block as the client would: stdout and stderr together. */
  private static UnaryOperator<String> sandboxRunner(AtomicInteger tracebacks) {
    return code -> {
      Execution e = sandbox.run(code, "");
      String output = (e.stdout() + e.stderr()).strip();
      tracebacks.addAndGet(output.contains("Traceback") ? 1 : 0);
      return output;
    };
  }

  private static SimulatedFleet fleet(double skill) {
    return SimulatedFleet.start(
        SimConfig.builder()
            .replicas(1)
            .timeScale(50_000)
            .tir(true)
            .skill(skill)
            .answerKey(AnswerKey.of(PROBLEMS))
            .build());
  }

  @Test
  public void solvedSamplesReachTheGoldWhenTheClientRunsTheirCode() throws Exception {
    AtomicInteger tracebacks = new AtomicInteger();
    int conversations = 0;
    try (SimulatedFleet fleet = fleet(1000)) {
      for (Map.Entry<String, String> problem : PROBLEMS.entrySet()) {
        for (boolean chat : List.of(true, false)) {
          for (int seed = 0; seed < 8; seed++) {
            TirConversation c =
                new TirConversation(fleet.endpoints().get(0), chat, problem.getKey(), seed);
            String text = c.run(sandboxRunner(tracebacks), 6);
            assertEquals(text, Optional.of(problem.getValue()), TirConversation.boxed(text));
            conversations++;
          }
        }
      }
    }
    assertTrue(
        tracebacks + " first blocks raised in " + conversations,
        tracebacks.get() >= 1 && tracebacks.get() <= conversations / 3);
  }

  @Test
  public void unsolvedSamplesComputeAWrongValue() throws Exception {
    try (SimulatedFleet fleet = fleet(0)) {
      for (Map.Entry<String, String> problem : PROBLEMS.entrySet()) {
        for (int seed = 0; seed < 4; seed++) {
          TirConversation c =
              new TirConversation(fleet.endpoints().get(0), false, problem.getKey(), seed);
          String text = c.run(sandboxRunner(new AtomicInteger()), 6);
          Optional<String> answer = TirConversation.boxed(text);
          assertTrue(text, answer.isPresent());
          assertNotEquals(text, problem.getValue(), answer.get());
        }
      }
    }
  }
}
