package io.mathbeam.core.model;

/** How a test feeds a program and reads its answer (LiveCodeBench's {@code testtype}). */
public enum CodeTestType {
  /** The input goes to stdin; stdout is compared line by line, whitespace trimmed. */
  STDIN,
  /** The input lines are JSON arguments of {@code Solution().<func_name>}; the result is JSON. */
  FUNCTIONAL
}
