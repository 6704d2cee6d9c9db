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
    String errorMessage)
    implements Serializable {

  public boolean failed() {
    return errorClass != null;
  }
}
