package io.mathbeam.core.model;

import java.io.Serializable;
import java.util.Objects;

/**
 * The judge model's decision on one sample.
 *
 * @param reply the judge's raw reply (message content), or null when the request failed
 * @param errorClass why the request failed ({@link ErrorClass} wire name), or null
 * @param latencyMs latency of the judge request
 */
public record Judgment(JudgeVerdict verdict, String reply, String errorClass, long latencyMs)
    implements Serializable {

  public Judgment {
    Objects.requireNonNull(verdict, "verdict");
  }

  /** A reply, parsed. */
  public static Judgment of(String reply, long latencyMs) {
    return new Judgment(JudgeVerdict.parse(reply), reply, null, latencyMs);
  }

  public static Judgment failed(String errorClass, long latencyMs) {
    return new Judgment(JudgeVerdict.ERROR, null, errorClass, latencyMs);
  }
}
