package io.mathbeam.core.sim;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.judge.JudgePrompt;
import io.mathbeam.core.model.JudgeVerdict;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.Test;

/** A fleet running as a judge model answers grading prompts with verdicts (real HTTP). */
public class JudgeModeTest {
  private static final JudgePrompt PROMPT = JudgePrompt.defaults();

  private static SimConfigBuilder judgeFleet(JudgeBehavior behavior) {
    return SimConfig.builder().replicas(1).timeScale(100_000).judge(behavior);
  }

  private static String judgePrompt(List<String> golds, String answer) {
    return PROMPT.render("Compute the value asked for in problem 17.", golds, answer, null);
  }

  private static String chatBody(String content, int maxTokens, boolean stream) {
    ObjectNode body = HttpJson.JSON.createObjectNode();
    body.putArray("messages").addObject().put("role", "user").put("content", content);
    body.put("temperature", 0.0);
    body.put("max_tokens", maxTokens);
    if (stream) {
      body.put("stream", true);
    }
    return body.toString();
  }

  private static JsonNode chat(String base, String content, int maxTokens) throws Exception {
    return HttpJson.postJson(
        base + "/v1/chat/completions", chatBody(content, maxTokens, false), 200);
  }

  private static String content(JsonNode body) {
    JsonNode text = body.get("choices").get(0).get("message").get("content");
    return text.isNull() ? "" : text.asText();
  }

  @Test
  public void strictJudgeAcceptsEquivalentAnswersAndRejectsDifferentOrUnparseableOnes()
      throws Exception {
    record Case(List<String> golds, String answer, JudgeVerdict expected, String label) {}
    List<Case> cases =
        List.of(
            new Case(List.of("\\frac{1}{2}"), "0.5", JudgeVerdict.CORRECT, "correct"),
            new Case(List.of("12"), "12.0", JudgeVerdict.CORRECT, "correct"),
            new Case(List.of("2", "-2"), "-2", JudgeVerdict.CORRECT, "correct"),
            new Case(List.of("3"), "4", JudgeVerdict.INCORRECT, "incorrect"),
            new Case(List.of("x^2+1"), "x^2 + 2", JudgeVerdict.INCORRECT, "incorrect"),
            new Case(List.of("7"), "\\frac{7}{", JudgeVerdict.INCORRECT, "incorrect"));
    try (SimulatedFleet fleet = SimulatedFleet.start(judgeFleet(JudgeBehavior.strict()).build())) {
      String base = fleet.endpoints().get(0);
      List<String> answers = new ArrayList<>();
      for (Case c : cases) {
        JsonNode body = chat(base, judgePrompt(c.golds(), c.answer()), 256);
        String reply = content(body);
        assertEquals(c + " got " + reply, c.expected(), JudgeVerdict.parse(reply));
        JsonNode choice = body.get("choices").get(0);
        assertEquals("stop", choice.get("finish_reason").asText());
        assertTrue(choice.get("message").get("reasoning_content").isNull());
        answers.add(c.answer());
      }
      List<RequestLogEntry> log = fleet.requestLog();
      for (int i = 0; i < cases.size(); i++) {
        assertEquals(List.of(cases.get(i).label()), log.get(i).verdicts());
        assertNull(log.get(i).outcomes());
      }
      assertEquals(answers, fleet.judgedAnswers());
    }
  }

  @Test
  public void promptWithoutTheJudgeLinesGetsAMalformedReply() throws Exception {
    try (SimulatedFleet fleet = SimulatedFleet.start(judgeFleet(JudgeBehavior.strict()).build())) {
      String base = fleet.endpoints().get(0);
      for (String prompt :
          List.of(
              "What is 2 + 2?",
              "Reference answer: 4\nno candidate line here",
              "Candidate's final answer: 4\nno reference line here")) {
        String reply = content(chat(base, prompt, 64));
        assertEquals(reply, JudgeVerdict.MALFORMED, JudgeVerdict.parse(reply));
      }
      for (RequestLogEntry e : fleet.requestLog()) {
        assertEquals(List.of("malformed"), e.verdicts());
      }
      assertEquals(List.of(List.of(), List.of(), List.of("4")), judgedPerRequest(fleet));
    }
  }

  private static List<List<String>> judgedPerRequest(SimulatedFleet fleet) {
    List<List<String>> out = new ArrayList<>();
    for (RequestLogEntry e : fleet.requestLog()) {
      List<String> answers = new ArrayList<>();
      for (String a : e.judgedAnswers()) {
        if (a != null) {
          answers.add(a);
        }
      }
      out.add(answers);
    }
    return out;
  }

