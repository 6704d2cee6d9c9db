package io.mathbeam.pipelines.options;

import io.mathbeam.core.regrade.RegradeSummary;
import org.apache.beam.sdk.options.Default;
import org.apache.beam.sdk.options.Description;
import org.apache.beam.sdk.options.Validation;

/** Options of {@code mathbeam regrade}. */
public interface RegradeOptions extends StorageOptions {
  @Description("Run directory of an earlier eval (its samples/ and metrics.json are read).")
  @Validation.Required
  String getInput();

  void setInput(String value);

  @Description("New run directory; default <input>-regraded-<time>. Must differ from --input.")
  String getOutput();

  void setOutput(String value);

  @Description("Published results to compare with, as for eval.")
  String getReported();

  void setReported(String value);

  @Description(
      "At most this many samples whose status changed are listed in regrade-changes.jsonl (the"
          + " first by dataset, problem and sample index); all are counted in"
          + " regrade-changes.json.")
  @Default.Integer(RegradeSummary.DEFAULT_LIST_LIMIT)
  int getMaxListedChanges();

  void setMaxListedChanges(int value);
}
