package io.mathbeam.pipelines;

import io.mathbeam.core.model.GradeStatus;
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
 * How a runner's regraded samples differ from the floor's, sample by sample: which grades differ,
 * and whether a grader timeout on one side explains each difference. The grader's budget is wall
 * time, so on a loaded machine the same sample can time out in one runner and not in another; any
 * other difference is a real disagreement.
 *
 * @param differing samples present in both runs whose status differs
 * @param timeoutOnly those of them that are {@code grader_timeout} on one side
 * @param missing samples the floor has and the runner does not
 * @param extra samples the runner has and the floor does not
 * @param examples a few differences that timeouts do not explain, for the report
 */
record RegradeBenchmarkSamples(
    long differing, long timeoutOnly, long missing, long extra, List<String> examples) {

  private static final int MAX_EXAMPLES = 5;

  /** Only the columns that identify a sample and its grade: no text is decoded. */
  private static final Schema KEY_AND_STATUS =
      OutputSchemas.projection(
          OutputSchemas.SAMPLE, "data_source", "problem_id", "sample_index", "status");

  RegradeBenchmarkSamples {
    examples = List.copyOf(examples);
  }

  /** Differences that no grader timeout explains, missing and extra samples included. */
  long unexplained() {
    return differing - timeoutOnly + missing + extra;
  }

  /**
   * Compares the {@code samples/*.parquet} of two run directories. Holds one key and status per
   * sample of the floor's run (about 100 bytes each), not their texts.
   */
  static RegradeBenchmarkSamples compare(Path floorRun, Path runnerRun) throws IOException {
    Map<String, String> floor = new HashMap<>();
    ParquetRecords.forEach(
        floorRun + "/samples/*.parquet",
        KEY_AND_STATUS,
        r -> floor.put(key(r), r.get("status").toString()));
    long[] counts = new long[3]; // differing, timeoutOnly, extra
    List<String> examples = new ArrayList<>();
    String timeout = GradeStatus.GRADER_TIMEOUT.wireName();
    ParquetRecords.forEach(
        runnerRun + "/samples/*.parquet",
        KEY_AND_STATUS,
        r -> {
          String key = key(r);
          String status = r.get("status").toString();
          String expected = floor.remove(key);
          if (expected == null) {
            counts[2]++;
            addExample(examples, key + ": not in the floor's samples (or twice in the runner's)");
          } else if (!expected.equals(status)) {
            counts[0]++;
            if (expected.equals(timeout) || status.equals(timeout)) {
              counts[1]++;
            } else {
              addExample(examples, key + ": " + status + ", the floor has " + expected);
            }
          }
        });
    floor.keySet().stream()
        .limit(MAX_EXAMPLES)
        .forEach(key -> addExample(examples, key + ": missing from the runner's samples"));
    return new RegradeBenchmarkSamples(counts[0], counts[1], floor.size(), counts[2], examples);
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
