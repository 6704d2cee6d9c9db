package io.mathbeam.core.sim;

/** How one simulated choice ended, as recorded in the request log. */
public enum SampleOutcome {
  /** A final answer equal to the gold (verbatim or an equivalent spelling). */
  CORRECT,
  /** A final answer different from the gold (code: code that runs but computes wrong results). */
  WRONG,
  /** The generation ended without a final answer (code: without a code block). */
  MISSING,
  /** The generation hit {@code max_tokens} or the context end ({@code finish_reason: length}). */
  TRUNCATED,
  /** A stop string ended the generation. */
  STOPPED,
  /** Code problems: the answer's code loops forever inside the function under test. */
  HANGS,
  /** Code problems: the answer's code raises when the function under test is called. */
  RAISES
}
