package io.mathbeam.core.sim;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * One generation request as the simulator saw it (one JSON line of the request log). Sampling
 * fields are the effective values after the server-default chain of spec §2.3; they are null when
 * the request was rejected before they were resolved.
 *
 * @param status HTTP status sent, or 0 when the connection was closed without a response
 * @param fault injected fault ({@code error}, {@code reset}, {@code slow_body}, {@code dead},
 *     {@code stream_stall}, {@code stream_drop}, {@code stream_error}), {@code killed} (replica
 *     stopped), {@code disconnected} (the client left a stream), or null. Stream faults strike
 *     after the 200 headers, so their status is 200
 * @param outcomes one per choice: correct, wrong, missing, truncated, stopped, and for code
 *     problems hangs or raises; null from a judge
 * @param judgedAnswers a judge fleet's requests only: per prompt, the candidate answer its judge
 *     prompt named on its {@code Candidate's final answer:} line (null for a prompt without one);
 *     logged whatever the status
 * @param verdicts a judge fleet's answered requests only: per choice, the verdict the reply meant
 *     before any {@code max_tokens} cut: correct, incorrect, lenient (CORRECT for an answer the
 *     symbolic grader did not accept) or malformed
 */
public record RequestLogEntry(
    @JsonProperty("arrival_ms") long arrivalMs,
    @JsonProperty("finish_ms") long finishMs,
    @JsonProperty("replica") int replica,
    @JsonProperty("port") int port,
    @JsonProperty("endpoint") String endpoint,
    @JsonProperty("request_id") String requestId,
    @JsonProperty("prompt_hash") String promptHash,
    @JsonProperty("seed") Long seed,
    @JsonProperty("n") Integer n,
    @JsonProperty("status") int status,
    @JsonProperty("prompt_tokens") Integer promptTokens,
    @JsonProperty("completion_tokens") Integer completionTokens,
    @JsonProperty("max_tokens") Integer maxTokens,
    @JsonProperty("temperature") Double temperature,
    @JsonProperty("top_p") Double topP,
    @JsonProperty("top_k") Integer topK,
    @JsonProperty("min_p") Double minP,
    @JsonProperty("fault") String fault,
    @JsonProperty("finish_reasons") List<String> finishReasons,
    @JsonProperty("outcomes") List<String> outcomes,
    @JsonProperty("error") String error,
    @JsonProperty("judged_answers") List<String> judgedAnswers,
    @JsonProperty("verdicts") List<String> verdicts) {

  /** A builder of an entry; fields left unset are null (zero for the numbers always logged). */
  public static Builder builder() {
    return new Builder();
  }

  /** Names each field of a {@link RequestLogEntry}. */
  public static final class Builder {
    private long arrivalMs;
    private long finishMs;
    private int replica;
    private int port;
    private String endpoint;
    private String requestId;
    private String promptHash;
    private Long seed;
    private Integer n;
    private int status;
    private Integer promptTokens;
    private Integer completionTokens;
    private Integer maxTokens;
    private Double temperature;
    private Double topP;
    private Integer topK;
    private Double minP;
    private String fault;
    private List<String> finishReasons;
    private List<String> outcomes;
    private String error;
    private List<String> judgedAnswers;
    private List<String> verdicts;

    private Builder() {}

    public Builder arrivalMs(long arrivalMs) {
      this.arrivalMs = arrivalMs;
      return this;
    }

    public Builder finishMs(long finishMs) {
      this.finishMs = finishMs;
      return this;
    }

    public Builder replica(int replica) {
      this.replica = replica;
      return this;
    }

    public Builder port(int port) {
      this.port = port;
      return this;
    }

    public Builder endpoint(String endpoint) {
      this.endpoint = endpoint;
      return this;
    }

    public Builder requestId(String requestId) {
      this.requestId = requestId;
      return this;
    }

    public Builder promptHash(String promptHash) {
      this.promptHash = promptHash;
      return this;
    }

    public Builder seed(Long seed) {
      this.seed = seed;
      return this;
    }

    public Builder n(Integer n) {
      this.n = n;
      return this;
    }

    public Builder status(int status) {
      this.status = status;
      return this;
    }

    public Builder promptTokens(Integer promptTokens) {
      this.promptTokens = promptTokens;
      return this;
    }

    public Builder completionTokens(Integer completionTokens) {
      this.completionTokens = completionTokens;
      return this;
    }

    public Builder maxTokens(Integer maxTokens) {
      this.maxTokens = maxTokens;
      return this;
    }

    public Builder temperature(Double temperature) {
      this.temperature = temperature;
      return this;
    }

    public Builder topP(Double topP) {
      this.topP = topP;
      return this;
    }

    public Builder topK(Integer topK) {
      this.topK = topK;
      return this;
    }

    public Builder minP(Double minP) {
      this.minP = minP;
      return this;
    }

    public Builder fault(String fault) {
      this.fault = fault;
      return this;
    }

    public Builder finishReasons(List<String> finishReasons) {
      this.finishReasons = finishReasons;
      return this;
    }

    public Builder outcomes(List<String> outcomes) {
      this.outcomes = outcomes;
      return this;
    }

    public Builder error(String error) {
      this.error = error;
      return this;
    }

    public Builder judgedAnswers(List<String> judgedAnswers) {
      this.judgedAnswers = judgedAnswers;
      return this;
    }

    public Builder verdicts(List<String> verdicts) {
      this.verdicts = verdicts;
      return this;
    }

    public RequestLogEntry build() {
      return new RequestLogEntry(
          arrivalMs,
          finishMs,
          replica,
          port,
          endpoint,
          requestId,
          promptHash,
          seed,
          n,
          status,
          promptTokens,
          completionTokens,
          maxTokens,
          temperature,
          topP,
          topK,
          minP,
          fault,
          finishReasons,
          outcomes,
          error,
          judgedAnswers,
          verdicts);
    }
  }
}
