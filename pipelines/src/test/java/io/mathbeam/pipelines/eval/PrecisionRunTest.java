package io.mathbeam.pipelines.eval;

import static io.mathbeam.pipelines.eval.EvalRuns.eval;
import static io.mathbeam.pipelines.eval.EvalRuns.responses;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** {@code eval --precision}: rounds over the cache against the simulated fleet, end to end. */
public class PrecisionRunTest {
  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  public void roundsReachThePrecisionWithTheUniformRunsOwnSamplesAndResumeFromTheCache()
      throws Exception {
    String adaptive = tmp.newFolder("adaptive").getPath();
    Path requestLog = tmp.getRoot().toPath().resolve("requests.jsonl");
    String printed =
        eval(
            "--precision=0.06",
            "--samples=32",
            "--initialSamples=2",
            "--simTimeScale=2000",
            "--simRequestLog=" + requestLog,
            "--output=" + adaptive);
    JsonNode metrics = JSON.readTree(Path.of(adaptive, "metrics.json").toFile());
    MetricsSchema.assertValid(metrics);
    JsonNode precision = metrics.path("datasets").path("sample").path("precision");
    assertEquals(precision.toString(), "reached", precision.path("status").asText());
    assertTrue(precision.toString(), precision.path("half_width").asDouble() <= 0.06);
    assertTrue(precision.toString(), precision.path("rounds").size() >= 2);
    int k = precision.path("samples_per_problem").asInt();
    assertTrue(precision.toString(), k > 2 && k <= 32);
    assertTrue(printed, printed.contains("Round 2: samples per problem"));
    String page = Files.readString(Path.of(adaptive, "report.html"));
    assertTrue(page.contains("Sampled to a precision of \u00b16.00 points: reached"));
    // the later rounds sent only the samples the earlier ones lacked, or had them sent ahead while
    // the earlier rounds' last samples ran (the DirectRunner's rounds overlap)
    long sent = 0;
    long ahead = 0;
    for (JsonNode round : precision.path("rounds")) {
      sent += round.path("samples_sent").asLong();
      ahead += round.path("samples_sent_ahead").asLong();
    }
    JsonNode lookahead = metrics.path("lookahead");
    assertEquals(lookahead.toString(), ahead, lookahead.path("samples_sent").asLong());
    assertTrue("the rounds overlapped: " + lookahead, ahead > 0);
    long unused = lookahead.path("unused_samples").asLong();
    assertEquals(
        lookahead.toString(),
        metrics.path("datasets").path("sample").path("num_samples").asLong() + unused,
        sent + ahead);
    // one fleet served every round, and its request log saw each request once
    List<String> log = Files.readAllLines(requestLog);
    assertEquals(sent + ahead, log.size());
    Set<String> distinct = new HashSet<>();
    for (String line : log) {
      JsonNode entry = JSON.readTree(line);
      distinct.add(entry.path("prompt_hash").asText() + "/" + entry.path("seed").asLong());
    }
    assertEquals(log.size(), distinct.size());

    // a uniform run of that K, without the cache, draws the very same samples
    String uniform = tmp.newFolder("uniform").getPath();
    eval("--samples=" + k, "--simTimeScale=2000", "--cacheDir=none", "--output=" + uniform);
    Map<String, String> uniformResponses = responses(uniform);
    Map<String, String> adaptiveResponses = responses(adaptive);
    assertEquals(uniformResponses.size(), adaptiveResponses.size());
    assertEquals(uniformResponses, adaptiveResponses);

    // started again, the same run is served from the cache: not one request
    eval(
        "--precision=0.06",
        "--samples=32",
        "--initialSamples=2",
        "--simTimeScale=2000",
        "--output=" + adaptive);
    JsonNode againMetrics = JSON.readTree(Path.of(adaptive, "metrics.json").toFile());
    assertEquals(
        "nothing sent ahead either",
        0,
        againMetrics.path("lookahead").path("samples_sent").asLong());
    JsonNode again = againMetrics.path("datasets").path("sample").path("precision");
    assertEquals(k, again.path("samples_per_problem").asInt());
    for (JsonNode round : again.path("rounds")) {
      assertEquals(again.toString(), 0, round.path("samples_sent").asLong());
    }
  }

  @Test
  public void badPrecisionOptionsAreRefusedBeforeAnyRequest() {
    String out = tmp.getRoot().getPath() + "/never";
    for (String[] args :
        new String[][] {
          {"--precision=0", "--output=" + out},
          {"--precision=0.6", "--output=" + out},
          {"--precision=0.01", "--samples=4", "--initialSamples=8", "--output=" + out},
          {"--precision=0.01", "--cacheDir=none", "--output=" + out}
        }) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> eval(args));
      assertTrue(e.getMessage(), e.getMessage().contains("--"));
    }
    assertTrue(!Path.of(out).toFile().exists());
  }
}
