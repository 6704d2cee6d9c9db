package io.mathbeam.pipelines.eval;

import io.mathbeam.transforms.ParquetRecords;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;

/** Runs {@code eval} in this JVM and reads what it wrote, for the end-to-end tests. */
final class EvalRuns {
  private EvalRuns() {}

  /** Runs {@code eval} with these arguments; returns what it printed. */
  static String eval(String... args) throws Exception {
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    new EvalCommand(new PrintStream(printed, true, StandardCharsets.UTF_8)).run(args);
    return printed.toString(StandardCharsets.UTF_8);
  }

  /** Each sample's response text by (problem, sample index). */
  static Map<String, String> responses(String run) throws Exception {
    Map<String, String> out = new HashMap<>();
    for (GenericRecord r : ParquetRecords.readAll(run + "/samples/*.parquet")) {
      out.put(r.get("problem_id") + "#" + r.get("sample_index"), String.valueOf(r.get("response")));
    }
    return out;
  }
}
