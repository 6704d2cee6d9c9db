package io.mathbeam.core.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.stats.SampleFigures;

/** Writes {@link SampleFigures} as the {@code samples} object of a dataset in metrics.json. */
public final class SampleFiguresJson {
  private SampleFiguresJson() {}

  public static void put(ObjectNode dataset, SampleFigures f) {
    ObjectNode o = dataset.putObject("samples");
    ObjectNode causes = o.putObject("no_answer_by_cause");
    causes.put("truncated", f.noAnswerTruncated());
    causes.put("no_final_answer", f.noFinalAnswer());
    causes.put("unparseable", f.unparseable());
    causes.put("request_error", f.requestErrors());
    causes.put("grader_failed", f.ungradable());
    MetricsJson.putNumber(o, "truncation_rate", f.truncationRate());
    MetricsJson.putNumber(o, "accuracy_completed", f.accuracyCompleted());
    MetricsJson.putNumber(o, "accuracy_truncated", f.accuracyTruncated());
    ObjectNode tokens = o.putObject("completion_tokens");
    tokens.put("total", f.completionTokens());
    MetricsJson.putNumber(tokens, "mean", f.meanTokens());
    MetricsJson.putNumber(tokens, "median", f.tokensQuantile(0.5));
    MetricsJson.putNumber(tokens, "p90", f.tokensQuantile(0.9));
    MetricsJson.putNumber(o, "tokens_per_correct_answer", f.tokensPerCorrectAnswer());
    MetricsJson.putNumber(o, "mean_tokens_of_correct_answers", f.meanTokensOfCorrectAnswers());
    ObjectNode latency = o.putObject("latency_ms");
    MetricsJson.putNumber(latency, "mean", f.meanLatencyMs());
    MetricsJson.putNumber(latency, "median", f.latencyQuantileMs(0.5));
    MetricsJson.putNumber(latency, "p90", f.latencyQuantileMs(0.9));
  }
}
