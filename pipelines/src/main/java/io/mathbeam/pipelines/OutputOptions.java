package io.mathbeam.pipelines;

import org.apache.beam.sdk.options.Description;
import org.apache.beam.sdk.options.PipelineOptions;

/** Where results go. */
public interface OutputOptions extends PipelineOptions {
  @Description("Output directory (local or a Beam file system URL); default runs/eval-<time>.")
  String getOutput();

  void setOutput(String value);

  @Description(
      "Generation cache: completed generations are checkpointed here as they arrive, in a"
          + " subdirectory per configuration (model, sampling, prompt, seed); a rerun with the same"
          + " configuration sends no request for samples already there. Default <output>/cache;"
          + " 'none' turns it off.")
  String getCacheDir();

  void setCacheDir(String value);
}
