package io.mathbeam.core.model;

import java.io.Serializable;

/**
 * What the server returned for one sample request, or why it failed.
 *
 * @param text the answer text (after any reasoning); null when the request failed or the server
 *     returned no content
 * @param reasoning reasoning text, from the reasoning field or split off before {@code </think>}
 * @param finishReason {@code stop}, {@code length}, ... ; null for failures
 * @param latencyMs wall time of the successful attempt, or of the whole try sequence on failure
 * @param replica base URL of the replica that answered (or last tried)
 * @param attempts HTTP attempts made, retries included
 * @param errorClass null on success; otherwise a {@link ErrorClass} name
 * @param errorMessage a human-readable reason for failures
 * @param codeExecutions with tool-integrated reasoning, the programs run while generating (the text
 *     then holds their outputs); null otherwise
 */
public record Generation(
    SampleRequest request,
    String text,
    String reasoning,
    String finishReason,
    int promptTokens,
    int completionTokens,
    long latencyMs,
    String replica,
    int attempts,
    String errorClass,
    String errorMessage,
    CodeExecutions codeExecutions)
    implements Serializable {

  /** A generation without code execution. */
  public Generation(
      SampleRequest request,
      String text,
      String reasoning,
      String finishReason,
      int promptTokens,
      int completionTokens,
      long latencyMs,
      String replica,
      int attempts,
      String errorClass,
      String errorMessage) {
    this(
        request,
        text,
        reasoning,
        finishReason,
        promptTokens,
        completionTokens,
        latencyMs,
        replica,
        attempts,
        errorClass,
        errorMessage,
        null);
  }

  public boolean failed() {
    return errorClass != null;
  }
}
