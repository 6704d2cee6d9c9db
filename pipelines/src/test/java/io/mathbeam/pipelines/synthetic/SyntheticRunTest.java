package io.mathbeam.pipelines.synthetic;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mathbeam.core.grading.Grader;
import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.core.report.MetricsJson;
import io.mathbeam.transforms.GradeResponses;
import io.mathbeam.transforms.OutputSchemas;
import io.mathbeam.transforms.ParquetRecords;
import io.mathbeam.transforms.ReadStoredSamples;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** {@link SyntheticRun}: a run directory regrade accepts, deterministic, with the outcome mix. */
public class SyntheticRunTest {
  private static final int PROBLEMS = 150;
  private static final int K = 8;
  private static final long SEED = 11;
  private static final int ROWS_PER_FILE = 500;

  @ClassRule public static final TemporaryFolder TMP = new TemporaryFolder();

  private static Path run;
  private static SyntheticRunSummary summary;
  private static List<GenericRecord> rows;

  @BeforeClass
  public static void writeRun() throws Exception {
    run = TMP.newFolder("run").toPath();
    summary = SyntheticRun.write(run, PROBLEMS, K, SEED, ROWS_PER_FILE);
    rows = ParquetRecords.readAll(run + "/samples/*.parquet");
  }

  @Test
  public void writesProblemsTimesKRowsInNamedShards() throws Exception {
    assertEquals(PROBLEMS * K, rows.size());
    assertEquals(PROBLEMS * K, summary.samples());
    int files = (PROBLEMS * K + ROWS_PER_FILE - 1) / ROWS_PER_FILE;
    assertEquals(files, summary.files());
    List<String> names = fileNames(run);
    assertEquals(files, names.size());
    assertEquals(String.format("samples-00000-of-%05d.parquet", files), names.get(0));

    Map<String, Set<Integer>> indices = new HashMap<>();
    for (GenericRecord r : rows) {
      indices
          .computeIfAbsent(r.get("data_source") + "/" + r.get("problem_id"), p -> new HashSet<>())
          .add((Integer) r.get("sample_index"));
    }
    assertEquals(PROBLEMS, indices.size());
    for (Set<Integer> sampleIndices : indices.values()) {
      assertEquals(K, sampleIndices.size());
      assertTrue(sampleIndices.contains(0) && sampleIndices.contains(K - 1));
    }
  }

  @Test
  public void rowsFollowTheSampleSchemaAndReadBackWithRegradesColumns() throws Exception {
    for (GenericRecord r : rows) {
      assertEquals(OutputSchemas.SAMPLE, r.getSchema());
      assertTrue(GenericData.get().validate(OutputSchemas.SAMPLE, r));
      assertEquals(SyntheticRun.GRADER_VERSION, r.get("grader_version").toString());
    }
    List<GenericRecord> projected =
        ParquetRecords.readAll(run + "/samples/*.parquet", OutputSchemas.STORED_GENERATION);
    assertEquals(rows.size(), projected.size());
    assertEquals(
        rows.get(0).get("response").toString(), projected.get(0).get("response").toString());
  }

  @Test
  public void metricsJsonHasTheManifestRegradeReads() throws Exception {
    JsonNode root = MetricsJson.JSON.readTree(run.resolve("metrics.json").toFile());
    JsonNode manifest = root.path("manifest");
    for (String field :
        List.of("mathbeam_version", "grader_version", "started_at", "runner", "simulated_model")) {
      assertTrue("manifest." + field, manifest.has(field));
    }
    for (String field : List.of("temperature", "top_p", "max_tokens", "base_seed")) {
      assertTrue("manifest.sampling." + field, manifest.path("sampling").has(field));
    }
    List<String> names = new ArrayList<>();
    for (JsonNode d : manifest.path("datasets")) {
      names.add(d.path("name").asText());
      assertEquals(K, d.path("samples_per_problem").asInt());
      assertTrue(d.path("sha256").asText().matches("[0-9a-f]{64}"));
    }
    assertEquals(List.of(SyntheticRun.AIME, SyntheticRun.MATH, SyntheticRun.MINERVA), names);
    // the intended outcomes, tallied as a run's metrics would be
    assertEquals(PROBLEMS * K, root.path("_aggregate").path("num_samples").asInt());
    assertEquals(K, root.path("datasets").path(SyntheticRun.MATH).path("pass_at_k").size());
  }

