package io.mathbeam.core.sim;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * The TIR mode over HTTP, with outputs the test makes up: where responses stop, what the model does
 * with each kind of output, and how it ends when the client stops running its code.
 */
public class TirProtocolTest {
  private static final String PROBLEM =
      "How many ordered pairs of positive integers (a, b) satisfy a * b <= 2000?";
  private static final String GOLD = "5678";
  private static final String FRACTION_PROBLEM =
      "What fraction of the integers from 1 to 8 are divisible by 2 or by 3?";
  private static final String TRACEBACK =
      "Traceback (most recent call last):\n  File \"main.py\", line 2, in <module>\n"
          + "IndexError: list index out of range";

  private static SimulatedFleet fleet;
  private static String base;

  @BeforeClass
  public static void startFleet() {
    fleet =
        SimulatedFleet.start(
            SimConfig.builder()
                .replicas(1)
                .timeScale(50_000)
                .tir(true)
                .answerKey(AnswerKey.of(Map.of(PROBLEM, GOLD, FRACTION_PROBLEM, "\\frac{3}{4}")))
                .build());
    base = fleet.endpoints().get(0);
  }

  @AfterClass
  public static void stopFleet() {
    fleet.close();
  }

  private static TirConversation conversation(boolean chat, long seed) {
    return new TirConversation(base, chat, PROBLEM, seed);
  }

  /** Outputs 101, 202, 303, ... in turn. */
  private static java.util.function.UnaryOperator<String> counting() {
    AtomicInteger calls = new AtomicInteger();
    return code -> Integer.toString(101 * calls.incrementAndGet());
  }

  @Test
  public void firstResponseStopsAtTheClosingFenceOfItsFirstBlock() throws Exception {
    for (boolean chat : List.of(true, false)) {
      for (int seed = 0; seed < 10; seed++) {
        TirConversation.Turn turn = conversation(chat, seed).next(true);
        assertTrue(turn.toString(), turn.stoppedAtFence());
        String text = turn.text();
        assertTrue(text, text.contains("```python\n"));
        assertTrue(text, text.endsWith("\n"));
        assertFalse("the fence is removed: " + text, text.contains("```\n"));
        assertFalse(text, text.contains("\\boxed") || text.contains("</think>"));
        assertFalse("the value is computed, not written: " + text, text.contains(GOLD));
      }
    }
  }

  @Test
  public void eachBlockUsesThePreviousOutputAndTheAnswerIsTheLastOne() throws Exception {
    Set<Integer> chainLengths = new TreeSet<>();
    for (boolean chat : List.of(true, false)) {
      for (int seed = 0; seed < 30; seed++) {
        TirConversation c = conversation(chat, seed);
        String text = c.run(counting(), 6);
        List<String> codes = c.executedCodes();
        if (codes.size() == 6) {
          continue; // a stubborn sample, see below
        }
        for (int k = 1; k < codes.size(); k++) {
          assertTrue(codes.get(k), codes.get(k).startsWith("x = " + 101 * k + "\n"));
        }
        assertEquals(
            text, Optional.of(Integer.toString(101 * codes.size())), TirConversation.boxed(text));
        chainLengths.add(codes.size());
      }
    }
    assertEquals(Set.of(1, 2, 3), chainLengths);
  }

  @Test
  public void anotherOutputForTheSameSampleChangesItsAnswer() throws Exception {
    for (int seed = 0; seed < 5; seed++) {
      String honest = conversation(false, seed).run(code -> "4321", 6);
      String faked = conversation(false, seed).run(code -> "8765", 6);
      assertEquals(Optional.of("4321"), TirConversation.boxed(honest));
      assertEquals(Optional.of("8765"), TirConversation.boxed(faked));
    }
  }

  @Test
  public void aTracebackIsFollowedByTheSameStepAgainThenThePlanGoesOn() throws Exception {
    for (boolean chat : List.of(true, false)) {
      for (int seed = 0; seed < 8; seed++) {
        TirConversation plain = conversation(chat, seed);
        String plainText = plain.run(counting(), 6);
        TirConversation failing = conversation(chat, seed);
        AtomicInteger calls = new AtomicInteger();
        String failingText =
            failing.run(
                code ->
                    calls.getAndIncrement() == 0
                        ? TRACEBACK
                        : Integer.toString(101 * (calls.get() - 1)),
                7);
        List<String> retried = failing.executedCodes();
        assertTrue(failing.turns().get(1).text(), failing.turns().get(1).text().contains("error"));
        assertFalse(
            "step 1 again, not step 2: " + retried.get(1), retried.get(1).startsWith("x = "));
        assertEquals(
            plain.executedCodes().subList(1, plain.executedCodes().size()),
            retried.subList(2, retried.size()));
        assertEquals(TirConversation.boxed(plainText), TirConversation.boxed(failingText));
      }
    }
  }

