package io.mathbeam.pipelines.options;

import io.mathbeam.core.report.TokenPrice;
import io.mathbeam.transforms.GenerationConfig;
import org.apache.beam.sdk.options.Default;
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

  @Description(
      "On an object store (s3://), where a file becomes visible only when it is closed, each"
          + " worker closes its cache file at least this often: a killed run loses at most about"
          + " this many seconds of generations. Local cache files are written through line by"
          + " line.")
  @Default.Integer(GenerationConfig.DEFAULT_CACHE_CHECKPOINT_SECONDS)
  int getCacheCheckpointSeconds();

  void setCacheCheckpointSeconds(int value);

  @Description(
      "History table directory: the run adds one Parquet file with its headline per dataset, and"
          + " report.html shows the trend over every run recorded there.")
  String getHistory();

  void setHistory(String value);

  @Description(
      "Seconds between progress lines on stderr; 0 picks 1 on a terminal (redrawn in place) and 15"
          + " otherwise.")
  @Default.Integer(0)
  int getProgressSeconds();

  void setProgressSeconds(int value);

  @Description(
      "Price of a million prompt (input) and completion (output) tokens, IN,OUT (e.g. 0.15,0.60):"
          + " the summary table, metrics.json and report.html then show each dataset's tokens and"
          + " their cost (prompt tokens as the server reported them per sample). 'none' shows no"
          + " cost.")
  @Default.String(TokenPrice.NONE)
  String getPricePerMillionTokens();

  void setPricePerMillionTokens(String value);
}
