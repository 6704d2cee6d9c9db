package io.mathbeam.pipelines.bench;

import io.mathbeam.transforms.OutputSchemas;
import io.mathbeam.transforms.ParquetRecords;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;

/**
 * How a runner's regraded samples differ from a reference runner's, sample by sample. The grader's
 * budget counts work, not time, so two runners grade every sample the same: any difference, a
 * {@code grader_timeout} on one side included, is a disagreement.
 *
 * @param compared samples present in both runs
 * @param differing of those, samples whose status differs
 * @param missing samples the reference has and the runner does not
 * @param extra samples the runner has and the reference does not
 * @param examples a few differences, for the report
 */
record RegradeBenchmarkSamples(
    long compared, long differing, long missing, long extra, List<String> examples) {

  private static final int MAX_EXAMPLES = 5;

  /** Only the columns that identify a sample and its grade: no text is decoded. */
  private static final Schema KEY_AND_STATUS =
      OutputSchemas.projection(
          OutputSchemas.SAMPLE, "data_source", "problem_id", "sample_index", "status");

  RegradeBenchmarkSamples {
    examples = List.copyOf(examples);
  }

  /** Differing, missing and extra samples together: 0 when the runs agree. */
  long total() {
    return differing + missing + extra;
  }

  /**
   * Compares the {@code samples/*.parquet} of two run directories. Holds one key and status per
   * sample of the reference's run (about 100 bytes each), not their texts.
   *
   * @param reference the reference runner's name, for the examples
   */
  static RegradeBenchmarkSamples compare(String reference, Path referenceRun, Path runnerRun)
      throws IOException {
    Map<String, String> expected = new HashMap<>();
    ParquetRecords.forEach(
        referenceRun + "/samples/*.parquet",
        KEY_AND_STATUS,
        r -> expected.put(key(r), r.get("status").toString()));
    long[] counts = new long[3]; // compared, differing, extra
    List<String> examples = new ArrayList<>();
    ParquetRecords.forEach(
        runnerRun + "/samples/*.parquet",
        KEY_AND_STATUS,
        r -> {
          String key = key(r);
          String status = r.get("status").toString();
          String want = expected.remove(key);
          if (want == null) {
            counts[2]++;
            addExample(
                examples,
                key + ": not in the " + reference + "'s samples (or twice in the runner's)");
            return;
          }
          counts[0]++;
          if (!want.equals(status)) {
            counts[1]++;
            addExample(examples, key + ": " + status + ", the " + reference + " has " + want);
          }
        });
    expected.keySet().stream()
        .limit(MAX_EXAMPLES)
        .forEach(key -> addExample(examples, key + ": missing from the runner's samples"));
    return new RegradeBenchmarkSamples(counts[0], counts[1], expected.size(), counts[2], examples);
  }

  private static void addExample(List<String> examples, String example) {
    if (examples.size() < MAX_EXAMPLES) {
      examples.add(example);
    }
  }

  private static String key(org.apache.avro.generic.GenericRecord r) {
    return r.get("data_source") + "/" + r.get("problem_id") + "#" + r.get("sample_index");
  }
}
