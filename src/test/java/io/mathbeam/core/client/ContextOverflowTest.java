package io.mathbeam.core.client;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.OptionalInt;
import org.junit.Test;

/** Every wording of spec §4.3 (N = 4096, M = 100 prompt tokens, X = 8000). */
public class ContextOverflowTest {

  private static void assertOverflow(
      String message, int maxModelLen, OptionalInt promptTokens, boolean exclusive) {
    assertTrue(message, ContextOverflow.matches(400, message));
    ContextOverflow parsed = ContextOverflow.parse(message).orElseThrow();
    assertEquals(message, maxModelLen, parsed.maxModelLen());
    assertEquals(message, promptTokens, parsed.promptTokens());
    assertEquals(message, exclusive, parsed.exclusiveLimit());
  }

  @Test
  public void vllmOldPromptPlusCompletionWordingGivesExactPromptTokens() {
    assertOverflow(
        "This model's maximum context length is 4096 tokens. However, you requested 8100 tokens"
            + " (100 in the messages, 8000 in the completion). Please reduce the length of the"
            + " messages or completion.",
        4096,
        OptionalInt.of(100),
        false);
  }

  @Test
  public void vllmOldPromptAloneWordingGivesExactPromptTokens() {
    assertOverflow(
        "This model's maximum context length is 4096 tokens. However, you requested 5000 tokens"
            + " in the messages, Please reduce the length of the messages.",
        4096,
        OptionalInt.of(5000),
        false);
  }

  @Test
  public void vllm0102PromptAloneWording() {
    assertOverflow(
        "This model's maximum context length is 4096 tokens. However, your request has 5000"
            + " input tokens. Please reduce the length of the input messages. None",
        4096,
        OptionalInt.of(5000),
        false);
  }

  @Test
  public void vllm0102MaxTokensTooLargeWording() {
    assertOverflow(
        "'max_tokens' or 'max_completion_tokens' is too large: 8000. This model's maximum"
            + " context length is 4096 tokens and your request has 100 input tokens"
            + " (8000 > 4096 - 100). None",
        4096,
        OptionalInt.of(100),
        false);
  }

  @Test
  public void vllm2026RendererWordingIsExactWithoutAtLeast() {
    assertOverflow(
        "This model's maximum context length is 4096 tokens. However, you requested 8000 output"
            + " tokens and your prompt contains 100 input tokens, for a total of 8100 tokens."
            + " Please reduce the length of the input prompt or the number of requested output"
            + " tokens.",
        4096,
        OptionalInt.of(100),
        false);
  }

  @Test
  public void vllm2026RendererAtLeastWordingGivesNoPromptTokens() {
    assertOverflow(
        "This model's maximum context length is 4096 tokens. However, you requested 8000 output"
            + " tokens and your prompt contains at least 97 input tokens, for a total of at least"
            + " 8097 tokens. Please reduce the length of the input prompt or the number of"
            + " requested output tokens.",
        4096,
        OptionalInt.empty(),
        false);
  }

  @Test
  public void vllm2026MainContextLengthIsOnlyWording() {
    assertOverflow(
        "You passed 100 input tokens and requested 8000 output tokens. However, the model's"
            + " context length is only 4096 tokens, resulting in a maximum input length of -3904"
            + " tokens. Please reduce the length of the input prompt.",
        4096,
        OptionalInt.of(100),
        false);
  }

  @Test
  public void vllm2026CharacterCountVariantGivesNoPromptTokens() {
    assertOverflow(
        "You passed 420 input characters and requested 8000 output tokens. However, the model's"
            + " context length is only 4096 tokens, resulting in a maximum input length of -3904"
            + " tokens. Please reduce the length of the input prompt.",
        4096,
        OptionalInt.empty(),
        false);
  }

  @Test
  public void vllmMissingSpaceMaxTokensWording() {
    assertOverflow(
        "max_tokens=8000cannot be greater than max_model_len=max_total_tokens=4096. Please"
            + " request fewer output tokens.",
        4096,
        OptionalInt.empty(),
        false);
    assertOverflow(
        "max_completion_tokens=8000cannot be greater than max_model_len=max_total_tokens=4096."
            + " Please request fewer output tokens.",
        4096,
        OptionalInt.empty(),
        false);
  }

  @Test
  public void vllmInputLengthExceedsWording() {
    assertOverflow(
        "Input length (5000) exceeds model's maximum context length (4096).",
        4096,
        OptionalInt.of(5000),
        false);
  }

  @Test
  public void sglangPromptAloneWordingIsExclusive() {
    assertOverflow(
        "The input (5000 tokens) is longer than the model's context length (4096 tokens).",
        4096,
        OptionalInt.of(5000),
        true);
  }

  @Test
  public void sglangPromptPlusCompletionWordingIsExclusive() {
    assertOverflow(
        "Requested token count exceeds the model's maximum context length of 4096 tokens. You"
            + " requested a total of 8100 tokens: 100 tokens from the input messages and 8000"
            + " tokens for the completion. Please reduce the number of tokens in the input"
            + " messages or the completion to fit within the limit.",
        4096,
        OptionalInt.of(100),
        true);
  }

  @Test
  public void outputBudgetIsOneSmallerForExclusiveLimits() {
    assertEquals(3996, new ContextOverflow(4096, OptionalInt.empty(), false).outputBudget(100));
    assertEquals(3995, new ContextOverflow(4096, OptionalInt.empty(), true).outputBudget(100));
  }

  @Test
  public void otherErrorsAndOtherStatusesAreNotOverflow() {
    assertFalse(ContextOverflow.matches(400, "top_p must be in (0, 1], got 2.0."));
    assertFalse(ContextOverflow.matches(400, "n must be 1 when using greedy sampling, got 4"));
    assertFalse(
        ContextOverflow.matches(
            500, "This model's maximum context length is 4096 tokens. However, ..."));
    assertFalse(ContextOverflow.matches(400, null));
    assertTrue(ContextOverflow.parse("context length exceeded").isEmpty());
  }
}
