package io.mathbeam.pipelines.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

/**
 * Asks the replicas which model they serve (the first id of {@code GET /v1/models}), so the run's
 * manifest and cache key name the model even when {@code --model} is not given.
 */
final class ServedModel {
  private ServedModel() {}

  static String resolve(List<String> endpoints, String apiKey) throws InterruptedException {
    HttpClient http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
    StringBuilder failures = new StringBuilder();
    for (String endpoint : endpoints) {
      String base = endpoint.replaceAll("/+$", "").replaceAll("/v1$", "");
      HttpRequest.Builder request =
          HttpRequest.newBuilder(URI.create(base + "/v1/models")).timeout(Duration.ofSeconds(30));
      if (apiKey != null && !apiKey.isEmpty()) {
        request.header("Authorization", "Bearer " + apiKey);
      }
      try {
        HttpResponse<String> response =
            http.send(request.GET().build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() == 200) {
          JsonNode data = new ObjectMapper().readTree(response.body()).path("data");
          if (data.size() > 0 && data.get(0).hasNonNull("id")) {
            return data.get(0).get("id").asText();
          }
        }
        failures.append("\n  ").append(base).append(": HTTP ").append(response.statusCode());
      } catch (IOException e) {
        failures.append("\n  ").append(base).append(": ").append(e);
      }
    }
    throw new IllegalStateException(
        "no replica answered GET /v1/models with a model; pass --model or check --endpoints:"
            + failures);
  }
}
