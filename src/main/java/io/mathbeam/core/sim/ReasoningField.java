package io.mathbeam.core.sim;

/** Where the chat endpoint puts the reasoning text (spec §3.6). */
public enum ReasoningField {
  /** {@code message.reasoning_content} (vLLM up to 0.11.0). */
  REASONING_CONTENT,
  /** {@code message.reasoning} (vLLM 2026 builds). */
  REASONING,
  /** Both keys with the same text (the transition releases). */
  BOTH,
  /** Reasoning parser off: the raw text, {@code </think>} included, is in {@code content}. */
  INLINE;

  /** Parses {@code reasoning_content}, {@code reasoning}, {@code both} or {@code inline}. */
  public static ReasoningField parse(String value) {
    switch (value.trim().toLowerCase(java.util.Locale.ROOT)) {
      case "reasoning_content":
        return REASONING_CONTENT;
      case "reasoning":
        return REASONING;
      case "both":
        return BOTH;
      case "inline":
      case "none":
        return INLINE;
      default:
        throw new IllegalArgumentException(
            "reasoning field must be reasoning_content, reasoning, both or inline: " + value);
    }
  }
}
