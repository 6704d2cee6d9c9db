package io.mathbeam.pipelines;

import org.apache.beam.sdk.options.Description;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.options.Validation;

/** Options of {@code mathbeam regrade}. */
public interface RegradeOptions extends PipelineOptions {
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
}