  @Test
  public void stubbornSamplesAskForRunsUntilTheClientStopsThenBoxTheLastOutput() throws Exception {
    int stubborn = 0;
    int samples = 200;
    for (int seed = 0; seed < samples; seed++) {
      TirConversation c = conversation(false, seed);
      String text = c.run(code -> "4321", 8);
      if (c.executedCodes().size() < 8) {
        assertTrue(c.executedCodes().size() <= 3);
        continue;
      }
      stubborn++;
      TirConversation.Turn last = c.turns().get(c.turns().size() - 1);
      assertEquals("stop", last.finishReason());
      assertNull(last.stopReason());
      assertTrue("one more block, not run", last.text().contains("```python\n"));
      assertEquals(Optional.of("4321"), TirConversation.boxed(text));
    }
    assertTrue(stubborn + " stubborn samples of " + samples, stubborn >= 2 && stubborn <= 25);
  }

  @Test
  public void withoutTheStopStringTheSampleEndsWithAWrongGuess() throws Exception {
    for (boolean chat : List.of(true, false)) {
      for (int seed = 0; seed < 10; seed++) {
        TirConversation.Turn turn = conversation(chat, seed).next(false);
        assertEquals("stop", turn.finishReason());
        assertNull(turn.stopReason());
        assertTrue(
            turn.text(), turn.text().contains("```python\n") && turn.text().contains("\n```\n"));
        Optional<String> guess = TirConversation.boxed(turn.text());
        assertTrue(turn.text(), guess.isPresent());
        assertNotEquals(GOLD, guess.get());
      }
    }
  }

  @Test
  public void aChainCutShortByTheClientEndsWithAWrongGuess() throws Exception {
    int cut = 0;
    for (int seed = 0; seed < 20; seed++) {
      TirConversation full = conversation(false, seed);
      full.run(code -> GOLD, 6);
      if (full.executedCodes().size() < 2 || full.executedCodes().size() == 6) {
        continue;
      }
      cut++;
      String text = conversation(false, seed).run(code -> GOLD, 1);
      assertNotEquals(text, Optional.of(GOLD), TirConversation.boxed(text));
    }
    assertTrue(cut > 0);
  }

  @Test
  public void aBlockLeftOpenWithoutOutputIsClosedAndFollowedByAGuess() throws Exception {
    for (boolean chat : List.of(true, false)) {
      TirConversation c = conversation(chat, 1);
      c.next(true);
      TirConversation.Turn turn = c.next(false);
      assertTrue(turn.text(), turn.text().startsWith("```\n"));
      assertFalse(turn.text(), turn.text().contains("```python"));
      assertNotEquals(Optional.of(GOLD), TirConversation.boxed(turn.text()));
    }
  }

  @Test
  public void anOutputWithoutANumberLeavesNoFinalAnswer() throws Exception {
    for (int seed = 0; seed < 5; seed++) {
      TirConversation c = conversation(true, seed);
      String text = c.run(code -> "", 6);
      assertEquals(1, c.executedCodes().size());
      assertEquals(Optional.empty(), TirConversation.boxed(text));
      assertEquals("stop", c.turns().get(1).finishReason());
    }
  }

  @Test
  public void theLogRecordsStoppedResponsesThenWhetherTheFinalAnswerIsTheGold() throws Exception {
    List<String> outcomes = new ArrayList<>();
    for (String output : List.of(GOLD, "4321")) {
      int before = fleet.requestLog().size();
      String text = conversation(false, 3).run(code -> output, 6);
      assertEquals(Optional.of(output), TirConversation.boxed(text));
      List<RequestLogEntry> log = fleet.requestLog();
      for (RequestLogEntry e : log.subList(before, log.size())) {
        outcomes.addAll(e.outcomes());
      }
      outcomes.add("|");
    }
    String all = String.join(",", outcomes);
    assertTrue(all, all.matches("(stopped,)+correct,\\|,(stopped,)+wrong,\\|"));
  }

  @Test
  public void problemsWithoutAnIntegerGoldAreAnsweredWithoutCode() throws Exception {
    for (int seed = 0; seed < 5; seed++) {
      TirConversation.Turn turn =
          new TirConversation(base, false, FRACTION_PROBLEM, seed).next(true);
      assertFalse(turn.text(), turn.text().contains("```python"));
      assertNull(turn.stopReason());
    }
  }
}
