package io.mathbeam.core.sim;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** Multiple-choice prompts are answered with the letter of the gold option in the order shown. */
public class MultipleChoiceTest {
  private static final String STATEMENT = "What is the smallest prime number greater than twenty?";
  private static final List<String> OPTIONS = List.of("19", "21", "23", "29");
  private static final String GOLD = "23";
  private static final String INSTRUCTION =
      "Please reason step by step, and put the letter of your final answer within \\boxed{}.";

  private static final Pattern BOXED = Pattern.compile("\\\\boxed\\{(.*)\\}");
  private static final Pattern ANSWER_LINE = Pattern.compile("(?m)^Answer: ([A-Z])$");
  private static final Pattern ANSWER_IS = Pattern.compile("The answer is \\(([A-Z])\\)\\.");
  private static final Pattern BOLD = Pattern.compile("(?m)^\\*\\*([A-Z])\\*\\*$");

  @Rule public TemporaryFolder temp = new TemporaryFolder();

  /** The form of a final answer and the letter it names; null letter when there is none. */
  private record Read(String form, String letter) {}

  private static Read read(String content, List<String> shown) {
    if (content == null) {
      return new Read("none", null);
    }
    Matcher boxed = BOXED.matcher(content);
    if (boxed.find()) {
      String inside = boxed.group(1);
      if (inside.matches("[A-Z]")) {
        return new Read("boxed letter", inside);
      }
      int index = shown.indexOf(inside);
      return new Read("boxed text", index < 0 ? null : String.valueOf((char) ('A' + index)));
    }
    for (Map.Entry<String, Pattern> form :
        Map.of("answer line", ANSWER_LINE, "answer is", ANSWER_IS, "bold", BOLD).entrySet()) {
      Matcher m = form.getValue().matcher(content);
      if (m.find()) {
        return new Read(form.getKey(), m.group(1));
      }
    }
    return new Read("none", null);
  }

  private static String render(String statement, List<String> shown) {
    StringBuilder out = new StringBuilder(statement).append("\n\n");
    for (int i = 0; i < shown.size(); i++) {
      out.append((char) ('A' + i)).append(") ").append(shown.get(i)).append('\n');
    }
    return out.append('\n').append(INSTRUCTION).toString();
  }

  private static String letterOf(String text, List<String> shown) {
    return String.valueOf((char) ('A' + shown.indexOf(text)));
  }

  @Test
  public void answerKeyReadsChoiceRowsAndGpqaRows() throws Exception {
    Path file = temp.newFile("mc.jsonl").toPath();
    Files.write(
        file,
        List.of(
            "{\"problem\":\"Pick the even prime number from the list below.\","
                + "\"choices\":[\"1\",\"2\",\"3\"],\"answer\":\"B\"}",
            "{\"problem\":\"Pick the largest number from the list below.\","
                + "\"choices\":[\"7\",\"8\",\"9\"],\"answer\":\"(C)\"}",
            "{\"problem\":\"Pick the smallest number from the list below.\","
                + "\"choices\":[\"4\",\"5\",\"6\"],\"answer\":0}",
            "{\"problem\":\"Pick the number that equals two squared.\","
                + "\"choices\":[\"3\",\" 4 \",\"5\"],\"answer\":\"4\"}",
            "{\"problem\":\"A letter beyond the options names nothing here.\","
                + "\"choices\":[\"3\",\"4\"],\"answer\":\"D\"}",
            "{\"problem\":\"An index beyond the options names nothing here.\","
                + "\"choices\":[\"3\",\"4\"],\"answer\":5}",
            "{\"Question\":\"Which particle mediates the electromagnetic force?\","
                + "\"Correct Answer\":\" photon \",\"Incorrect Answer 1\":\"gluon\","
                + "\"Incorrect Answer 2\":\"W boson\",\"Incorrect Answer 3\":\"graviton\"}",
            "{\"problem\":\"What is one plus one, written as a number?\",\"answer\":\"2\"}"));
    AnswerKey key = AnswerKey.fromJsonl(List.of(file), "problem", "answer");
    assertEquals(6, key.size());
    assertEquals("2", gold(key, "Pick the even prime number from the list below."));
    assertEquals("9", gold(key, "Pick the largest number from the list below."));
    assertEquals("4", gold(key, "Pick the smallest number from the list below."));
    assertEquals("4", gold(key, "Pick the number that equals two squared."));
    assertEquals("photon", gold(key, "Which particle mediates the electromagnetic force?"));
    assertEquals("2", gold(key, "What is one plus one, written as a number?"));
    assertNull(gold(key, "A letter beyond the options names nothing here."));
    assertNull(gold(key, "An index beyond the options names nothing here."));
  }

