package io.mathbeam.pipelines.options;

import org.apache.beam.sdk.options.Default;
import org.apache.beam.sdk.options.DefaultValueFactory;
import org.apache.beam.sdk.options.Description;
import org.apache.beam.sdk.options.PipelineOptions;

/** Where the problems come from and how to read them. */
public interface InputOptions extends PipelineOptions {
  @Description(
      "Problem files, comma-separated: .jsonl/.json, .csv or .parquet, local paths or Beam file"
          + " system URLs. Each file's base name is its dataset name.")
  String getProblems();

  void setProblems(String value);

  @Description(
      "Benchmark names, comma-separated, each with an optional K: aime24:64,math500:4. A name is"
          + " read from <dataDir>/<name>.jsonl (or .csv, .parquet) when there; 'sample' is the"
          + " built-in demo set; the published benchmarks 'mathbeam datasets list' shows are"
          + " fetched on first use into the cache ($MATHBEAM_DATA, default"
          + " ~/.cache/mathbeam/datasets), pinned and checked. When neither --problems nor"
          + " --benchmarks is given, the built-in set is used.")
  String getBenchmarks();

  void setBenchmarks(String value);

  @Description(
      "Directory holding <benchmark>.jsonl files; default $MATHBEAM_DATA. Its files win over the"
          + " published benchmarks of the same name.")
  @Default.InstanceFactory(DataDirFactory.class)
  String getDataDir();

  void setDataDir(String value);

  @Description(
      "Never touch the network for benchmarks: a published benchmark that is not in the cache"
          + " fails the run (prefetch with 'mathbeam datasets fetch NAME').")
  @Default.Boolean(false)
  boolean getOffline();

  void setOffline(boolean value);

  @Description(
      "Published results to compare with (CSV with header dataset,metric,value[,source], or a"
          + " JSON array of such objects); metric is pass@k or maj@k, dataset a dataset name or"
          + " _aggregate / _aggregate_macro. Adds a reported-vs-reproduced table. 'auto' looks the"
          + " served model up in the published results mathbeam ships ('mathbeam reported list').")
  String getReported();

  void setReported(String value);

  @Description("Field holding the problem id; empty numbers the rows (row-<line>).")
  @Default.String("id")
  String getIdKey();

  void setIdKey(String value);

  @Description("Field holding the problem statement.")
  @Default.String("problem")
  String getQuestionKey();

  void setQuestionKey(String value);

  @Description("Field holding the gold answer: a string, or a list of accepted answers.")
  @Default.String("answer")
  String getAnswerKey();

  void setAnswerKey(String value);

  @Description("Samples per problem (K) where a benchmark does not give its own.")
  @Default.Integer(4)
  int getSamples();

  void setSamples(int value);

  @Description(
      "Sample until each dataset's 95% interval of pass@1 for its problems is at most +- this"
          + " (e.g. 0.01: one point), in rounds, --samples per problem at most; off when unset."
          + " Needs the generation cache.")
  Double getPrecision();

  void setPrecision(Double value);

  @Description(
      "With --precision: the samples per problem of the first round (at least 2 to see the"
          + " spread within problems that the interval needs).")
  @Default.Integer(2)
  int getInitialSamples();

  void setInitialSamples(int value);

  @Description(
      "With --precision: uniform (every problem of a dataset the same samples) or adaptive (a"
          + " uniform first phase to half the K the target projects, then more samples where they"
          + " shrink the interval most per token, where that projects fewer tokens than uniform"
          + " rounds; docs/STATISTICS.md, \"Sampling to a precision\").")
  @Default.String("uniform")
  String getAllocation();

  void setAllocation(String value);

  @Description(
      "Fail the run before any request is sent when more than this fraction of input rows is"
          + " rejected (bad JSON, missing or empty field, duplicate id).")
  @Default.Double(0.05)
  double getMaxRejectedFraction();

  void setMaxRejectedFraction(double value);

  /** {@code $MATHBEAM_DATA}, or null. */
  class DataDirFactory implements DefaultValueFactory<String>, DescribedDefault {
    @Override
    public String describeDefault() {
      return "$MATHBEAM_DATA";
    }

    @Override
    public String create(PipelineOptions options) {
      return System.getenv("MATHBEAM_DATA");
    }
  }
}
