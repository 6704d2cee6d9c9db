package io.mathbeam.core.datasets;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Each named benchmark added beside the shared data folder's converts rows shaped as its source
 * publishes them (the layouts docs/DATASETS.md cites), and the registry knows at least 25 names.
 */
public class NamedBenchmarkFixturesTest {
  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  /** The rows {@code b}'s conversion makes of {@code lines}, given as its file {@code key}. */
  private List<Map<String, Object>> convert(Benchmark b, String key, String... lines)
      throws Exception {
    Path file = tmp.newFile().toPath();
    Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
    SourceFile source = b.files().get(0);
    Map<String, SourceRows.Downloaded> files = new LinkedHashMap<>();
    files.put(
        key,
        new SourceRows.Downloaded(
            new SourceFile(key, source.host(), source.repo(), source.revision(), key), file));
    List<Map<String, Object>> out = new ArrayList<>();
    b.conversion()
        .convert(
            new SourceRows(files, ParquetRowReader.NONE),
            new RowSink() {
              @Override
              public void row(Map<String, Object> row) {
                out.add(row);
              }

              @Override
              public void jsonLine(String line) throws IOException {
                throw new IOException("not expected");
              }
            });
    return out;
  }

  private static Benchmark named(String name) {
    return Benchmarks.byName(name)
        .or(() -> Benchmarks.hubByName(name).map(HubBenchmark::placeholder))
        .orElseThrow();
  }

  @Test
  public void theRegistryKnowsTheCompetitionsAndSetsUsersFollow() {
    List<String> names = Benchmarks.names();
    assertTrue(names.toString(), names.size() >= 25);
    for (String n :
        List.of(
            "aime26",
            "hmmt_feb26",
            "brumo25",
            "cmimc25",
            "smt25",
            "hmmt_nov25",
            "limo",
            "omni_math",
            "college_math",
            "gaokao2023en",
            "math",
            "amc22_23")) {
      assertTrue(n, names.contains(n));
    }
  }

  @Test
  public void qwenClozeSetsDropTheirDollarSignsAndEmptyAnswers() throws Exception {
    List<Map<String, Object>> college =
        convert(
            named("college_math"),
            QwenMathConversions.FILE,
            "{\"data_source\": \"college_math.Beginning_and_Intermediate_Algebra\","
                + " \"question_number\": \"exercise.0.4.61\", \"question\": \"Simplify:"
                + " $-10-4(n-5)$\", \"answer\": \"$10-4 n$\", \"license\": \"CC BY 3.0\","
                + " \"data_topic\": \"college_math.algebra\"}");
    assertEquals("college_math-1", college.get(0).get("id"));
    assertEquals("Simplify: $-10-4(n-5)$", college.get(0).get("problem"));
    assertEquals("10-4 n", college.get(0).get("answer"));
    assertEquals("college_math.algebra", college.get(0).get("data_topic"));

    List<Map<String, Object>> gaokao =
        convert(
            named("gaokao2023en"),
            QwenMathConversions.FILE,
            "{\"source\": \"2023BJ/01Q.en\", \"question\": \"Find $M \\\\cap N$.\", \"lang\":"
                + " \"en\", \"answer\": \"$\\\\{x|-2\\\\leq x < 1\\\\}$\"}",
            "{\"source\": \"part1\", \"question\": \"Compute it.\", \"lang\": \"en\","
                + " \"answer\": \"\"}");
    assertEquals(1, gaokao.size());
    assertEquals("\\{x|-2\\leq x < 1\\}", gaokao.get(0).get("answer"));
  }

  @Test
  public void mathAndOmniMathReadTheirAnswers() throws Exception {
    List<Map<String, Object>> math =
        convert(
            named("math"),
            QwenMathConversions.FILE,
            "{\"idx\": 7, \"problem\": \"What is $1+1$?\", \"solution\": \"So it is"
                + " $\\\\boxed{2}$.\", \"level\": \"Level 1\", \"type\": \"Algebra\"}");
    assertEquals("math-7", math.get(0).get("id"));
    assertEquals("2", math.get(0).get("answer"));
    assertEquals("Algebra", math.get(0).get("type"));
    BenchmarkFormatException noBox =
        assertThrows(
            BenchmarkFormatException.class,
            () ->
                convert(
                    named("math"),
                    QwenMathConversions.FILE,
                    "{\"idx\": 1, \"problem\": \"p\", \"solution\": \"no box\"}"));
    assertTrue(noBox.getMessage(), noBox.getMessage().contains("row 1"));

    List<Map<String, Object>> omni =
        convert(
            named("omni_math"),
            PublishedConversions.FILE,
            "{\"domain\": [\"Mathematics -> Algebra\"], \"difficulty\": 6.5, \"problem\": \"Find"
                + " $x$.\", \"solution\": \"...\", \"answer\": \"3\", \"source\": \"imo\"}");
    assertEquals("omni-math-1", omni.get(0).get("id"));
    assertEquals("3", omni.get(0).get("answer"));
    assertEquals("imo", omni.get(0).get("source"));
  }

  @Test
  public void hubSetsMapTheirPublishedColumns() throws Exception {
    for (String name :
        List.of("aime26", "hmmt_feb26", "hmmt_nov25", "brumo25", "cmimc25", "smt25")) {
      List<Map<String, Object>> rows =
          convert(
              named(name),
              "data/train-00000-of-00001.jsonl",
              "{\"problem_idx\": 1, \"problem\": \"Find $n$.\", \"answer\": 70}",
              "{\"problem_idx\": 2, \"problem\": \"Find $r$.\", \"answer\": \"\\\\frac{1}{2}\"}");
      assertEquals(name, name + "-1", rows.get(0).get("id"));
      assertEquals("70", rows.get(0).get("answer"));
      assertEquals("\\frac{1}{2}", rows.get(1).get("answer"));
    }
    List<Map<String, Object>> limo =
        convert(
            named("limo"),
            "limo.jsonl",
            "{\"question\": \"Compute $2^3$.\", \"solution\": \"It is 8.\", \"answer\": \"8\"}");
    assertEquals(
        List.of("limo-1", "Compute $2^3$.", "8"),
        List.of(limo.get(0).get("id"), limo.get(0).get("problem"), limo.get(0).get("answer")));
    List<Map<String, Object>> amc =
        convert(
            named("amc22_23"),
            "data/train-00000-of-00001.jsonl",
            "{\"id\": 0, \"problem\": \"What is $x$?\", \"answer\": 142.0, \"url\":"
                + " \"https://artofproblemsolving.com/wiki/index.php/2022_AMC_12A_Problems/Problem_1\"}");
    assertEquals("amc22_23-0", amc.get(0).get("id"));
    assertEquals("142", amc.get(0).get("answer"));
    BenchmarkFormatException missing =
        assertThrows(
            BenchmarkFormatException.class,
            () -> convert(named("aime26"), "train.jsonl", "{\"problem\": \"p\", \"answer\": 1}"));
    assertTrue(missing.getMessage(), missing.getMessage().contains("'problem_idx' missing"));
  }
}
