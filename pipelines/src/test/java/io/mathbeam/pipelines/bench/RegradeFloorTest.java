package io.mathbeam.pipelines.bench;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mathbeam.core.grading.GradeResult;
import io.mathbeam.core.grading.Grader;
import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.core.regrade.DatasetChanges;
import io.mathbeam.core.regrade.RegradeSummary;
import io.mathbeam.core.regrade.VerdictChange;
import io.mathbeam.core.report.MetricsJson;
import io.mathbeam.core.stats.DatasetMetrics;
import io.mathbeam.pipelines.synthetic.LocalParquet;
import io.mathbeam.pipelines.synthetic.SyntheticRun;
import io.mathbeam.transforms.OutputSchemas;
import io.mathbeam.transforms.ParquetRecords;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.util.HadoopOutputFile;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * {@link RegradeFloor}: on a small synthetic run, its counts and pass@1 are what grading every row
 * by hand gives, and its outputs read back.
 */
public class RegradeFloorTest {
  private static final int PROBLEMS = 60;
  private static final int K = 8;

  private static final Grader GRADER = new Grader();

  @ClassRule public static final TemporaryFolder TMP = new TemporaryFolder();

  private static Path input;
  private static Path output;
  private static RegradeFloorResult result;

  /** Per sample key ({@code dataset/problem#index}), the grade computed here, row by row. */
  private static Map<String, GradeStatus> expected;

  @BeforeClass
  public static void regrade() throws Exception {
    input = TMP.newFolder("input").toPath();
    // several small files, so the reader crosses file boundaries
    SyntheticRun.write(input, PROBLEMS, K, 5, 100);
    output = TMP.getRoot().toPath().resolve("regraded");
    result = RegradeFloor.run(input, output, 2, GRADER);

    Grader grader = GRADER;
    expected = new HashMap<>();
    for (GenericRecord r : ParquetRecords.readAll(input + "/samples/*.parquet")) {
      expected.put(key(r), gradeByHand(grader, r));
    }
  }

  /** The grading rules of regrade, written out: errors, truncation, then the grader. */
  private static GradeStatus gradeByHand(Grader grader, GenericRecord r) {
    if (r.get("error_class") != null) {
      return GradeStatus.REQUEST_ERROR;
    }
    if ("length".equals(String.valueOf(r.get("finish_reason")))) {
      return GradeStatus.NO_ANSWER;
    }
    List<String> golds = new ArrayList<>();
    ((List<?>) r.get("ground_truth")).forEach(g -> golds.add(g.toString()));
    String response = r.get("response") == null ? "" : r.get("response").toString();
    GradeResult graded = grader.grade(response, golds);
    return graded.status();
  }

  @Test
  public void countsAndPassAtOneEqualGradingEachRowByHand() throws Exception {
    Map<String, Map<GradeStatus, Long>> counts = new TreeMap<>();
    Map<String, Map<String, int[]>> perProblem = new TreeMap<>(); // {correct, samples}
    expected.forEach(
        (key, status) -> {
          String dataset = key.substring(0, key.indexOf('/'));
          String problem = key.substring(0, key.indexOf('#'));
          counts.computeIfAbsent(dataset, d -> new TreeMap<>()).merge(status, 1L, Long::sum);
          int[] tally =
              perProblem
                  .computeIfAbsent(dataset, d -> new TreeMap<>())
                  .computeIfAbsent(problem, p -> new int[2]);
          tally[0] += status == GradeStatus.CORRECT ? 1 : 0;
          tally[1]++;
        });

    JsonNode root = MetricsJson.JSON.readTree(output.resolve("metrics.json").toFile());
    List<DatasetMetrics> written = MetricsJson.parse(root);
    for (List<DatasetMetrics> metrics : List.of(result.metrics(), written)) {
      Map<String, DatasetMetrics> byName = new HashMap<>();
      metrics.forEach(m -> byName.put(m.dataset(), m));
      assertEquals(counts.size() + 1, byName.size());
      for (String dataset : counts.keySet()) {
        DatasetMetrics m = byName.get(dataset);
        Map<GradeStatus, Long> c = counts.get(dataset);
        assertEquals(dataset, perProblem.get(dataset).size(), m.numProblems());
        assertEquals(dataset, c.values().stream().mapToLong(Long::longValue).sum(), m.numSamples());
        assertEquals(dataset, (long) c.getOrDefault(GradeStatus.CORRECT, 0L), m.correct());
        assertEquals(dataset, (long) c.getOrDefault(GradeStatus.INCORRECT, 0L), m.incorrect());
        assertEquals(dataset, (long) c.getOrDefault(GradeStatus.NO_ANSWER, 0L), m.noAnswer());
        assertEquals(dataset, (long) c.getOrDefault(GradeStatus.UNPARSEABLE, 0L), m.unparseable());
        assertEquals(
            dataset, (long) c.getOrDefault(GradeStatus.REQUEST_ERROR, 0L), m.requestErrors());
        double passAt1 =
            perProblem.get(dataset).values().stream()
                .mapToDouble(t -> (double) t[0] / t[1])
                .average()
                .orElseThrow();
        assertEquals(dataset, passAt1, m.passAtK().get(0), 1e-12);
        assertEquals(dataset, K, m.passAtK().size());
      }
      DatasetMetrics aggregate = byName.get(DatasetMetrics.AGGREGATE);
      assertEquals(PROBLEMS * K, aggregate.numSamples());
      assertEquals(PROBLEMS, aggregate.numProblems());
    }
    assertEquals(PROBLEMS * K, result.samples());
  }

