package io.mathbeam.core.client;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.util.List;
import org.junit.Test;

public class StreamedChoicesTest {
  private static String chatChunk(int index, String delta, String finish) {
    return "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"m\","
        + "\"choices\":[{\"index\":"
        + index
        + ",\"delta\":"
        + delta
        + ",\"logprobs\":null,\"finish_reason\":"
        + (finish == null ? "null" : "\"" + finish + "\"")
        + "}]}";
  }

  private static final String USAGE =
      "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"choices\":[],"
          + "\"usage\":{\"prompt_tokens\":25,\"total_tokens\":125,\"completion_tokens\":100}}";

  private static List<Completion> feed(StreamedChoices choices, String... events) throws Exception {
    for (String event : events) {
      choices.accept(event);
    }
    return choices.result();
  }

  @Test
  public void interleavedChoicesAreAssembledByIndexWithUsageSplitLikeNonStreaming()
      throws Exception {
    List<Completion> streamed =
        feed(
            new StreamedChoices(Api.CHAT, 2),
            chatChunk(0, "{\"role\":\"assistant\",\"content\":\"\"}", null),
            chatChunk(1, "{\"role\":\"assistant\",\"content\":\"\"}", null),
            chatChunk(1, "{\"reasoning_content\":\"Let me\"}", null),
            chatChunk(0, "{\"reasoning_content\":\"Think\"}", null),
            chatChunk(1, "{\"reasoning_content\":\" see\",\"content\":\"No\"}", null),
            chatChunk(0, "{\"reasoning_content\":\"ing.\"}", null),
            chatChunk(0, "{\"content\":\"The answer is 42.\"}", "stop"),
            chatChunk(1, "{}", "length"),
            USAGE,
            "[DONE]");
    String whole =
        "{\"choices\":[{\"index\":0,\"message\":{\"content\":\"The answer is 42.\","
            + "\"reasoning_content\":\"Thinking.\"},\"finish_reason\":\"stop\"},"
            + "{\"index\":1,\"message\":{\"content\":\"No\",\"reasoning_content\":\"Let me see\"},"
            + "\"finish_reason\":\"length\"}],"
            + "\"usage\":{\"prompt_tokens\":25,\"completion_tokens\":100}}";
    assertEquals(Completion.parseChoices(whole, Api.CHAT, 2), streamed);
    assertEquals("Thinking.", streamed.get(0).reasoning());
    assertEquals("length", streamed.get(1).finishReason());
    assertEquals(100, streamed.get(0).completionTokens() + streamed.get(1).completionTokens());
  }

  @Test
  public void reasoningSentUnderBothNamesIsNotDoubled() throws Exception {
    List<Completion> streamed =
        feed(
            new StreamedChoices(Api.CHAT, 1),
            chatChunk(0, "{\"reasoning\":\"ab\",\"reasoning_content\":\"ab\"}", null),
            chatChunk(
                0, "{\"reasoning\":\"c\",\"reasoning_content\":\"c\",\"content\":\"x\"}", "stop"),
            USAGE,
            "[DONE]");
    assertEquals("abc", streamed.get(0).reasoning());
    assertEquals("x", streamed.get(0).text());
  }

  @Test
  public void inlineThinkInContentIsSplitAtTheLastClosingTag() throws Exception {
    List<Completion> streamed =
        feed(
            new StreamedChoices(Api.COMPLETIONS, 1),
            "{\"object\":\"text_completion\",\"choices\":[{\"index\":0,\"text\":\"<think>hm</th\","
                + "\"finish_reason\":null}],\"usage\":null}",
            "{\"object\":\"text_completion\",\"choices\":[{\"index\":0,\"text\":\"ink>\\n\\n7\","
                + "\"finish_reason\":\"stop\"}],\"usage\":null}",
            "[DONE]");
    assertEquals("hm", streamed.get(0).reasoning());
    assertEquals("\n\n7", streamed.get(0).text());
  }

