package io.mathbeam.pipelines.eval;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.datasets.CacheRecord;
import io.mathbeam.core.grading.Grader;
import io.mathbeam.core.problems.ProblemSource;
import io.mathbeam.core.report.MetricsJson;
import io.mathbeam.core.report.TokenPrice;
import io.mathbeam.core.sampling.PromptTemplate;
import io.mathbeam.core.sampling.SamplingParams;
import io.mathbeam.pipelines.options.EvalOptions;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/** The run manifest in metrics.json: what was evaluated, how, against what, and when. */
public final class RunManifest {
  private RunManifest() {}

  static ObjectNode build(
      EvalOptions options,
      List<ProblemSource> sources,
      List<String> endpoints,
      boolean simulated,
      String model,
      SamplingParams sampling,
      PromptTemplate template,
      String cacheDir,
      Instant startedAt)
      throws IOException {
    ObjectNode m = MetricsJson.JSON.createObjectNode();
    m.put("mathbeam_version", version());
    m.put("grader_version", Grader.VERSION);
    m.put("started_at", startedAt.toString());
    m.put("runner", options.getRunner().getSimpleName());
    m.put("simulated_model", simulated);
    var eps = m.putArray("endpoints");
    endpoints.forEach(eps::add);
    m.put("api", options.getApi());
    m.put("model", model);
    m.put("cache_dir", cacheDir);
    ObjectNode s = m.putObject("sampling");
    s.put("temperature", sampling.temperature());
    s.put("top_p", sampling.topP());
    s.put("top_k", sampling.topK());
    s.put("min_p", sampling.minP());
    s.put("repetition_penalty", sampling.repetitionPenalty());
    s.put("max_tokens", sampling.maxTokens());
    var stop = s.putArray("stop");
    sampling.stop().forEach(stop::add);
    s.put("base_seed", options.getSeed());
    ObjectNode prompt = m.putObject("prompt");
    prompt.put("system", template.systemPrompt());
    prompt.put("user_template", template.userTemplate());
    prompt.put("shuffle_choices", options.getShuffleChoices());
    var datasets = m.putArray("datasets");
    for (ProblemSource source : sources) {
      ObjectNode d =
          datasets
              .addObject()
              .put("name", source.datasetId())
              .put("path", source.path())
              .put("samples_per_problem", source.samples())
              .put("sha256", ProblemFiles.sha256(source));
      // a published benchmark from the cache: where its rows came from, at which revision
      publishedSource(source).ifPresent(r -> d.set("published_source", r.toJson()));
    }
    ObjectNode config = m.putObject("config");
    config.put("max_in_flight_per_replica", options.getMaxInFlightPerReplica());
    config.put("dispatch_order", options.getDispatchOrder());
    config.put("tail_copies", options.getTailCopies());
    config.put("length_priors", options.getLengthPriors());
    config.put("samples_per_request", options.getSamplesPerRequest());
    config.put("max_requests_per_second_per_replica", options.getMaxRequestsPerSecondPerReplica());
    config.put("max_tokens_per_second_per_replica", options.getMaxTokensPerSecondPerReplica());
    config.put("stream", options.getStream());
    config.put("stream_idle_timeout_seconds", options.getStreamIdleTimeoutSeconds());
    config.put("max_attempts", options.getMaxAttempts());
    config.put("request_timeout_seconds", options.getRequestTimeoutSeconds());
    config.put("max_rejected_fraction", options.getMaxRejectedFraction());
    config.put("id_key", options.getIdKey());
    config.put("question_key", options.getQuestionKey());
    config.put("answer_key", options.getAnswerKey());
    TokenPrice price = TokenPrice.parse(options.getPricePerMillionTokens());
    if (price != null) {
      m.set(TokenPrice.MANIFEST_FIELD, price.toJson());
    }
    return m;
  }

  private static Optional<CacheRecord> publishedSource(ProblemSource source) {
    if (source.builtin() || source.path().contains("://")) {
      return Optional.empty();
    }
    return CacheRecord.beside(Path.of(source.path()));
  }

  public static String version() {
    Properties p = new Properties();
    try (InputStream in =
        RunManifest.class.getResourceAsStream("/io/mathbeam/pipelines/version.properties")) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      return "unknown";
    }
    return p.getProperty("version", "unknown");
  }
}