  @Test
  public void ratesFormsAndParsingHoldOverManyPrompts() throws Exception {
    int prompts = 400;
    ObjectNode body = HttpJson.JSON.createObjectNode();
    ArrayNode list = body.putArray("prompt");
    for (int i = 0; i < prompts; i++) {
      String gold = Integer.toString(100 + i);
      // even prompts: an equivalent spelling; odd prompts: a different value
      String answer = i % 2 == 0 ? gold + ".0" : Integer.toString(101 + i);
      list.add(judgePrompt(List.of(gold), answer));
    }
    body.put("max_tokens", 64);
    body.put("temperature", 0.0);
    Map<String, Integer> counts = new java.util.TreeMap<>();
    Set<String> correctForms = new HashSet<>();
    Set<String> incorrectForms = new HashSet<>();
    Set<String> malformedShapes = new HashSet<>();
    try (SimulatedFleet fleet =
        SimulatedFleet.start(judgeFleet(new JudgeBehavior(0.3, 0.1)).build())) {
      JsonNode response =
          HttpJson.postJson(fleet.endpoints().get(0) + "/v1/completions", body.toString(), 200);
      List<String> verdicts = fleet.requestLog().get(0).verdicts();
      assertEquals(prompts, verdicts.size());
      for (int i = 0; i < prompts; i++) {
        JsonNode choice = response.get("choices").get(i);
        String reply = choice.get("text").asText();
        String verdict = verdicts.get(i);
        counts.merge(verdict, 1, Integer::sum);
        assertEquals("stop", choice.get("finish_reason").asText());
        if (i % 2 == 0) {
          assertTrue(verdict, verdict.equals("correct") || verdict.equals("malformed"));
        } else {
          assertTrue(verdict, !verdict.equals("correct"));
        }
        JudgeVerdict parsed = JudgeVerdict.parse(reply);
        switch (verdict) {
          case "correct", "lenient" -> {
            assertEquals(reply, JudgeVerdict.CORRECT, parsed);
            correctForms.add(reply);
          }
          case "incorrect" -> {
            assertEquals(reply, JudgeVerdict.INCORRECT, parsed);
            incorrectForms.add(reply);
          }
          default -> {
            assertEquals(reply, JudgeVerdict.MALFORMED, parsed);
            malformedShapes.add(reply);
          }
        }
      }
    }
    // 40 malformed and 0.3 * 180 = 54 lenient expected; bounds are about 3 standard deviations
    assertTrue(counts.toString(), between(counts.get("malformed"), 18, 62));
    assertTrue(counts.toString(), between(counts.get("lenient"), 33, 78));
    assertEquals(5, correctForms.size());
    assertEquals(5, incorrectForms.size());
    assertEquals(Set.of("", "I cannot tell.", "CORRECT or INCORRECT?", "Maybe."), malformedShapes);
  }

  private static boolean between(Integer value, int low, int high) {
    return value != null && value >= low && value <= high;
  }

  @Test
  public void repliesDependOnlyOnThePrompt() throws Exception {
    JudgeBehavior behavior = new JudgeBehavior(0.4, 0.2);
    try (SimulatedFleet one = SimulatedFleet.start(judgeFleet(behavior).build());
        SimulatedFleet other =
            SimulatedFleet.start(
                judgeFleet(behavior).replicas(2).serverSeed(99).faultSeed(5).build())) {
      for (int i = 0; i < 12; i++) {
        String prompt = judgePrompt(List.of(Integer.toString(i)), Integer.toString(i + i % 2));
        String first = content(chat(one.endpoints().get(0), prompt, 64));
        assertEquals(first, content(chat(one.endpoints().get(0), prompt, 64)));
        assertEquals(first, content(chat(other.endpoints().get(1), prompt, 64)));
        ObjectNode sampled = HttpJson.JSON.createObjectNode();
        sampled.putArray("messages").addObject().put("role", "user").put("content", prompt);
        sampled.put("temperature", 1.0).put("seed", 1234 + i).put("max_tokens", 64);
        assertEquals(
            first,
            content(
                HttpJson.postJson(
                    one.endpoints().get(0) + "/v1/chat/completions", sampled.toString(), 200)));
        ObjectNode completion = HttpJson.JSON.createObjectNode();
        completion.put("prompt", prompt).put("max_tokens", 64);
        JsonNode text =
            HttpJson.postJson(
                one.endpoints().get(0) + "/v1/completions", completion.toString(), 200);
        assertEquals(first, text.get("choices").get(0).get("text").asText());
      }
    }
  }

