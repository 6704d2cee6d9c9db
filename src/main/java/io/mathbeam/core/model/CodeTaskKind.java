package io.mathbeam.core.model;

/** Which harness checks a code problem. */
public enum CodeTaskKind {
  /**
   * OpenAI's HumanEval: the program is {@code prompt + completion + test + check(entry_point)}; it
   * passes when it exits 0.
   */
  HUMANEVAL,
  /** LiveCodeBench's format: stdin or functional tests, each compared with its expected output. */
  LIVECODEBENCH
}
