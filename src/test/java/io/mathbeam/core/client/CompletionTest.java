package io.mathbeam.core.client;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;

import org.junit.Test;

public class CompletionTest {

  private static String chat(String message, String finishReason) {
    return "{\"object\":\"chat.completion\",\"choices\":[{\"index\":0,\"message\":"
        + message
        + ",\"finish_reason\":"
        + finishReason
        + "}],\"usage\":{\"prompt_tokens\":57,\"total_tokens\":157,\"completion_tokens\":100},"
        + "\"brand_new_field\":{\"x\":1}}";
  }

  @Test
  public void readsReasoningField() throws Exception {
    Completion c =
        Completion.parse(
            chat("{\"content\":\"42\",\"reasoning\":\"think\"}", "\"stop\""), Api.CHAT);
    assertEquals("42", c.text());
    assertEquals("think", c.reasoning());
    assertEquals("stop", c.finishReason());
    assertEquals(57, c.promptTokens());
    assertEquals(100, c.completionTokens());
  }

  @Test
  public void readsReasoningContentField() throws Exception {
    Completion c =
        Completion.parse(
            chat("{\"content\":\"42\",\"reasoning_content\":\"old\"}", "\"stop\""), Api.CHAT);
    assertEquals("42", c.text());
    assertEquals("old", c.reasoning());
  }

  @Test
  public void prefersReasoningOverReasoningContentWhenBothPresent() throws Exception {
    Completion c =
        Completion.parse(
            chat(
                "{\"content\":\"42\",\"reasoning\":\"new\",\"reasoning_content\":\"old\"}",
                "\"stop\""),
            Api.CHAT);
    assertEquals("new", c.reasoning());
  }

  @Test
  public void splitsInlineThinkAtTheLastClosingTag() throws Exception {
    Completion c =
        Completion.parse(
            chat(
                "{\"content\":\"<think>a</think> b </think>\\n\\nThe answer is 42\","
                    + "\"reasoning\":null}",
                "\"stop\""),
            Api.CHAT);
    assertEquals("a</think> b ", c.reasoning());
    assertEquals("\n\nThe answer is 42", c.text());
  }

  @Test
  public void inlineThinkWithoutOpeningTagKeepsAllReasoning() throws Exception {
    Completion c =
        Completion.parse(chat("{\"content\":\"step 1</think>42\"}", "\"stop\""), Api.CHAT);
    assertEquals("step 1", c.reasoning());
    assertEquals("42", c.text());
  }

  @Test
  public void nullContentWithLengthHasNoAnswer() throws Exception {
    Completion c =
        Completion.parse(
            chat("{\"content\":null,\"reasoning_content\":\"cut off\"}", "\"length\""), Api.CHAT);
    assertNull(c.text());
    assertEquals("cut off", c.reasoning());
    assertEquals("length", c.finishReason());
  }

  @Test
  public void completionsTextIsSplitAtThinkToo() throws Exception {
    Completion c =
        Completion.parse(
            "{\"choices\":[{\"text\":\"r</think>42\",\"finish_reason\":\"stop\"}]}",
            Api.COMPLETIONS);
    assertEquals("r", c.reasoning());
    assertEquals("42", c.text());
    assertEquals(0, c.promptTokens());
  }

  @Test
  public void missingFinishReasonAndUsageAreTolerated() throws Exception {
    Completion c = Completion.parse("{\"choices\":[{\"message\":{\"content\":\"x\"}}]}", Api.CHAT);
    assertEquals("x", c.text());
    assertNull(c.finishReason());
    assertEquals(0, c.completionTokens());
  }

  @Test
  public void rejectsBodiesWithoutAUsableChoice() {
    assertThrows(MalformedResponseException.class, () -> Completion.parse("not json", Api.CHAT));
    assertThrows(MalformedResponseException.class, () -> Completion.parse("[1]", Api.CHAT));
    assertThrows(
        MalformedResponseException.class, () -> Completion.parse("{\"choices\":[]}", Api.CHAT));
    assertThrows(
        MalformedResponseException.class,
        () -> Completion.parse("{\"choices\":[{\"text\":\"x\"}]}", Api.CHAT));
    assertThrows(
        MalformedResponseException.class,
        () -> Completion.parse("{\"choices\":[{\"message\":{}}]}", Api.COMPLETIONS));
  }
}