  @Test
  public void sameSeedWritesTheSameRowsAndAnotherSeedOthers() throws Exception {
    // smaller runs than the shared one, across several files
    Path first = TMP.newFolder("first").toPath();
    Path again = TMP.newFolder("again").toPath();
    Path other = TMP.newFolder("other").toPath();
    SyntheticRun.write(first, 40, 4, SEED, 50);
    SyntheticRun.write(again, 40, 4, SEED, 50);
    SyntheticRun.write(other, 40, 4, SEED + 1, 50);
    assertEquals(4, fileNames(first).size());
    assertEquals(fileNames(first), fileNames(again));
    for (String name : fileNames(first)) {
      assertEquals(
          name,
          texts(ParquetRecords.readAll(first.resolve("samples").resolve(name).toString())),
          texts(ParquetRecords.readAll(again.resolve("samples").resolve(name).toString())));
    }
    JsonNode firstMetrics = MetricsJson.JSON.readTree(first.resolve("metrics.json").toFile());
    JsonNode againMetrics = MetricsJson.JSON.readTree(again.resolve("metrics.json").toFile());
    assertEquals(firstMetrics.path("datasets"), againMetrics.path("datasets"));
    assertEquals(
        firstMetrics.path("manifest").path("datasets"),
        againMetrics.path("manifest").path("datasets"));
    assertNotEquals(
        texts(ParquetRecords.readAll(first + "/samples/*.parquet")),
        texts(ParquetRecords.readAll(other + "/samples/*.parquet")));
  }

  @Test
  public void goldAnswersComeInVariedForms() {
    Set<String> forms = new HashSet<>();
    for (GenericRecord r : rows) {
      for (Object gold : (List<?>) r.get("ground_truth")) {
        forms.add(form(gold.toString()));
      }
    }
    assertEquals(
        Set.of("integer", "fraction", "sqrt", "interval", "decimal", "expression", "pi"), forms);
  }

  @Test
  public void everyOutcomeOccursAndGradesAsWritten() {
    Grader grader = new Grader();
    Map<String, Map<GradeStatus, Integer>> gradedByKind = new TreeMap<>();
    List<Integer> lengths = new ArrayList<>();
    for (GenericRecord r : rows) {
      String kind = kind(r);
      GradeStatus graded =
          GradeResponses.grade(grader, ReadStoredSamples.generation(r, Map.of())).status();
      gradedByKind
          .computeIfAbsent(kind, x -> new EnumMap<>(GradeStatus.class))
          .merge(graded, 1, Integer::sum);
      if (r.get("response") != null && r.get("response").toString().length() > 0) {
        lengths.add(r.get("response").toString().length());
      }
    }
    assertEquals(
        gradedByKind.toString(),
        Set.of(
            "correct",
            "equivalent",
            "incorrect",
            "unparseable",
            "no_answer",
            "truncated",
            "request_error"),
        gradedByKind.keySet());
    // each kind is graded as it was written: equivalent forms count as correct, junk as
    // unparseable, a missing or truncated answer as no_answer
    Map<String, GradeStatus> expected =
        Map.of(
            "correct", GradeStatus.CORRECT,
            "equivalent", GradeStatus.CORRECT,
            "incorrect", GradeStatus.INCORRECT,
            "unparseable", GradeStatus.UNPARSEABLE,
            "no_answer", GradeStatus.NO_ANSWER,
            "truncated", GradeStatus.NO_ANSWER,
            "request_error", GradeStatus.REQUEST_ERROR);
    for (Map.Entry<String, Map<GradeStatus, Integer>> e : gradedByKind.entrySet()) {
      int total = e.getValue().values().stream().mapToInt(Integer::intValue).sum();
      int asWritten = e.getValue().getOrDefault(expected.get(e.getKey()), 0);
      assertTrue(e.getKey() + " graded " + e.getValue(), asWritten >= 0.95 * total);
    }

    Collections.sort(lengths);
    int median = lengths.get(lengths.size() / 2);
    int longest = lengths.get(lengths.size() - 1);
    assertTrue("median response length " + median, median >= 5_000 && median <= 10_000);
    assertTrue("longest response " + longest, longest >= 30_000 && longest <= 42_000);
  }

  /** What a row was written to be, from its stored (intended) status and its text. */
  private static String kind(GenericRecord r) {
    if ("length".equals(String.valueOf(r.get("finish_reason")))) {
      return "truncated";
    }
    String status = r.get("status").toString();
    if (status.equals("correct")) {
      List<String> golds = new ArrayList<>();
      ((List<?>) r.get("ground_truth")).forEach(g -> golds.add(g.toString()));
      return golds.contains(r.get("extracted_answer").toString()) ? "correct" : "equivalent";
    }
    return status;
  }

  private static String form(String gold) {
    if (gold.contains("\\pi")) {
      return "pi";
    }
    if (gold.contains("\\infty") || gold.startsWith("[")) {
      return "interval";
    }
    if (gold.contains("\\sqrt")) {
      return "sqrt";
    }
    if (gold.contains("\\frac")) {
      return "fraction";
    }
    if (gold.contains("x")) {
      return "expression";
    }
    return gold.contains(".") ? "decimal" : "integer";
  }

  private static List<String> texts(List<GenericRecord> records) {
    return records.stream().map(GenericRecord::toString).toList();
  }

  private static List<String> fileNames(Path runDir) throws Exception {
    try (Stream<Path> files = Files.list(runDir.resolve("samples"))) {
      return files.map(Path::getFileName).map(Path::toString).sorted().toList();
    }
  }
}
