package io.mathbeam.pipelines.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.sampling.PromptTemplate;
import io.mathbeam.core.sampling.SeedDerivation;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What an eval script does, as the peer {@code bench-fleet} compares against: a fixed pool of
 * threads, each sending one request (one sample) at a time, sample i to endpoint {@code i mod
 * replicas}, parsing each response's JSON as a script would. It asks for the sampling parameters
 * eval sends, so that both generate the same samples. With as many threads as the fleet's batch
 * slots it is what a careful user would run; with 8, what a typical one does.
 *
 * <p>Arguments: {@code --problems=FILE.jsonl --samples=K --endpoints=URL,URL --threads=T
 * --maxTokens=M [--limit=N]} (the first N samples only).
 */
final class FleetPeer {
  private static final ObjectMapper JSON = new ObjectMapper();

  private FleetPeer() {}

  static int main(String[] args) throws IOException, InterruptedException {
    Map<String, String> options = new HashMap<>();
    for (String arg : args) {
      String[] kv = arg.replaceFirst("^--", "").split("=", 2);
      options.put(kv[0], kv[1]);
    }
    List<String> endpoints = List.of(options.get("endpoints").split(","));
    int samples = Integer.parseInt(options.get("samples"));
    int threads = Integer.parseInt(options.get("threads"));
    int maxTokens = Integer.parseInt(options.get("maxTokens"));
    int limit = Integer.parseInt(options.getOrDefault("limit", "" + Integer.MAX_VALUE));
    List<String> prompts = new ArrayList<>();
    List<Long> seeds = new ArrayList<>();
    for (String line : Files.readAllLines(Path.of(options.get("problems")))) {
      JsonNode row = JSON.readTree(line);
      for (int s = 0; s < samples && prompts.size() < limit; s++) {
        prompts.add(PromptTemplate.defaults().userMessage(row.path("problem").asText()));
        seeds.add(SeedDerivation.seed(0, "bench", row.path("id").asText(), s));
      }
    }
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    AtomicInteger next = new AtomicInteger();
    AtomicInteger failed = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    for (int t = 0; t < threads; t++) {
      pool.execute(
          () -> {
            int i;
            while ((i = next.getAndIncrement()) < prompts.size()) {
              ObjectNode body = JSON.createObjectNode();
              body.putArray("messages")
                  .addObject()
                  .put("role", "user")
                  .put("content", prompts.get(i));
              body.put("temperature", 0.6)
                  .put("top_p", 0.95)
                  .put("top_k", -1)
                  .put("max_tokens", maxTokens);
              body.put("seed", seeds.get(i));
              String url = endpoints.get(i % endpoints.size()) + "/v1/chat/completions";
              try {
                HttpResponse<String> response =
                    http.send(
                        HttpRequest.newBuilder(URI.create(url))
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString(body.toString()))
                            .build(),
                        HttpResponse.BodyHandlers.ofString());
                JsonNode answer = JSON.readTree(response.body());
                if (answer.path("choices").path(0).path("message").isMissingNode()) {
                  failed.incrementAndGet();
                }
              } catch (IOException e) {
                // the peer does not retry; a failure only shortens its makespan
                failed.incrementAndGet();
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
              }
            }
          });
    }
    pool.shutdown();
    pool.awaitTermination(1, TimeUnit.HOURS);
    if (failed.get() > 0) {
      System.err.println("peer: " + failed.get() + " requests failed");
    }
    return 0;
  }
}