  @Test
  public void smallMaxTokensCutsTheReplyAndUsageCountsAFewTokens() throws Exception {
    try (SimulatedFleet fleet = SimulatedFleet.start(judgeFleet(JudgeBehavior.strict()).build())) {
      String base = fleet.endpoints().get(0);
      String prompt = judgePrompt(List.of("\\frac{3}{4}"), "0.75");
      JsonNode full = chat(base, prompt, 256);
      String reply = content(full);
      int completion = full.get("usage").get("completion_tokens").asInt();
      assertEquals(SimTokenizer.count(reply) + 1, completion);
      assertTrue("completion tokens " + completion, completion >= 3 && completion <= 30);
      ObjectNode tokenize = HttpJson.JSON.createObjectNode();
      tokenize.putArray("messages").addObject().put("role", "user").put("content", prompt);
      int promptTokens =
          HttpJson.postJson(base + "/tokenize", tokenize.toString(), 200).get("count").asInt();
      assertEquals(promptTokens, full.get("usage").get("prompt_tokens").asInt());

      JsonNode cut = chat(base, prompt, 1);
      String prefix = content(cut);
      assertEquals("length", cut.get("choices").get(0).get("finish_reason").asText());
      assertEquals(1, cut.get("usage").get("completion_tokens").asInt());
      assertTrue(
          prefix + " / " + reply, reply.startsWith(prefix) && prefix.length() < reply.length());
    }
  }

  @Test
  public void injectedErrorsStillStrikeJudgeRequestsAndARetryGetsTheSameVerdict() throws Exception {
    SimConfig config = judgeFleet(JudgeBehavior.strict()).errorRate(503, 0.5).faultSeed(3).build();
    try (SimulatedFleet fleet = SimulatedFleet.start(config)) {
      String url = fleet.endpoints().get(0) + "/v1/chat/completions";
      String body = chatBody(judgePrompt(List.of("5"), "6"), 64, false);
      int failures = 0;
      Set<String> replies = new HashSet<>();
      for (int i = 0; i < 30; i++) {
        HttpResponse<String> response = HttpJson.post(url, body);
        if (response.statusCode() == 503) {
          failures++;
        } else {
          assertEquals(200, response.statusCode());
          replies.add(content(HttpJson.json(response)));
        }
      }
      assertTrue("failures " + failures, failures >= 5 && failures <= 25);
      assertEquals(1, replies.size());
      assertEquals(JudgeVerdict.INCORRECT, JudgeVerdict.parse(replies.iterator().next()));
      assertEquals(30 - failures, fleet.requestsServed(0));
      assertEquals(30 - failures, fleet.judgedAnswers().size());
      long logged503 = fleet.requestLog().stream().filter(e -> e.status() == 503).count();
      assertEquals(failures, logged503);
    }
  }

