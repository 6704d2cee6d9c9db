package io.mathbeam.pipelines.eval;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.mathbeam.transforms.ParquetRecords;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.avro.generic.GenericRecord;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** {@code --history}: every run adds its rows, and the report shows them all. */
public class RunHistoryTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void eachRunAppendsItsHeadlineAndTheReportShowsTheTrend() throws Exception {
    String history = tmp.getRoot().toPath().resolve("history").toString();
    String first = tmp.newFolder("first").getPath();
    String second = tmp.newFolder("second").getPath();
    for (String out : List.of(first, second)) {
      new EvalCommand(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
          .run(
              new String[] {
                "--benchmarks=sample:2",
                "--output=" + out,
                "--history=" + history,
                "--simTimeScale=4000"
              });
    }
    List<GenericRecord> rows = ParquetRecords.readAll(history + "/*.parquet");
    assertEquals(2, rows.size());
    for (GenericRecord row : rows) {
      assertEquals("sample", row.get("dataset").toString());
      assertEquals(16, row.get("num_problems"));
      assertEquals(2, row.get("samples_per_problem"));
      double pass1 = (Double) row.get("pass_at_1");
      assertTrue((Double) row.get("ci95_lower") <= pass1);
      assertTrue((Double) row.get("ci95_upper") >= pass1);
    }
    String report = Files.readString(Path.of(second, "report.html"));
    assertTrue(report.contains("id=\"history\""));
    assertTrue(report.contains(first));
    assertTrue(report.contains(second));
  }
}
