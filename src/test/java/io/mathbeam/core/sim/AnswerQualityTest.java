package io.mathbeam.core.sim;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.Test;

/** Over many seeds a known problem gets correct, wrong, missing and truncated answers. */
public class AnswerQualityTest {
  private static final Pattern BOXED = Pattern.compile("\\\\boxed\\{(.*)\\}");

  /** A statement whose simulated solve probability is in the middle of the range. */
  private static String midDifficultyProblem() {
    for (int i = 0; ; i++) {
      String problem = "Let $f(x) = x^2 + " + i + "x$. Find the value of $f(1)$ as a fraction.";
      double p = AnswerKey.solveProbability(problem);
      if (p > 0.45 && p < 0.65) {
        return problem;
      }
    }
  }

  private static Map<String, Integer> sample(
      String problem, String gold, Set<String> equivalents, int samples) throws Exception {
    SimConfig config =
        SimConfig.builder()
            .replicas(1)
            .timeScale(50_000)
            .medianOutputTokens(60)
            .answerKey(AnswerKey.of(Map.of(problem, gold)))
            .build();
    Map<String, Integer> counts = new HashMap<>();
    String prompt =
        problem + "\nPlease reason step by step, and put your final answer within " + "\\boxed{}.";
    try (SimulatedFleet fleet = SimulatedFleet.start(config)) {
      int perRequest = 50;
      for (int start = 0; start < samples; start += perRequest) {
        JsonNode body =
            HttpJson.postJson(
                fleet.endpoints().get(0) + "/v1/chat/completions",
                "{\"messages\":[{\"role\":\"user\",\"content\":"
                    + HttpJson.JSON.valueToTree(prompt)
                    + "}],\"seed\":"
                    + start
                    + ",\"n\":"
                    + perRequest
                    + ",\"max_tokens\":1500,\"temperature\":0.6}",
                200);
        for (JsonNode choice : body.get("choices")) {
          String content = choice.get("message").get("content").asText("");
          Matcher boxed = BOXED.matcher(content);
          String kind;
          if (choice.get("finish_reason").asText().equals("length")) {
            kind = "truncated";
          } else if (boxed.find()) {
            kind = equivalents.contains(boxed.group(1)) ? "correct" : "wrong";
          } else {
            assertTrue(content, !content.toLowerCase().contains("answer is"));
            kind = "missing";
          }
          counts.merge(kind, 1, Integer::sum);
        }
      }
    }
    return counts;
  }

  private static void assertNear(String kind, double expected, Map<String, Integer> counts, int n) {
    double observed = counts.getOrDefault(kind, 0);
    double mean = expected * n;
    double slack = 5 * Math.sqrt(mean * (1 - expected)) + 3;
    assertTrue(
        kind + ": expected about " + mean + ", got " + observed + " in " + counts,
        Math.abs(observed - mean) <= slack);
    assertTrue(kind + " never happened: " + counts, observed > 0);
  }

  @Test
  public void fractionGoldGetsAllFourOutcomesInPlausibleProportions() throws Exception {
    String problem = midDifficultyProblem();
    int n = 400;
    Map<String, Integer> counts =
        sample(problem, "\\frac{3}{4}", Set.of("\\frac{3}{4}", "\\dfrac{3}{4}", "3/4", "0.75"), n);
    OutcomeOdds odds = OutcomeOdds.forProblem(problem);
    assertEquals(n, counts.values().stream().mapToInt(Integer::intValue).sum());
    assertNear("correct", odds.correct(), counts, n);
    assertNear("wrong", odds.wrong(), counts, n);
    assertNear("missing", odds.missing(), counts, n);
    assertNear("truncated", odds.truncated(), counts, n);
  }

  @Test
  public void zeroPaddedGoldIsAnsweredVerbatimOrUnpadded() throws Exception {
    String problem = midDifficultyProblem().replace("fraction", "three-digit integer");
    Map<String, Integer> counts = sample(problem, "025", Set.of("025", "25"), 200);
    assertTrue(counts.toString(), counts.getOrDefault("correct", 0) > 20);
    assertTrue(counts.toString(), counts.getOrDefault("wrong", 0) > 10);
  }

  @Test
  public void unknownPromptGetsPlausibleButWrongAnswers() throws Exception {
    SimConfig config =
        SimConfig.builder()
            .replicas(1)
            .timeScale(50_000)
            .medianOutputTokens(60)
            .answerKey(AnswerKey.of(Map.of("Known statement about triangles and circles.", "7")))
            .build();
    int boxedAnswers = 0;
    try (SimulatedFleet fleet = SimulatedFleet.start(config)) {
      JsonNode body =
          HttpJson.postJson(
              fleet.endpoints().get(0) + "/v1/completions",
              "{\"prompt\":\"An unrelated question about squares.\",\"seed\":1,\"n\":40,"
                  + "\"max_tokens\":1500}",
              200);
      for (JsonNode choice : body.get("choices")) {
        Matcher boxed = BOXED.matcher(choice.get("text").asText());
        if (boxed.find()) {
          boxedAnswers++;
          assertTrue(boxed.group(1).matches("\\d+") && !boxed.group(1).equals("7"));
        }
      }
    }
    assertTrue(boxedAnswers > 20);
  }
}
