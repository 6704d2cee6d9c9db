package io.mathbeam.core.report;

import io.mathbeam.core.published.PublishedModel;
import io.mathbeam.core.published.PublishedSampling;
import io.mathbeam.core.published.PublishedValue;
import io.mathbeam.core.published.SamplingDifferences;
import java.util.List;
import java.util.Locale;

/**
 * The registry of published results as text: the listing of {@code mathbeam reported list}, and the
 * heading and sampling warning of the reported-vs-reproduced table of {@code --reported=auto}.
 */
public final class PublishedTable {
  private PublishedTable() {}

  /** Every model with its source, sampling and values. */
  public static String list(List<PublishedModel> models) {
    StringBuilder out = new StringBuilder();
    for (PublishedModel model : models) {
      out.append(model.name()).append('\n');
      if (!model.aliases().isEmpty()) {
        out.append("  also served as: ").append(String.join(", ", model.aliases())).append('\n');
      }
      out.append("  source:   ").append(model.sourceTitle()).append('\n');
      out.append("            ").append(model.sourceUrl()).append('\n');
      out.append("  sampling: ").append(sharedSampling(model)).append('\n');
      out.append(
          String.format(
              Locale.ROOT,
              "  %-14s %-8s %7s %5s  %s%n",
              "Dataset",
              "Metric",
              "Value",
              "K",
              "Note"));
      for (PublishedValue v : model.values()) {
        Integer k = v.sampling().samples();
        out.append(
            String.format(
                Locale.ROOT,
                "  %-14s %-8s %6.1f%% %5s  %s%n",
                v.dataset(),
                v.metric(),
                100 * v.value(),
                k == null ? "-" : k.toString(),
                v.note()));
      }
      out.append('\n');
    }
    out.append(models.size())
        .append(" models. --reported=auto compares a run with the entry of")
        .append(" its served model (case and organisation prefix ignored).\n");
    return out.toString();
  }

  /** What precedes the comparison table of one model: the model, its source and sampling. */
  public static String heading(PublishedModel model) {
    return "Reported vs reproduced: "
        + model.name()
        + "\n  Source:   "
        + model.sourceTitle()
        + "\n            "
        + model.sourceUrl()
        + "\n  Sampling: "
        + sharedSampling(model)
        + "; K per row of 'reported list'\n";
  }

  /**
   * The warning printed under the table when the run's sampling differs from the source's, or ""
   * when it does not (see {@link SamplingDifferences}).
   */
  public static String samplingWarning(List<String> differences) {
    if (differences.isEmpty()) {
      return "";
    }
    return "WARNING: this run's sampling differs from the source's: "
        + String.join("; ", differences)
        + ". The published values are not expected to fall inside our intervals.\n";
  }

  /** The source's sampling without K, which can differ per value. */
  private static String sharedSampling(PublishedModel model) {
    if (model.values().isEmpty()) {
      return "not stated";
    }
    PublishedSampling s = model.values().get(0).sampling();
    return new PublishedSampling(s.temperature(), s.topP(), s.maxTokens(), null).describe();
  }
}
