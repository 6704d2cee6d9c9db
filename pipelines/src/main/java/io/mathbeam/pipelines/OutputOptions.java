package io.mathbeam.pipelines;

import org.apache.beam.sdk.options.Description;
import org.apache.beam.sdk.options.PipelineOptions;

/** Where results go. */
public interface OutputOptions extends PipelineOptions {
  @Description("Output directory (local or a Beam file system URL); default runs/eval-<time>.")
  String getOutput();

  void setOutput(String value);
}