  @Test
  public void regradedSamplesReadBackWithTheirNewGrades() throws Exception {
    List<GenericRecord> rows = ParquetRecords.readAll(output + "/samples/*.parquet");
    assertEquals(PROBLEMS * K, rows.size());
    Map<String, String> inputResponses = new HashMap<>();
    for (GenericRecord r : ParquetRecords.readAll(input + "/samples/*.parquet")) {
      inputResponses.put(key(r), String.valueOf(r.get("response")));
    }
    for (GenericRecord r : rows) {
      assertEquals(OutputSchemas.SAMPLE, r.getSchema());
      assertEquals(expected.get(key(r)).wireName(), r.get("status").toString());
      assertEquals(r.get("status").toString(), r.get("symbolic_status").toString());
      assertEquals(Grader.VERSION, r.get("grader_version").toString());
      double reward = expected.get(key(r)) == GradeStatus.CORRECT ? 1.0 : 0.0;
      assertEquals(reward, (Double) r.get("reward"), 0.0);
      assertEquals(inputResponses.get(key(r)), String.valueOf(r.get("response")));
    }
  }

  @Test
  public void manifestIsTheInputsWithTheRegradeStamped() throws Exception {
    JsonNode in =
        MetricsJson.JSON.readTree(input.resolve("metrics.json").toFile()).path("manifest");
    JsonNode out =
        MetricsJson.JSON.readTree(output.resolve("metrics.json").toFile()).path("manifest");
    assertEquals(input.toString(), out.path("regraded_from").asText());
    assertEquals(Grader.VERSION, out.path("grader_version").asText());
    assertEquals("RegradeFloor", out.path("runner").asText());
    assertEquals(in.path("datasets"), out.path("datasets"));
    assertEquals(in.path("sampling"), out.path("sampling"));
    assertTrue(out.has("finished_at") && out.has("duration_seconds"));
  }

