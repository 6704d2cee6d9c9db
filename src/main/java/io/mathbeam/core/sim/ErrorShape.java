package io.mathbeam.core.sim;

/** The JSON envelope of error responses (spec §4.1). */
public enum ErrorShape {
  /** vLLM 0.10.1 and later: {@code {"error":{"message","type","param","code"}}}. */
  NESTED,
  /**
   * vLLM 0.10.0 and earlier, SGLang: {@code {"object":"error","message","type","param","code"}}.
   */
  FLAT
}