  @Test
  public void withoutUsageTokensAreTheTextChunksAndPromptTokensZero() throws Exception {
    List<Completion> streamed =
        feed(
            new StreamedChoices(Api.CHAT, 2),
            chatChunk(0, "{\"role\":\"assistant\",\"content\":\"\"}", null),
            chatChunk(0, "{\"content\":\"a\"}", null),
            chatChunk(1, "{\"content\":\"b\"}", null),
            chatChunk(0, "{\"content\":\"c\"}", "stop"),
            chatChunk(1, "{}", "stop"),
            "[DONE]");
    assertEquals(2, streamed.get(0).completionTokens());
    assertEquals(1, streamed.get(1).completionTokens());
    assertEquals(0, streamed.get(0).promptTokens());
  }

  @Test
  public void continuousUsageGivesEachChoiceItsOwnCount() throws Exception {
    List<Completion> streamed =
        feed(
            new StreamedChoices(Api.CHAT, 2),
            "{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"a\"},\"finish_reason\":\"stop\"}],"
                + "\"usage\":{\"prompt_tokens\":9,\"completion_tokens\":7}}",
            "{\"choices\":[{\"index\":1,\"delta\":{\"content\":\"bbbbbbbb\"},"
                + "\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":9,\"completion_tokens\":3}}",
            "{\"choices\":[],\"usage\":{\"prompt_tokens\":9,\"completion_tokens\":10}}",
            "[DONE]");
    assertEquals(7, streamed.get(0).completionTokens());
    assertEquals(3, streamed.get(1).completionTokens());
    assertEquals(9, streamed.get(1).promptTokens());
  }

  @Test
  public void inBandErrorInEitherEnvelopeIsATypedFailureWithItsCode() throws Exception {
    for (String event :
        List.of(
            "{\"error\":{\"message\":\"EngineCore encountered an issue.\","
                + "\"type\":\"InternalServerError\",\"param\":null,\"code\":500}}",
            "{\"error\":{\"object\":\"error\",\"message\":\"EngineCore encountered an issue.\","
                + "\"type\":\"InternalServerError\",\"param\":null,\"code\":500}}",
            "{\"object\":\"error\",\"message\":\"EngineCore encountered an"
                + " issue.\",\"code\":500}")) {
      StreamedChoices choices = new StreamedChoices(Api.CHAT, 1);
      choices.accept(chatChunk(0, "{\"content\":\"a\"}", null));
      StreamErrorEventException e =
          assertThrows(StreamErrorEventException.class, () -> choices.accept(event));
      assertEquals("EngineCore encountered an issue.", e.getMessage());
      assertEquals("500", e.code());
      assertEquals(500, e.status());
    }
    assertEquals(500, new StreamErrorEventException("x", "context_length_exceeded").status());
    assertEquals(503, new StreamErrorEventException("x", "503").status());
  }

  @Test
  public void streamWithoutDoneIsIncomplete() throws Exception {
    StreamedChoices choices = new StreamedChoices(Api.CHAT, 1);
    choices.accept(chatChunk(0, "{\"content\":\"a\"}", "stop"));
    choices.accept(USAGE);
    assertFalse(choices.done());
    IncompleteStreamException e = assertThrows(IncompleteStreamException.class, choices::result);
    assertEquals("stream ended without [DONE]", e.getMessage());
  }

  @Test
  public void missingChoiceOrNonChunkEventIsMalformed() throws Exception {
    StreamedChoices one = new StreamedChoices(Api.CHAT, 2);
    one.accept(chatChunk(0, "{\"content\":\"a\"}", "stop"));
    one.accept("[DONE]");
    assertTrue(one.done());
    assertThrows(MalformedResponseException.class, one::result);
    StreamedChoices bad = new StreamedChoices(Api.CHAT, 1);
    assertThrows(MalformedResponseException.class, () -> bad.accept("not json"));
    assertThrows(MalformedResponseException.class, () -> bad.accept("{\"id\":\"x\"}"));
  }

  @Test
  public void eventsAfterDoneAreIgnored() throws Exception {
    StreamedChoices choices = new StreamedChoices(Api.CHAT, 1);
    choices.accept(chatChunk(0, "{\"content\":\"a\"}", "stop"));
    assertTrue(choices.accept("[DONE]"));
    assertTrue(choices.accept("{\"error\":{\"message\":\"late\"}}"));
    assertNull(choices.result().get(0).reasoning());
    assertEquals("a", choices.result().get(0).text());
  }
}
