package io.mathbeam.pipelines.regrade;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.grading.Grader;
import io.mathbeam.pipelines.eval.EvalCommand;
import io.mathbeam.pipelines.eval.MetricsSchema;
import io.mathbeam.transforms.OutputSchemas;
import io.mathbeam.transforms.ParquetRecords;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.apache.avro.Schema;
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
 * What {@code mathbeam regrade} says it changed: the counts in {@code regrade-changes.json} and on
 * stdout, and the samples listed in {@code regrade-changes.jsonl}, against a diff the test computes
 * itself from the stored and the regraded {@code samples/} rows. The stored runs are one real eval
 * whose grades the test corrupts, as if an older grader had made them.
 */
public class RegradeChangesTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String OLD_VERSION = "mathbeam-grader/1";
  private static final String SECOND = "second";

  @ClassRule public static final TemporaryFolder TMP = new TemporaryFolder();

  private static String original;
  private static Path stale;

  /** One eval, and a copy in two datasets whose stored grades are partly wrong. */
  @BeforeClass
  public static void storedRuns() throws Exception {
    original = TMP.newFolder("original").getPath();
    new EvalCommand(quiet())
        .run(new String[] {"--benchmarks=sample:4", "--output=" + original, "--simTimeScale=4000"});
    List<GenericRecord> rows = ParquetRecords.readAll(original + "/samples/*.parquet");
    List<String> problems =
        new ArrayList<>(
            new TreeSet<>(rows.stream().map(r -> r.get("problem_id").toString()).toList()));
    rows.sort((a, b) -> key(a).compareTo(key(b)));
    stale = TMP.newFolder("stale").toPath();
    int[] i = {0};
    writeRun(
        stale,
        OutputSchemas.SAMPLE,
        OLD_VERSION,
        rows,
        copy -> {
          // half of the problems in a second dataset, so the table by dataset has two rows
          if (problems.indexOf(copy.get("problem_id").toString()) % 2 == 1) {
            copy.put("data_source", SECOND);
          }
          String status = copy.get("status").toString();
          int n = i[0]++;
          if (n % 3 == 0) {
            setStatus(copy, status.equals("correct") ? "incorrect" : "correct");
          } else if (n % 7 == 1) {
            setStatus(copy, "grader_timeout");
          } else if (n % 5 == 2) {
            Object answer = copy.get("extracted_answer");
            copy.put("extracted_answer", "stale " + answer);
          }
          copy.put("grader_version", OLD_VERSION);
        });
  }

  @Test
  public void regradeCountsStatusChangesByPairAndDatasetAndListsExactlyTheChangedSamples()
      throws Exception {
    String regraded = TMP.getRoot().toPath().resolve("regraded").toString();
    String printed = regrade("--input=" + stale, "--output=" + regraded);

    Diff diff = Diff.of(stale.toString(), regraded);
    assertTrue("the corruption changed statuses", diff.changed.size() > 10);
    assertTrue("and answers alone", diff.answerOnly > 0);
    JsonNode summary = JSON.readTree(Path.of(regraded, "regrade-changes.json").toFile());
    assertEquals(OLD_VERSION, summary.path("old_grader_version").asText());
    assertEquals(Grader.VERSION, summary.path("new_grader_version").asText());
    assertEquals(64, summary.path("samples").asLong());
    assertEquals(diff.changed.size(), summary.path("changed").asLong());
    assertEquals(diff.answerOnly, summary.path("answer_changed_same_status").asLong());
    assertEquals(diff.byPair, byPair(summary));
    assertEquals(diff.byDataset, byDataset(summary));
    assertEquals(new TreeSet<>(List.of("sample", SECOND)), byDataset(summary).keySet());
    assertEquals(0, summary.path("changes_left_out").asLong());

    List<JsonNode> lines = lines(regraded);
    assertEquals(
        new ArrayList<>(diff.changed.keySet()),
        lines.stream().map(RegradeChangesTest::key).toList());
    for (JsonNode line : lines) {
      Change expected = diff.changed.get(key(line));
      assertEquals(expected.oldStatus, line.path("old_status").asText());
      assertEquals(expected.newStatus, line.path("new_status").asText());
      assertEquals(expected.oldAnswer, text(line.get("old_extracted_answer")));
      assertEquals(expected.newAnswer, text(line.get("new_extracted_answer")));
      assertEquals(expected.golds, strings(line.path("ground_truth")));
      assertEquals(expected.responseEnd, text(line.get("response_end")));
      assertEquals(OLD_VERSION, line.path("old_grader_version").asText());
      assertEquals(Grader.VERSION, line.path("new_grader_version").asText());
    }

    assertTrue(printed, printed.contains(OLD_VERSION));
    assertTrue(printed, printed.contains(Grader.VERSION));
    assertTrue(printed, printed.contains(diff.changed.size() + " of 64 samples changed status"));
    assertTrue(
        printed,
        printed.contains(diff.answerOnly + " kept their status with another extracted answer"));
    for (Map.Entry<String, Long> pair : diff.byPair.entrySet()) {
      String[] statuses = pair.getKey().split(" -> ");
      assertTrue(
          printed,
          printed.matches(
              "(?s).*\\n  " + statuses[0] + " +" + statuses[1] + " +" + pair.getValue() + "\\n.*"));
    }
    JsonNode metrics = JSON.readTree(Path.of(regraded, "metrics.json").toFile());
    assertEquals(
        "regrade-changes.json",
        metrics.path("manifest").path("regrade_changes").path("summary").asText());
    assertEquals(
        "regrade-changes.jsonl",
        metrics.path("manifest").path("regrade_changes").path("changes").asText());
    assertEquals(
        diff.changed.size(), metrics.path("run_counters").path("regrade_status_changed").asLong());
    MetricsSchema.assertValid(metrics);
    String report = Files.readString(Path.of(regraded, "report.html"));
    assertTrue(report.contains("Changed by regrade"));
    assertTrue(report.contains(OLD_VERSION));
  }

  @Test
  public void regradeOnTheFlinkRunnerCountsAndListsTheSameChanges() throws Exception {
    String regraded = TMP.getRoot().toPath().resolve("flink").toString();
    String printed =
        regrade(
            "--input=" + stale, "--output=" + regraded, "--runner=FlinkRunner", "--parallelism=2");

    Diff diff = Diff.of(stale.toString(), regraded);
    JsonNode summary = JSON.readTree(Path.of(regraded, "regrade-changes.json").toFile());
    assertEquals(diff.changed.size(), summary.path("changed").asLong());
    assertEquals(diff.answerOnly, summary.path("answer_changed_same_status").asLong());
    assertEquals(diff.byPair, byPair(summary));
    assertEquals(diff.byDataset, byDataset(summary));
    assertEquals(
        new ArrayList<>(diff.changed.keySet()),
        lines(regraded).stream().map(RegradeChangesTest::key).toList());
    assertTrue(printed, printed.contains(diff.changed.size() + " of 64 samples changed status"));
    assertEquals(
        "FlinkRunner",
        JSON.readTree(Path.of(regraded, "metrics.json").toFile())
            .path("manifest")
            .path("runner")
            .asText());
  }

  @Test
  public void regradeOfGradesThisGraderMadeReportsNoChangeAndAnEmptyList() throws Exception {
    String regraded = TMP.getRoot().toPath().resolve("same").toString();
    String printed = regrade("--input=" + original, "--output=" + regraded);

    Diff diff = Diff.of(original, regraded);
    // only a grade that hit the grader's time budget on a loaded machine may come out otherwise
    diff.changed.values().forEach(c -> assertTrue(c.oldStatus + " -> " + c.newStatus, c.timeout()));
    JsonNode summary = JSON.readTree(Path.of(regraded, "regrade-changes.json").toFile());
    assertEquals(diff.changed.size(), summary.path("changed").asLong());
    assertEquals(Grader.VERSION, summary.path("old_grader_version").asText());
    assertTrue(
        printed,
        printed.contains(
            "(stored grades " + Grader.VERSION + " -> new grades " + Grader.VERSION + ")"));
    assertTrue(printed, printed.contains(diff.changed.size() + " of 64 samples changed status"));
    assertEquals(diff.changed.size(), lines(regraded).size());
    if (diff.changed.isEmpty()) {
      assertEquals(0, Files.size(Path.of(regraded, "regrade-changes.jsonl")));
      assertTrue(printed, printed.contains("0 of 64 samples changed status"));
      assertTrue(printed, printed.contains("(empty: no sample changed status)"));
    }
  }

  @Test
  public void regradeListsTheFirstChangesUpToTheLimitAndCountsTheRest() throws Exception {
    String regraded = TMP.getRoot().toPath().resolve("limited").toString();
    String printed = regrade("--input=" + stale, "--output=" + regraded, "--maxListedChanges=3");

    Diff diff = Diff.of(stale.toString(), regraded);
    List<String> first = new ArrayList<>(diff.changed.keySet()).subList(0, 3);
    assertEquals(first, lines(regraded).stream().map(RegradeChangesTest::key).toList());
    JsonNode summary = JSON.readTree(Path.of(regraded, "regrade-changes.json").toFile());
    assertEquals(diff.changed.size(), summary.path("changed").asLong());
    assertEquals(3, summary.path("changes_listed").asLong());
    assertEquals(diff.changed.size() - 3, summary.path("changes_left_out").asLong());
    assertTrue(
        printed,
        printed.contains(
            (diff.changed.size() - 3) + " more changed samples are counted but not listed"));
  }

  @Test
  public void samplesWithoutAGraderVersionTakeTheManifestsVersion() throws Exception {
    Path old = TMP.newFolder("before-versions").toPath();
    List<String> fields = new ArrayList<>();
    OutputSchemas.SAMPLE.getFields().stream()
        .map(Schema.Field::name)
        .filter(n -> !n.equals("grader_version"))
        .forEach(fields::add);
    Schema withoutVersion =
        OutputSchemas.projection(OutputSchemas.SAMPLE, fields.toArray(new String[0]));
    writeRun(
        old,
        withoutVersion,
        "mathbeam-grader/manifest",
        ParquetRecords.readAll(original + "/samples/*.parquet"),
        copy -> {});
    String regraded = TMP.getRoot().toPath().resolve("versionless").toString();
    String printed = regrade("--input=" + old, "--output=" + regraded);

    JsonNode summary = JSON.readTree(Path.of(regraded, "regrade-changes.json").toFile());
    assertEquals("mathbeam-grader/manifest", summary.path("old_grader_version").asText());
    assertEquals(64, summary.path("old_grader_versions").path("mathbeam-grader/manifest").asLong());
    assertTrue(printed, printed.contains("stored grades mathbeam-grader/manifest"));
    assertFalse(
        lines(regraded).stream()
            .anyMatch(
                l -> !l.path("old_grader_version").asText().equals("mathbeam-grader/manifest")));
  }

  // ---- the test's own diff of two runs' samples ----

  /** One sample's stored and new grade. */
  private record Change(
      String oldStatus,
      String newStatus,
      String oldAnswer,
      String newAnswer,
      List<String> golds,
      String responseEnd) {
    boolean timeout() {
      return oldStatus.equals("grader_timeout") || newStatus.equals("grader_timeout");
    }
  }

  /** Changed samples by key (sorted as the file is), answer-only changes, per pair and dataset. */
  private static final class Diff {
    final TreeMap<String, Change> changed = new TreeMap<>();
    long answerOnly;
    final Map<String, Long> byPair = new TreeMap<>();
    final Map<String, List<Long>> byDataset = new TreeMap<>();

    static Diff of(String storedRun, String regradedRun) throws Exception {
      Map<String, GenericRecord> before = byKey(storedRun);
      Map<String, GenericRecord> after = byKey(regradedRun);
      assertEquals(before.keySet(), after.keySet());
      Diff d = new Diff();
      for (Map.Entry<String, GenericRecord> e : before.entrySet()) {
        GenericRecord old = e.getValue();
        GenericRecord now = after.get(e.getKey());
        String oldStatus = old.get("status").toString();
        String newStatus = now.get("status").toString();
        boolean statusChanged = !oldStatus.equals(newStatus);
        boolean answerChanged =
            !Objects.equals(text(old.get("extracted_answer")), text(now.get("extracted_answer")));
        // samples, changed, answer only, old correct, new correct
        List<Long> counts =
            d.byDataset.computeIfAbsent(
                old.get("data_source").toString(),
                k -> new ArrayList<>(List.of(0L, 0L, 0L, 0L, 0L)));
        counts.set(0, counts.get(0) + 1);
        counts.set(3, counts.get(3) + (oldStatus.equals("correct") ? 1 : 0));
        counts.set(4, counts.get(4) + (newStatus.equals("correct") ? 1 : 0));
        if (statusChanged) {
          counts.set(1, counts.get(1) + 1);
          d.byPair.merge(oldStatus + " -> " + newStatus, 1L, Long::sum);
          String response = text(now.get("response"));
          d.changed.put(
              e.getKey(),
              new Change(
                  oldStatus,
                  newStatus,
                  text(old.get("extracted_answer")),
                  text(now.get("extracted_answer")),
                  strings(now.get("ground_truth")),
                  response == null
                      ? null
                      : response.substring(Math.max(0, response.length() - 300))));
        } else if (answerChanged) {
          counts.set(2, counts.get(2) + 1);
          d.answerOnly++;
        }
      }
      return d;
    }
  }

  private static Map<String, GenericRecord> byKey(String runDir) throws Exception {
    Map<String, GenericRecord> out = new TreeMap<>();
    for (GenericRecord r : ParquetRecords.readAll(runDir + "/samples/*.parquet")) {
      out.put(key(r), r);
    }
    return out;
  }

  private static Map<String, Long> byPair(JsonNode summary) {
    Map<String, Long> out = new TreeMap<>();
    for (JsonNode m : summary.path("by_status")) {
      out.put(
          m.path("old_status").asText() + " -> " + m.path("new_status").asText(),
          m.path("samples").asLong());
    }
    return out;
  }

  private static Map<String, List<Long>> byDataset(JsonNode summary) {
    Map<String, List<Long>> out = new TreeMap<>();
    summary
        .path("by_dataset")
        .fields()
        .forEachRemaining(
            e -> {
              JsonNode d = e.getValue();
              assertEquals(
                  d.path("new_correct").asLong() - d.path("old_correct").asLong(),
                  d.path("correct_change").asLong());
              out.put(
                  e.getKey(),
                  List.of(
                      d.path("samples").asLong(),
                      d.path("changed").asLong(),
                      d.path("answer_changed_same_status").asLong(),
                      d.path("old_correct").asLong(),
                      d.path("new_correct").asLong()));
            });
    return out;
  }

  /** Sort key of a sample, as the changes file orders them: dataset, problem id, index. */
  private static String key(GenericRecord r) {
    return key(
        r.get("data_source").toString(),
        r.get("problem_id").toString(),
        (Integer) r.get("sample_index"));
  }

  private static String key(JsonNode line) {
    return key(
        line.path("data_source").asText(),
        line.path("problem_id").asText(),
        line.path("sample_index").asInt());
  }

  private static String key(String dataset, String problem, int index) {
    return dataset + "\u0000" + problem + "\u0000" + String.format("%06d", index);
  }

  private static List<JsonNode> lines(String runDir) throws Exception {
    List<JsonNode> out = new ArrayList<>();
    for (String line : Files.readAllLines(Path.of(runDir, "regrade-changes.jsonl"))) {
      out.add(JSON.readTree(line));
    }
    return out;
  }

  private static String text(Object value) {
    return value == null ? null : value.toString();
  }

  private static String text(JsonNode n) {
    return n == null || n.isNull() ? null : n.asText();
  }

  private static List<String> strings(Object list) {
    List<String> out = new ArrayList<>();
    for (Object o : (List<?>) list) {
      out.add(o.toString());
    }
    return out;
  }

  private static List<String> strings(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(g -> out.add(g.asText()));
    return out;
  }

  // ---- building stored runs ----

  private static void setStatus(GenericData.Record row, String status) {
    row.put("status", status);
    row.put("symbolic_status", status);
    row.put("reward", status.equals("correct") ? 1.0 : 0.0);
  }

  /**
   * A run directory holding {@code rows} as written with {@code schema} after {@code corrupt}, and
   * the original's metrics.json with the manifest's grader version set to {@code manifestVersion}
   * and the second dataset listed.
   */
  private static void writeRun(
      Path dir,
      Schema schema,
      String manifestVersion,
      List<GenericRecord> rows,
      Consumer<GenericData.Record> corrupt)
      throws Exception {
    ObjectNode metrics = (ObjectNode) JSON.readTree(Path.of(original, "metrics.json").toFile());
    ObjectNode manifest = (ObjectNode) metrics.path("manifest");
    manifest.put("grader_version", manifestVersion);
    ArrayNode datasets = (ArrayNode) manifest.path("datasets");
    datasets.add(((ObjectNode) datasets.get(0)).deepCopy().put("name", SECOND));
    Files.writeString(dir.resolve("metrics.json"), JSON.writeValueAsString(metrics));
    Files.createDirectories(dir.resolve("samples"));
    org.apache.hadoop.fs.Path target =
        new org.apache.hadoop.fs.Path(
            dir.resolve("samples/samples-00000-of-00001.parquet").toUri());
    try (ParquetWriter<GenericRecord> writer =
        AvroParquetWriter.<GenericRecord>builder(
                HadoopOutputFile.fromPath(target, new Configuration()))
            .withSchema(schema)
            .withConf(new Configuration())
            .build()) {
      for (GenericRecord row : rows) {
        GenericData.Record copy = new GenericData.Record(OutputSchemas.SAMPLE);
        for (Schema.Field f : OutputSchemas.SAMPLE.getFields()) {
          copy.put(f.name(), row.get(f.name()));
        }
        corrupt.accept(copy);
        GenericData.Record written = new GenericData.Record(schema);
        for (Schema.Field f : schema.getFields()) {
          written.put(f.name(), copy.get(f.name()));
        }
        writer.write(written);
      }
    }
  }

  private static String regrade(String... args) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    new RegradeCommand(out).run(args);
    return bytes.toString(StandardCharsets.UTF_8);
  }

  private static PrintStream quiet() {
    return new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
  }
}
