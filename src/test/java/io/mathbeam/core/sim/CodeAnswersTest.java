package io.mathbeam.core.sim;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mathbeam.core.testing.SharedData;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.junit.Test;

/** Code problems of the answer key are answered with one {@code ```python} block, or none. */
public class CodeAnswersTest {

  /** HumanEval rows: the {@code prompt} and the reference solution (prompt + canonical body). */
  static List<String[]> humanEval() throws Exception {
    Path file = SharedData.datasets().resolve("code/humaneval.jsonl");
    List<String[]> rows = new ArrayList<>();
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      JsonNode row = HttpJson.JSON.readTree(line);
      String prompt = row.get("prompt").asText();
      rows.add(
          new String[] {
            prompt,
            prompt + row.get("canonical_solution").asText(),
            row.get("test").asText(),
            row.get("entry_point").asText()
          });
    }
    return rows;
  }

  static AnswerKey humanEvalKey() throws Exception {
    return AnswerKey.fromJsonl(
        List.of(SharedData.datasets().resolve("code/humaneval.jsonl")), "problem", "answer");
  }

  @Test
  public void humanEvalRowsAreCodeEntriesWhoseGoldIsThePromptAndItsCanonicalBody()
      throws Exception {
    AnswerKey key = humanEvalKey();
    List<String[]> rows = humanEval();
    assertEquals(rows.size(), key.size());
    for (String[] row : rows) {
      String prompt = "Complete this function:\n\n```python\n" + row[0] + "```\n";
      AnswerKey.Entry entry = key.lookup(prompt).orElseThrow();
      assertTrue(entry.code());
      assertEquals(row[1], entry.gold());
    }
    assertFalse(
        AnswerKey.of(Map.of("What is six times seven?", "42"))
            .lookup("What is six times seven?")
            .orElseThrow()
            .code());
  }

  @Test
  public void eachSampleHoldsTheBlockItsLoggedOutcomeSays() throws Exception {
    List<String[]> rows = humanEval().subList(0, 12);
    SimConfig config =
        SimConfig.builder()
            .replicas(1)
            .timeScale(50_000)
            .medianOutputTokens(60)
            .reasoningField(ReasoningField.INLINE)
            .answerKey(humanEvalKey())
            .build();
    Map<SampleOutcome, Integer> seen = new EnumMap<>(SampleOutcome.class);
    try (SimulatedFleet fleet = SimulatedFleet.start(config)) {
      String url = fleet.endpoints().get(0) + "/v1/chat/completions";
      int id = 0;
      for (String[] row : rows) {
        String ask = "Complete this function:\n\n```python\n" + row[0] + "```";
        for (int seed = 0; seed < 12; seed++) {
          String requestId = "code-" + id++;
          JsonNode choice =
              HttpJson.postJson(
                      url,
                      "{\"messages\":[{\"role\":\"user\",\"content\":"
                          + HttpJson.JSON.valueToTree(ask)
                          + "}],\"seed\":"
                          + seed
                          + ",\"max_tokens\":8000,\"request_id\":\""
                          + requestId
                          + "\"}",
                      200)
                  .get("choices")
                  .get(0);
          assertEquals("stop", choice.get("finish_reason").asText());
          String text = choice.get("message").get("content").asText();
          SampleOutcome outcome = loggedOutcome(fleet, requestId);
          seen.merge(outcome, 1, Integer::sum);
          checkBlock(outcome, text, row[1], row[3]);
        }
      }
    }
    for (SampleOutcome expected :
        List.of(SampleOutcome.CORRECT, SampleOutcome.WRONG, SampleOutcome.MISSING)) {
      assertTrue(expected + " never seen: " + seen, seen.containsKey(expected));
    }
  }

  private static void checkBlock(
      SampleOutcome outcome, String text, String reference, String entryPoint) {
    int blocks = text.split("```python\n", -1).length - 1;
    if (outcome == SampleOutcome.MISSING) {
      assertEquals(text, 0, blocks);
      return;
    }
    assertEquals(text, 1, blocks);
    String code = text.substring(text.indexOf("```python\n") + 10, text.lastIndexOf("```"));
    assertTrue(code, code.contains("def " + entryPoint + "("));
    switch (outcome) {
      case CORRECT:
        assertEquals(reference, code);
        break;
      case WRONG:
        assertNotEquals(reference, code);
        assertFalse(code, code.contains("while True:") || code.contains("raise ValueError"));
        break;
      case HANGS:
        assertTrue(code, code.contains("while True:\n"));
        break;
      case RAISES:
        assertTrue(code, code.contains("raise ValueError("));
        break;
      default:
        throw new AssertionError("unexpected outcome " + outcome + " for " + text);
    }
  }

  private static SampleOutcome loggedOutcome(SimulatedFleet fleet, String requestId) {
    for (RequestLogEntry e : fleet.requestLog()) {
      if (requestId.equals(e.requestId())) {
        return SampleOutcome.valueOf(e.outcomes().get(0).toUpperCase(Locale.ROOT));
      }
    }
    throw new AssertionError("no log entry for " + requestId);
  }

  @Test
  public void outcomeSharesFollowTheDocumentedOdds() throws Exception {
    SimulatedModel model = new SimulatedModel(60, 0.8, 1.0);
    Map<SampleOutcome, Integer> counts = new EnumMap<>(SampleOutcome.class);
    double expectedCorrect = 0;
    int seeds = 30;
    List<String[]> rows = humanEval();
    for (String[] row : rows) {
      AnswerKey.Entry entry = AnswerKey.Entry.codeProblem(row[0], row[1]);
      double answered =
          1 - CodeAnswerWriter.HANGS - CodeAnswerWriter.RAISES - CodeAnswerWriter.NO_CODE;
      expectedCorrect += answered * model.solveProbability(entry) * seeds;
      for (int seed = 0; seed < seeds; seed++) {
        SimulatedModel.Choice c =
            model.generate(Optional.of(entry), row[0].hashCode(), seed, 20_000, List.of());
        counts.merge(c.outcome(), 1, Integer::sum);
      }
    }
    int n = rows.size() * seeds;
    assertNear(counts, SampleOutcome.HANGS, CodeAnswerWriter.HANGS * n, n);
    assertNear(counts, SampleOutcome.RAISES, CodeAnswerWriter.RAISES * n, n);
    assertNear(counts, SampleOutcome.MISSING, CodeAnswerWriter.NO_CODE * n, n);
    assertNear(counts, SampleOutcome.CORRECT, expectedCorrect, n);
  }

  private static void assertNear(
      Map<SampleOutcome, Integer> counts, SampleOutcome outcome, double mean, int n) {
    int observed = counts.getOrDefault(outcome, 0);
    double p = mean / n;
    double tolerance = 5 * Math.sqrt(n * p * (1 - p)) + 3;
    assertTrue(
        outcome + ": " + observed + " vs expected " + mean + " in " + counts,
        Math.abs(observed - mean) <= tolerance);
  }
}
