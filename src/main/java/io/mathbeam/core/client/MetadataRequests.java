package io.mathbeam.core.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/** The small side requests: {@code GET /v1/models}, {@code POST /tokenize}, {@code GET /health}. */
final class MetadataRequests {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpClient http;
  private final String apiKey;
  private final Duration timeout;

  MetadataRequests(HttpClient http, String apiKey, Duration timeout) {
    this.http = http;
    this.apiKey = apiKey;
    this.timeout = timeout;
  }

  /** Adds the bearer token (only {@code /v1} paths need it). */
  HttpRequest.Builder authorized(HttpRequest.Builder builder) {
    if (apiKey != null) {
      builder.header("Authorization", "Bearer " + apiKey);
    }
    return builder;
  }

  /** The replica's model cards; fails on a connection error, a non-200 or an unreadable body. */
  CompletableFuture<List<ModelCard>> models(Replica replica) {
    HttpRequest request =
        authorized(HttpRequest.newBuilder(URI.create(replica.baseUrl() + "/v1/models")))
            .timeout(timeout)
            .GET()
            .build();
    return send(request)
        .thenApply(
            response -> {
              if (response.statusCode() != 200) {
                throw new CompletionException(
                    new IOException(
                        "GET /v1/models on "
                            + replica.baseUrl()
                            + " answered "
                            + response.statusCode()));
              }
              try {
                return ModelCard.parseList(response.body());
              } catch (MalformedResponseException e) {
                throw new CompletionException(e);
              }
            });
  }

  /**
   * The exact prompt token count for a {@code /tokenize} body; empty when the server can't say. A
   * 404 or 405 marks the replica as lacking the endpoint, so it is not asked again.
   */
  CompletableFuture<OptionalInt> countTokens(Replica replica, byte[] body) {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(replica.baseUrl() + "/tokenize"))
            .timeout(timeout)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofByteArray(body))
            .build();
    return send(request)
        .handle(
            (response, error) -> {
              if (error == null && (response.statusCode() == 404 || response.statusCode() == 405)) {
                replica.markTokenizeMissing();
              }
              if (error != null || response.statusCode() != 200) {
                return OptionalInt.empty();
              }
              try {
                JsonNode count = JSON.readTree(response.body()).get("count");
                return count != null && count.canConvertToInt()
                    ? OptionalInt.of(count.asInt())
                    : OptionalInt.empty();
              } catch (IOException e) {
                return OptionalInt.empty();
              }
            });
  }

  /** Whether {@code GET /health} answers 200; never completes exceptionally. */
  CompletableFuture<Boolean> healthy(Replica replica) {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(replica.baseUrl() + "/health"))
            .timeout(timeout)
            .GET()
            .build();
    return send(request).handle((response, error) -> error == null && response.statusCode() == 200);
  }

  private CompletableFuture<HttpResponse<String>> send(HttpRequest request) {
    try {
      return http.sendAsync(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }
}