  private static String gold(AnswerKey key, String prompt) {
    return key.lookup(prompt).map(AnswerKey.Entry::gold).orElse(null);
  }

  @Test
  public void optionsAreTheLastLetteredBlockAfterABlankLine() {
    assertEquals(OPTIONS, PromptOptions.find(render(STATEMENT, OPTIONS)).texts());
    String twoBlocks =
        "Consider the cases\n\nA) x is odd\nB) x is even\n\nWhich holds?\n\nA) 1\nB) 2\n\nGo.";
    assertEquals(List.of("1", "2"), PromptOptions.find(twoBlocks).texts());
    assertEquals(PromptOptions.NONE, PromptOptions.find("Statement\nA) 1\nB) 2"));
    assertEquals(PromptOptions.NONE, PromptOptions.find("Statement\n\nA) 1\nC) 2"));
    assertEquals(PromptOptions.NONE, PromptOptions.find("Statement\n\nA) only one"));
    assertEquals(List.of("a b", "c"), PromptOptions.find("S\r\n\r\nA) a b\r\nB) c").texts());
    assertEquals(2, PromptOptions.find(render(STATEMENT, OPTIONS)).indexOf(" 23 "));
    assertEquals(-1, PromptOptions.find(render(STATEMENT, OPTIONS)).indexOf("31"));
  }

  @Test
  public void samplesNameTheShuffledLetterOfTheGoldInVariedForms() throws Exception {
    assertTrue(
        "the statement should be neither easy nor hard",
        Math.abs(AnswerKey.solveProbability(STATEMENT) - 0.35) < 0.05);
    SimConfig config =
        SimConfig.builder()
            .replicas(1)
            .timeScale(100_000)
            .medianOutputTokens(150)
            .answerKey(AnswerKey.of(Map.of(STATEMENT, GOLD)))
            .build();
    Map<String, Integer> outcomes = new TreeMap<>();
    Set<String> forms = new TreeSet<>();
    Set<String> goldLetters = new TreeSet<>();
    Map<String, Integer> wrongTexts = new TreeMap<>();
    Random shuffles = new Random(42);
    try (SimulatedFleet fleet = SimulatedFleet.start(config)) {
      String url = fleet.endpoints().get(0) + "/v1/chat/completions";
      for (int round = 0; round < 8; round++) {
        List<String> shown = new ArrayList<>(OPTIONS);
        Collections.shuffle(shown, shuffles);
        String goldLetter = letterOf(GOLD, shown);
        goldLetters.add(goldLetter);
        ObjectNode body = HttpJson.JSON.createObjectNode();
        body.putArray("messages")
            .addObject()
            .put("role", "user")
            .put("content", render(STATEMENT, shown));
        body.put("n", 8).put("seed", 100 + round).put("max_tokens", 2048);
        JsonNode response = HttpJson.postJson(url, body.toString(), 200);
        RequestLogEntry entry = fleet.requestLog().get(round);
        for (int i = 0; i < 8; i++) {
          String outcome = entry.outcomes().get(i);
          outcomes.merge(outcome, 1, Integer::sum);
          JsonNode content = response.get("choices").get(i).get("message").get("content");
          Read read = read(content.isNull() ? null : content.asText(), shown);
          switch (outcome) {
            case "correct" -> {
              assertEquals(content.toString(), goldLetter, read.letter());
              forms.add(read.form());
            }
            case "wrong" -> {
              assertNotNull(content.toString(), read.letter());
              assertNotEquals(content.toString(), goldLetter, read.letter());
              forms.add(read.form());
              wrongTexts.merge(shown.get(read.letter().charAt(0) - 'A'), 1, Integer::sum);
            }
            default -> assertNull(content.toString(), read.letter());
          }
        }
      }
    }
    assertTrue("gold letters " + goldLetters, goldLetters.size() >= 3);
    assertTrue(outcomes.toString(), outcomes.getOrDefault("correct", 0) >= 8);
    assertTrue(outcomes.toString(), outcomes.getOrDefault("wrong", 0) >= 15);
    assertEquals(Set.of("answer is", "answer line", "bold", "boxed letter", "boxed text"), forms);
    // wrong samples favour one distractor whatever order the options were shown in
    int favourite = Collections.max(wrongTexts.values());
    int wrong = outcomes.get("wrong");
    assertTrue(wrongTexts + " of " + wrong, favourite >= 0.4 * wrong);
  }