  @Test
  public void changesAgainstTheStoredGradesAreCountedAndListedLikeTheRegradePipelines()
      throws Exception {
    // the synthetic run's stored grades are the grader's; make every fourth one wrong
    Path stale = TMP.newFolder("stale").toPath();
    Files.copy(input.resolve("metrics.json"), stale.resolve("metrics.json"));
    Files.createDirectories(stale.resolve("samples"));
    List<GenericRecord> storedRows = new ArrayList<>();
    try (ParquetWriter<GenericRecord> writer =
        LocalParquet.open(
            stale.resolve("samples/samples-00000-of-00001.parquet"),
            OutputSchemas.SAMPLE,
            RegradeFloor.ROW_GROUP_BYTES)) {
      int n = 0;
      for (GenericRecord r : ParquetRecords.readAll(input + "/samples/*.parquet")) {
        GenericData.Record copy = new GenericData.Record((GenericData.Record) r, true);
        if (n++ % 4 == 0) {
          String flipped = r.get("status").toString().equals("correct") ? "incorrect" : "correct";
          copy.put("status", flipped);
          copy.put("symbolic_status", flipped);
        }
        writer.write(copy);
        storedRows.add(copy);
      }
    }
    Path regraded = TMP.getRoot().toPath().resolve("regraded-stale");
    RegradeFloorResult staleResult = RegradeFloor.run(stale, regraded, 2, GRADER);

    Map<String, Long> byPair = new TreeMap<>();
    Map<String, long[]> byDataset = new TreeMap<>(); // samples, changed, old correct, new correct
    List<String> changed = new ArrayList<>();
    for (GenericRecord r : storedRows) {
      String stored = r.get("status").toString();
      String now = expected.get(key(r)).wireName();
      long[] d = byDataset.computeIfAbsent(r.get("data_source").toString(), k -> new long[4]);
      d[0]++;
      d[2] += stored.equals("correct") ? 1 : 0;
      d[3] += now.equals("correct") ? 1 : 0;
      if (!stored.equals(now)) {
        d[1]++;
        byPair.merge(stored + " -> " + now, 1L, Long::sum);
        changed.add(key(r));
      }
    }
    assertTrue(changed.size() >= PROBLEMS * K / 4);

    RegradeSummary summary =
        RegradeSummary.fromJson(
            MetricsJson.JSON.readTree(regraded.resolve(RegradeSummary.SUMMARY_FILE).toFile()));
    assertEquals(staleResult.changes(), summary);
    assertEquals(SyntheticRun.GRADER_VERSION, summary.oldGraderVersion());
    assertEquals(Grader.VERSION, summary.newGraderVersion());
    assertEquals(changed.size(), summary.changed());
    Map<String, Long> pairs = new TreeMap<>();
    summary.moves().forEach(m -> pairs.put(m.oldStatus() + " -> " + m.newStatus(), m.samples()));
    assertEquals(byPair, pairs);
    for (DatasetChanges d : summary.datasets()) {
      long[] want = byDataset.get(d.dataset());
      assertEquals(
          d.dataset(),
          List.of(want[0], want[1], want[2], want[3]),
          List.of(d.samples(), d.changed(), d.oldCorrect(), d.newCorrect()));
    }
    assertEquals(byDataset.keySet().size(), summary.datasets().size());

    List<String> lines = Files.readAllLines(regraded.resolve(RegradeSummary.CHANGES_FILE));
    List<VerdictChange> listed = new ArrayList<>();
    for (String line : lines) {
      listed.add(VerdictChange.fromJson(MetricsJson.JSON.readTree(line)));
    }
    List<VerdictChange> sorted = new ArrayList<>(listed);
    sorted.sort(null);
    assertEquals("listed in order", sorted, listed);
    assertEquals(
        new java.util.TreeSet<>(changed),
        new java.util.TreeSet<>(
            listed.stream()
                .map(c -> c.dataset() + "/" + c.problemId() + "#" + c.sampleIndex())
                .toList()));
    JsonNode manifest =
        MetricsJson.JSON.readTree(regraded.resolve("metrics.json").toFile()).path("manifest");
    assertEquals(
        RegradeSummary.CHANGES_FILE, manifest.path("regrade_changes").path("changes").asText());
    assertTrue(Files.readString(regraded.resolve("report.html")).contains("Changed by regrade"));
    // the unchanged synthetic run: nothing moved, an empty list
    assertEquals(0, result.changes().changed());
    assertEquals(0, Files.size(output.resolve(RegradeSummary.CHANGES_FILE)));
  }

  @Test
  public void threadCountDoesNotChangeTheMetrics() throws Exception {
    RegradeFloorResult single = RegradeFloor.run(input, TMP.newFolder("one").toPath(), 1, GRADER);
    RegradeFloorResult three = RegradeFloor.run(input, TMP.newFolder("three").toPath(), 3, GRADER);
    assertEquals(withoutTokenMeans(result.metrics()), withoutTokenMeans(single.metrics()));
    assertEquals(withoutTokenMeans(result.metrics()), withoutTokenMeans(three.metrics()));
    // the benchmark's checks agree: same metrics, and the same grade sample by sample
    assertEquals(
        List.of(),
        RegradeBenchmark.compareMetrics("one", "floor", result.metrics(), single.metrics()));
    RegradeBenchmarkSamples samples =
        RegradeBenchmarkSamples.compare("floor", output, single.output());
    assertEquals(0, samples.total());
    assertEquals(PROBLEMS * K, samples.compared());
    try (Stream<Path> shards = Files.list(TMP.getRoot().toPath().resolve("three/samples"))) {
      assertEquals(3, shards.count());
    }
  }

