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

  /** An entry of a fleet that is not a judge. */
  public RequestLogEntry(
      long arrivalMs,
      long finishMs,
      int replica,
      int port,
      String endpoint,
      String requestId,
      String promptHash,
      Long seed,
      Integer n,
      int status,
      Integer promptTokens,
      Integer completionTokens,
      Integer maxTokens,
      Double temperature,
      Double topP,
      Integer topK,
      Double minP,
      String fault,
      List<String> finishReasons,
      List<String> outcomes,
      String error) {
    this(
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
        null,
        null);
  }
}
