package io.mathbeam.core.sim;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import org.junit.Test;

/** Where reasoning and answer text go on the chat endpoint (spec §3.6). */
public class ReasoningModesTest {
  private static final String PROBLEM = "What is the sum of the first ten positive integers?";

  private static JsonNode ask(ReasoningField field, int maxTokens) throws Exception {
    SimConfig config =
        SimConfig.builder()
            .replicas(1)
            .timeScale(20_000)
            .medianOutputTokens(80)
            .reasoningField(field)
            .answerKey(AnswerKey.of(Map.of(PROBLEM, "55")))
            .build();
    try (SimulatedFleet fleet = SimulatedFleet.start(config)) {
      // a seed whose sample closes </think> within 2000 tokens exists among the first few
      for (int seed = 0; seed < 50; seed++) {
        JsonNode body =
            HttpJson.postJson(
                fleet.endpoints().get(0) + "/v1/chat/completions",
                "{\"messages\":[{\"role\":\"user\",\"content\":\""
                    + PROBLEM
                    + "\"}],\"seed\":"
                    + seed
                    + ",\"max_tokens\":"
                    + maxTokens
                    + "}",
                200);
        JsonNode choice = body.get("choices").get(0);
        boolean finished = choice.get("finish_reason").asText().equals("stop");
        if (finished == (maxTokens > 100)) {
          return choice;
        }
      }
    }
    throw new AssertionError("no sample with the wanted finish reason");
  }

  @Test
  public void reasoningContentHoldsTheThinkingAndContentTheAnswer() throws Exception {
    JsonNode message = ask(ReasoningField.REASONING_CONTENT, 4000).get("message");
    String reasoning = message.get("reasoning_content").asText();
    assertFalse(reasoning.isEmpty());
    assertFalse(reasoning.contains("</think>"));
    assertFalse(message.get("content").asText().contains("</think>"));
    assertFalse(message.has("reasoning"));
  }

  @Test
  public void reasoningFieldNameIsConfigurable() throws Exception {
    JsonNode message = ask(ReasoningField.REASONING, 4000).get("message");
    assertTrue(message.get("reasoning").isTextual());
    assertFalse(message.has("reasoning_content"));
    JsonNode both = ask(ReasoningField.BOTH, 4000).get("message");
    assertEquals(both.get("reasoning"), both.get("reasoning_content"));
  }

  @Test
  public void inlineModePutsRawTextWithThinkMarkerInContent() throws Exception {
    JsonNode message = ask(ReasoningField.INLINE, 4000).get("message");
    assertTrue(message.get("content").asText().contains("</think>"));
    assertFalse(message.has("reasoning_content"));
    assertFalse(message.has("reasoning"));
  }

  @Test
  public void truncatedBeforeThinkEndHasNullContent() throws Exception {
    JsonNode choice = ask(ReasoningField.REASONING_CONTENT, 30);
    assertEquals("length", choice.get("finish_reason").asText());
    assertTrue(choice.get("message").get("content").isNull());
    assertEquals(30, SimTokenizer.count(choice.get("message").get("reasoning_content").asText()));
  }
}