  @Test
  public void benchmarkCountsADifferingGradeTimeoutsIncluded() throws Exception {
    List<GenericRecord> rows = ParquetRecords.readAll(output + "/samples/*.parquet");
    Path changed = TMP.newFolder("changed").toPath();
    Files.createDirectories(changed.resolve("samples"));
    org.apache.hadoop.fs.Path target =
        new org.apache.hadoop.fs.Path(
            changed.resolve("samples/samples-00000-of-00001.parquet").toUri());
    String timeout = GradeStatus.GRADER_TIMEOUT.wireName();
    String before = rows.get(0).get("status").toString();
    try (ParquetWriter<GenericRecord> writer =
        AvroParquetWriter.<GenericRecord>builder(
                HadoopOutputFile.fromPath(target, new Configuration()))
            .withSchema(OutputSchemas.SAMPLE)
            .withConf(new Configuration())
            .build()) {
      for (int i = 0; i < rows.size(); i++) {
        GenericData.Record copy = new GenericData.Record((GenericData.Record) rows.get(i), true);
        if (i == 0) {
          copy.put("status", before.equals(timeout) ? "correct" : timeout);
        }
        writer.write(copy);
      }
    }

    RegradeBenchmarkSamples samples = RegradeBenchmarkSamples.compare("floor", output, changed);

    assertEquals(1, samples.differing());
    assertEquals(1, samples.total());
    assertEquals(rows.size(), samples.compared());
    assertTrue(samples.examples().toString(), samples.examples().get(0).contains(before));
  }

  @Test
  public void refusesWhatIsNotARunDirectory() throws Exception {
    Path empty = TMP.newFolder("empty").toPath();
    RegradeFloorException noMetrics =
        assertThrows(
            RegradeFloorException.class,
            () -> RegradeFloor.run(empty, TMP.getRoot().toPath().resolve("x"), 1));
    assertTrue(noMetrics.getMessage(), noMetrics.getMessage().contains("metrics.json"));

    Files.copy(input.resolve("metrics.json"), empty.resolve("metrics.json"));
    RegradeFloorException noSamples =
        assertThrows(
            RegradeFloorException.class,
            () -> RegradeFloor.run(empty, TMP.getRoot().toPath().resolve("y"), 1));
    assertTrue(noSamples.getMessage(), noSamples.getMessage().contains("samples"));

    IllegalArgumentException sameDir =
        assertThrows(IllegalArgumentException.class, () -> RegradeFloor.run(input, input, 1));
    assertTrue(sameDir.getMessage(), sameDir.getMessage().contains("--output"));
  }

  /** Mean completion tokens are sums in a different order per thread count: compare the rest. */
  private static List<String> withoutTokenMeans(List<DatasetMetrics> metrics) {
    List<String> out = new ArrayList<>();
    for (DatasetMetrics m : metrics) {
      out.add(
          m.dataset()
              + " "
              + m.numProblems()
              + " "
              + m.numSamples()
              + " "
              + m.correct()
              + " "
              + m.incorrect()
              + " "
              + m.noAnswer()
              + " "
              + m.unparseable()
              + " "
              + m.requestErrors()
              + " "
              + m.truncated()
              + " "
              + String.format("%.12f", m.passAtK().get(0)));
    }
    return out;
  }

  private static String key(GenericRecord r) {
    return r.get("data_source") + "/" + r.get("problem_id") + "#" + r.get("sample_index");
  }

  @Test
  public void aChildThatOutlivesItsTimeIsKilledAndTheLogSaysSo() throws Exception {
    Path log = TMP.newFile("hung-child.log").toPath();
    long start = System.nanoTime();
    RegradeBenchmarkChild child =
        RegradeBenchmarkChild.measure(
            "hung", List.of("sleep", "60"), log, TMP.getRoot().toPath(), Duration.ofSeconds(1));
    assertTrue(child.exitCode() != 0);
    assertTrue(Duration.ofNanos(System.nanoTime() - start).toSeconds() < 30);
    assertTrue(child.logTail(2), child.logTail(2).contains("killed by the benchmark after 1 s"));
  }
}