  @Test
  public void solveRateFollowsSkill() {
    int problems = 30;
    int seeds = 40;
    double expectedFull = 0;
    double expectedHalf = 0;
    for (int i = 0; i < problems; i++) {
      double p = AnswerKey.solveProbability(statement(i));
      expectedFull += OutcomeOdds.forSolveProbability(p).correct() * seeds;
      expectedHalf += OutcomeOdds.forSolveProbability(p * 0.5).correct() * seeds;
    }
    int full = solved(new SimulatedModel(200, 0.8, 1.0), problems, seeds);
    int half = solved(new SimulatedModel(200, 0.8, 0.5), problems, seeds);
    int n = problems * seeds;
    assertTrue(
        full + " vs " + expectedFull, Math.abs(full - expectedFull) < 5 * sd(expectedFull, n));
    assertTrue(
        half + " vs " + expectedHalf, Math.abs(half - expectedHalf) < 5 * sd(expectedHalf, n));
    assertTrue(half + " vs " + full, half < 0.65 * full);
    assertEquals(0, solved(new SimulatedModel(200, 0.8, 0.0), problems, seeds));
  }

  private static String statement(int i) {
    return "Problem "
        + i
        + ": which of the listed values is the number of divisors of "
        + (60 + i)
        + "?";
  }

  /** Samples naming the gold's letter; checks every sample's letter against its outcome. */
  private static int solved(SimulatedModel model, int problems, int seeds) {
    int solved = 0;
    for (int i = 0; i < problems; i++) {
      String gold = Integer.toString(100 + i);
      List<String> shown = List.of(Integer.toString(99 + i), Integer.toString(101 + i), gold);
      AnswerKey.Entry entry = new AnswerKey.Entry(statement(i), gold);
      PromptOptions options = PromptOptions.find(render(statement(i), shown));
      for (int seed = 0; seed < seeds; seed++) {
        SimulatedModel.Choice c =
            model.generate(Optional.of(entry), options, 500L + i, seed, 4096, List.of());
        Read read = read(c.thinkEnd() < 0 ? null : c.text().substring(c.thinkEnd()), shown);
        boolean namedGold = "C".equals(read.letter());
        assertEquals(c.text(), c.outcome() == SampleOutcome.CORRECT, namedGold);
        solved += namedGold ? 1 : 0;
      }
    }
    return solved;
  }

  private static double sd(double mean, int n) {
    double p = mean / n;
    return Math.sqrt(n * p * (1 - p)) + 1;
  }

  @Test
  public void goldTextAmongNoOptionsIsAnsweredAsAnOrdinaryProblem() {
    SimulatedModel model = new SimulatedModel(200, 0.8, 1.0);
    AnswerKey.Entry entry = new AnswerKey.Entry(STATEMENT, GOLD);
    PromptOptions without = PromptOptions.find(render(STATEMENT, List.of("19", "21", "29")));
    assertFalse(without.texts().isEmpty());
    for (int seed = 0; seed < 30; seed++) {
      assertEquals(
          model.generate(Optional.of(entry), 7L, seed, 4096, List.of()),
          model.generate(Optional.of(entry), without, 7L, seed, 4096, List.of()));
    }
  }
}
