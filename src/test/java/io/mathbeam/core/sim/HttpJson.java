package io.mathbeam.core.sim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** A small HTTP/1.1 JSON client for the simulator tests (real HTTP, no mocks). */
final class HttpJson {
  static final ObjectMapper JSON = new ObjectMapper();
  static final HttpClient CLIENT =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(5))
          .build();

  private HttpJson() {}

  static HttpResponse<String> post(String url, String body) throws IOException {
    return send(
        HttpRequest.newBuilder(URI.create(url))
            .header("Content-Type", "application/json")
            .timeout(Duration.ofSeconds(20))
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build());
  }

  static HttpResponse<String> get(String url) throws IOException {
    return send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(20)).build());
  }

  static HttpResponse<String> send(HttpRequest request) throws IOException {
    try {
      return CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }

  static JsonNode json(HttpResponse<String> response) {
    try {
      return JSON.readTree(response.body());
    } catch (IOException e) {
      throw new UncheckedIOException("not JSON: " + response.body(), e);
    }
  }

  /** POSTs and returns the parsed body, failing unless the status is {@code expectedStatus}. */
  static JsonNode postJson(String url, String body, int expectedStatus) throws IOException {
    HttpResponse<String> response = post(url, body);
    if (response.statusCode() != expectedStatus) {
      throw new AssertionError(
          "expected "
              + expectedStatus
              + " from "
              + url
              + ", got "
              + response.statusCode()
              + ": "
              + response.body());
    }
    return json(response);
  }
}