  /** The {@code data:} payloads of a stream, read until the server ends it. */
  private static List<String> streamData(String url, String body) throws Exception {
    HttpResponse<InputStream> response =
        HttpJson.CLIENT.send(
            HttpRequest.newBuilder(URI.create(url))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofInputStream());
    assertEquals(200, response.statusCode());
    List<String> data = new ArrayList<>();
    try (BufferedReader reader =
        new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = reader.readLine()) != null) {
        if (line.startsWith("data: ")) {
          data.add(line.substring(6));
        }
      }
    }
    return data;
  }

  @Test
  public void streamedReplyIsAllContentAndMatchesTheWholeReply() throws Exception {
    try (SimulatedFleet fleet =
        SimulatedFleet.start(judgeFleet(new JudgeBehavior(0.5, 0)).build())) {
      String url = fleet.endpoints().get(0) + "/v1/chat/completions";
      int withThinking = 0;
      for (int i = 0; i < 25; i++) {
        String prompt = judgePrompt(List.of("\\pi"), Integer.toString(3 + i));
        String whole = content(chat(fleet.endpoints().get(0), prompt, 64));
        StringBuilder streamed = new StringBuilder();
        List<String> data = streamData(url, chatBody(prompt, 64, true));
        assertEquals("[DONE]", data.get(data.size() - 1));
        for (String d : data.subList(0, data.size() - 1)) {
          JsonNode delta = HttpJson.JSON.readTree(d).get("choices").get(0).get("delta");
          assertFalse(d, delta.has("reasoning_content"));
          streamed.append(delta.path("content").asText(""));
        }
        assertEquals(whole, streamed.toString());
        withThinking += whole.startsWith("<think>") ? 1 : 0;
      }
      assertTrue("no reply had a <think> block", withThinking > 0);
    }
  }

  @Test
  public void stalledJudgeStreamHoldsTheConnectionWithoutAVerdict() throws Exception {
    SimConfig config =
        judgeFleet(JudgeBehavior.strict()).streamStallRate(1).streamStallMillis(700).build();
    try (SimulatedFleet fleet = SimulatedFleet.start(config)) {
      long start = System.nanoTime();
      List<String> data =
          streamData(
              fleet.endpoints().get(0) + "/v1/chat/completions",
              chatBody(judgePrompt(List.of("5"), "5"), 64, true));
      long ms = (System.nanoTime() - start) / 1_000_000;
      assertFalse(data.contains("[DONE]"));
      assertTrue("stream ended after " + ms + " ms", ms >= 600);
      RequestLogEntry entry = fleet.requestLog().get(0);
      assertEquals("stream_stall", entry.fault());
      assertEquals(List.of("5"), entry.judgedAnswers());
    }
  }

  @Test
  public void fleetCountsRequestsPerReplicaAndListsTheJudgedAnswers() throws Exception {
    SimConfig config = judgeFleet(JudgeBehavior.strict()).replicas(2).build();
    try (SimulatedFleet fleet = SimulatedFleet.start(config)) {
      List<String> sent = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        String answer = "\\sqrt{" + (i + 2) + "}";
        chat(fleet.endpoints().get(i < 3 ? 0 : 1), judgePrompt(List.of("2"), answer), 64);
        sent.add(answer);
      }
      HttpJson.postJson(
          fleet.endpoints().get(1) + "/v1/chat/completions", "{\"messages\":[],\"top_p\":5}", 400);
      assertEquals(3, fleet.requestsServed(0));
      assertEquals(2, fleet.requestsServed(1));
      assertEquals(sent, fleet.judgedAnswers());
    }
  }

  @Test
  public void ordinaryFleetListsNoJudgedAnswers() throws Exception {
    try (SimulatedFleet fleet =
        SimulatedFleet.start(SimConfig.builder().replicas(1).timeScale(100_000).build())) {
      JsonNode body = chat(fleet.endpoints().get(0), judgePrompt(List.of("5"), "5"), 32);
      assertNotEquals(
          "", body.get("choices").get(0).get("message").get("reasoning_content").asText());
      assertEquals(List.of(), fleet.judgedAnswers());
      assertNull(fleet.requestLog().get(0).verdicts());
      assertEquals(1, fleet.requestsServed(0));
    }
  }

  @Test
  public void serveSimTakesTheJudgeFlags() throws Exception {
    PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    try (SimulatedFleet fleet =
        SimServerMain.launch(
            new String[] {
              "--replicas=1",
              "--timeScale=100000",
              "--judge",
              "--judgeLenientRate=0.25",
              "--judgeMalformedRate=0.05"
            },
            new PrintStream(printed, true, StandardCharsets.UTF_8))) {
      assertEquals(new JudgeBehavior(0.25, 0.05), fleet.config().judge());
      assertTrue(printed.toString(StandardCharsets.UTF_8).contains("judge"));
      String reply = content(chat(fleet.endpoints().get(0), judgePrompt(List.of("1"), "1"), 64));
      assertTrue(reply, JudgeVerdict.parse(reply) != JudgeVerdict.INCORRECT);
    }
    try (SimulatedFleet fleet = SimServerMain.launch(new String[] {"--replicas=1"}, quiet)) {
      assertNull(fleet.config().judge());
    }
    String[][] bad = {
      {"--judgeLenientRate=0.2"},
      {"--judge", "--judgeMalformedRate=1.5"},
      {"--judge", "--judgeLenientRate=often"},
      {"--judge=maybe"}
    };
    for (String[] args : bad) {
      try (SimulatedFleet fleet = SimServerMain.launch(args, quiet)) {
        fail("accepted " + String.join(" ", args) + " and started " + fleet.endpoints());
      } catch (SimUsageException expected) {
        assertTrue(
            expected.getMessage(),
            expected.getMessage().contains("judge") || expected.getMessage().contains("Rate"));
      }
    }
  }
}
