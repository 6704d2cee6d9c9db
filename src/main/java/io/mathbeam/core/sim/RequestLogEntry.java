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
 * @param outcomes one per choice: correct, wrong, missing, truncated, stopped
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
    @JsonProperty("error") String error) {}
