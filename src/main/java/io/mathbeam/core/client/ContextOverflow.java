package io.mathbeam.core.client;

import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A "prompt + max_tokens exceeds the context window" rejection (HTTP 400), recognised from every
 * vLLM and SGLang wording of spec §4.3.
 *
 * @param maxModelLen the context window N stated by the server
 * @param promptTokens the prompt length M when the wording states it exactly (the 2026 "at least M"
 *     variant and the character-count variant give none)
 * @param exclusiveLimit true for SGLang, which rejects {@code prompt + max_tokens >= N} (one
 *     stricter than vLLM's {@code >})
 */
public record ContextOverflow(int maxModelLen, OptionalInt promptTokens, boolean exclusiveLimit) {

  private static final Pattern DETECT =
      Pattern.compile(
          "context length|is too large: \\d+|cannot be greater than max_model_len",
          Pattern.CASE_INSENSITIVE);

  private static final Pattern MAX_MODEL_LEN =
      Pattern.compile(
          "maximum context length (?:is|of) (\\d+)|context length is only (\\d+)"
              + "|context length \\((\\d+)(?: tokens)?\\)"
              + "|max_model_len=(?:max_total_tokens=)?(\\d+)",
          Pattern.CASE_INSENSITIVE);

  /** Wordings whose prompt-token number is exact; "contains at least M" is deliberately absent. */
  private static final Pattern PROMPT_TOKENS =
      Pattern.compile(
          "\\((\\d+) in the messages"
              + "|requested (\\d+) tokens in the messages"
              + "|your request has (\\d+) input tokens"
              + "|your prompt contains (\\d+) input tokens"
              + "|you passed (\\d+) input tokens"
              + "|input length \\((\\d+)\\)"
              + "|the input \\((\\d+) tokens\\)"
              + "|(\\d+) tokens from the input messages",
          Pattern.CASE_INSENSITIVE);

  private static final Pattern SGLANG =
      Pattern.compile(
          "is longer than the model's context length|requested token count exceeds",
          Pattern.CASE_INSENSITIVE);

  /** Whether a response with this status and error message is a context-window rejection. */
  public static boolean matches(int status, String message) {
    return status == 400 && message != null && DETECT.matcher(message).find();
  }

  /** The numbers in a context-overflow message; empty when it states no context window. */
  public static Optional<ContextOverflow> parse(String message) {
    if (message == null) {
      return Optional.empty();
    }
    OptionalInt n = firstGroup(MAX_MODEL_LEN.matcher(message));
    if (n.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        new ContextOverflow(
            n.getAsInt(),
            firstGroup(PROMPT_TOKENS.matcher(message)),
            SGLANG.matcher(message).find()));
  }

  /** The largest max_tokens the server accepts for a prompt of {@code prompt} tokens. */
  public int outputBudget(int prompt) {
    return maxModelLen - prompt - (exclusiveLimit ? 1 : 0);
  }

  private static OptionalInt firstGroup(Matcher matcher) {
    if (!matcher.find()) {
      return OptionalInt.empty();
    }
    for (int group = 1; group <= matcher.groupCount(); group++) {
      String value = matcher.group(group);
      if (value != null) {
        try {
          return OptionalInt.of(Integer.parseInt(value));
        } catch (NumberFormatException tooLarge) {
          return OptionalInt.empty();
        }
      }
    }
    return OptionalInt.empty();
  }
}
