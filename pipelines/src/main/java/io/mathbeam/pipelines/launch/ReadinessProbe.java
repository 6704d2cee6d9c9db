package io.mathbeam.pipelines.launch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;

/**
 * Whether a starting server is ready: {@code GET /health} answers 200 and {@code GET /v1/models}
 * lists a model. vLLM does not listen at all while it loads the weights (spec §1.2, §2.6).
 */
final class ReadinessProbe {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(2))
          .build();
  private final String apiKey;

  ReadinessProbe(String apiKey) {
    this.apiKey = apiKey;
  }

  /** Null when {@code baseUrl} is ready, else what it is still missing, for the user. */
  String notReady(String baseUrl, Duration timeout) {
    try {
      HttpResponse<String> health = get(baseUrl + "/health", timeout);
      if (health.statusCode() != 200) {
        return "/health answers " + health.statusCode();
      }
      HttpResponse<String> models = get(baseUrl + "/v1/models", timeout);
      if (models.statusCode() != 200) {
        return "/v1/models answers " + models.statusCode();
      }
      JsonNode data = JSON.readTree(models.body()).path("data");
      if (!data.isArray() || data.isEmpty() || !data.get(0).hasNonNull("id")) {
        return "/v1/models lists no model";
      }
      return null;
    } catch (ConnectException e) {
      return "not listening yet (connection refused)";
    } catch (HttpTimeoutException e) {
      return "no answer within " + timeout.toMillis() + " ms";
    } catch (IOException e) {
      return "connection failed: " + e;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "interrupted";
    }
  }

  private HttpResponse<String> get(String url, Duration timeout)
      throws IOException, InterruptedException {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(timeout).GET();
    if (apiKey != null && !apiKey.isEmpty()) {
      request.header("Authorization", "Bearer " + apiKey);
    }
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }
}
