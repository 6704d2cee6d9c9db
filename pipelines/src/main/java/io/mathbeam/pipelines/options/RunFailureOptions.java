package io.mathbeam.pipelines.options;

import org.apache.beam.sdk.options.Default;
import org.apache.beam.sdk.options.Description;
import org.apache.beam.sdk.options.PipelineOptions;

/** When a finished run still counts as failed (its exit code). */
public interface RunFailureOptions extends PipelineOptions {
  @Description(
      "Fail the run (exit code 1, after writing all results) when more than this fraction of"
          + " samples ended as request errors; a rerun retries only those.")
  @Default.Double(0.05)
  double getMaxErrorFraction();

  void setMaxErrorFraction(double value);
}
