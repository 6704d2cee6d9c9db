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
 * @param errorClass null on success; otherwise why the request failed (written as its {@link
 *     ErrorClass#name()})
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
    ErrorClass errorClass,
    String errorMessage,
    CodeExecutions codeExecutions)
    implements Serializable {

  /** A builder of a generation for {@code request}; unset fields are null or zero. */
  public static Builder builder(SampleRequest request) {
    return new Builder(request);
  }

  public boolean failed() {
    return errorClass != null;
  }

  /** This generation answering {@code other}, the same sample as another consumer asked for it. */
  public Generation forRequest(SampleRequest other) {
    return new Generation(
        other,
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
        codeExecutions);
  }

  /** The error class as it is written out ({@link ErrorClass#name()}), or null on success. */
  public String errorClassName() {
    return errorClass == null ? null : errorClass.name();
  }

  /** Names each field of a {@link Generation}; fields left unset are null or zero. */
  public static final class Builder {
    private final SampleRequest request;
    private String text;
    private String reasoning;
    private String finishReason;
    private int promptTokens;
    private int completionTokens;
    private long latencyMs;
    private String replica;
    private int attempts;
    private ErrorClass errorClass;
    private String errorMessage;
    private CodeExecutions codeExecutions;

    private Builder(SampleRequest request) {
      this.request = request;
    }

    public Builder text(String text) {
      this.text = text;
      return this;
    }

    public Builder reasoning(String reasoning) {
      this.reasoning = reasoning;
      return this;
    }

    public Builder finishReason(String finishReason) {
      this.finishReason = finishReason;
      return this;
    }

    public Builder promptTokens(int promptTokens) {
      this.promptTokens = promptTokens;
      return this;
    }

    public Builder completionTokens(int completionTokens) {
      this.completionTokens = completionTokens;
      return this;
    }

    public Builder latencyMs(long latencyMs) {
      this.latencyMs = latencyMs;
      return this;
    }

    public Builder replica(String replica) {
      this.replica = replica;
      return this;
    }

    public Builder attempts(int attempts) {
      this.attempts = attempts;
      return this;
    }

    /** Marks the generation failed, with why and a human-readable reason. */
    public Builder error(ErrorClass errorClass, String errorMessage) {
      this.errorClass = errorClass;
      this.errorMessage = errorMessage;
      return this;
    }

    public Builder codeExecutions(CodeExecutions codeExecutions) {
      this.codeExecutions = codeExecutions;
      return this;
    }

    public Generation build() {
      return new Generation(
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
          codeExecutions);
    }
  }
}
