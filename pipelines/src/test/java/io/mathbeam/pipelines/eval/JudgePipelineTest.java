package io.mathbeam.pipelines.eval;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mathbeam.core.sim.JudgeBehavior;
import io.mathbeam.core.sim.SimConfig;
import io.mathbeam.core.sim.SimConfigBuilder;
import io.mathbeam.core.sim.SimulatedFleet;
import io.mathbeam.transforms.ParquetRecords;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.avro.generic.GenericRecord;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The judge over real HTTP: a simulated generation fleet answers the built-in problems and a
 * simulated judge fleet grades what the pipeline sends it.
 */
public class JudgePipelineTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Set<String> SYMBOLIC_NEGATIVES =
      Set.of("incorrect", "unparseable", "grader_timeout");

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static SimulatedFleet judgeFleet(JudgeBehavior behavior, SimConfigBuilder faults) {
    return SimulatedFleet.start(
        faults.replicas(2).timeScale(2000).modelName("judge").judge(behavior).build());
  }

  private static String eval(String... args) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new EvalCommand(new PrintStream(out, true, StandardCharsets.UTF_8)).run(args);
    return out.toString(StandardCharsets.UTF_8);
  }

  private static String text(GenericRecord r, String field) {
    Object v = r.get(field);
    return v == null ? null : v.toString();
  }

  @Test
  public void cascadeAsksOnlyAboutSymbolicNegativesAndReportsFourReadings() throws Exception {
    try (SimulatedFleet judge = judgeFleet(new JudgeBehavior(0.5, 0), SimConfig.builder())) {
      String out = tmp.newFolder("cascade").getPath();
      String cache = tmp.newFolder("cache").getPath();
      String[] args = {
        "--samples=8",
        "--simTimeScale=2000",
        "--output=" + out,
        "--cacheDir=" + cache,
        "--judgeEndpoints=" + String.join(",", judge.endpoints()),
        "--rewardFrom=judge"
      };
      String printed = eval(args);
      assertTrue(
          printed, printed.contains("Judge (cascade, headline from judge), pass@1 by reading:"));

      List<GenericRecord> rows = ParquetRecords.readAll(out + "/samples/*.parquet");
      assertEquals(16 * 8, rows.size());
      List<String> negatives = new ArrayList<>();
      int symbolicCorrect = 0;
      int judgeRescued = 0;
      for (GenericRecord r : rows) {
        String symbolic = text(r, "symbolic_status");
        String verdict = text(r, "judge_verdict");
        if (symbolic.equals("correct")) {
          symbolicCorrect++;
          assertNull("a symbolic positive went to the judge", verdict);
          assertEquals("correct", text(r, "status"));
        } else if (SYMBOLIC_NEGATIVES.contains(symbolic) && text(r, "extracted_answer") != null) {
          negatives.add(text(r, "extracted_answer"));
          assertNotNull(verdict);
          assertTrue(verdict, verdict.equals("correct") || verdict.equals("incorrect"));
          assertNotNull(text(r, "judge_reply"));
          // --rewardFrom=judge: the judge's decided verdict is the grade
          assertEquals(verdict, text(r, "status"));
          judgeRescued += verdict.equals("correct") ? 1 : 0;
        } else {
          assertNull(verdict);
          assertEquals(symbolic, text(r, "status"));
        }
      }
      assertTrue("the run needs symbolic negatives: " + negatives, negatives.size() >= 5);
      assertTrue(symbolicCorrect > 0);
      assertTrue("a lenient judge accepts some rejected answers", judgeRescued > 0);
      // the judge saw exactly the symbolic negatives' answers, each once
      List<String> asked = new ArrayList<>(judge.judgedAnswers());
      assertEquals(sorted(negatives), sorted(asked));

      JsonNode metrics = JSON.readTree(Path.of(out, "metrics.json").toFile());
      MetricsSchema.assertValid(metrics);
      JsonNode j = metrics.path("datasets").path("sample").path("judge");
      assertEquals("cascade", j.path("mode").asText());
      assertEquals(negatives.size(), j.path("judged").asInt());
      assertEquals(judgeRescued, j.path("disagreements").asInt());
      assertEquals(judgeRescued, j.path("judge_accepts_symbolic_rejects").asInt());
      // a cascade's judge sees only symbolic rejections: a table, but no kappa
      JsonNode agreement = j.path("agreement");
      assertEquals(0, agreement.path("table").path("both_correct").asInt());
      assertEquals(0, agreement.path("table").path("symbolic_correct_judge_incorrect").asInt());
      assertEquals(
          judgeRescued, agreement.path("table").path("symbolic_incorrect_judge_correct").asInt());
      assertTrue(agreement.toString(), agreement.path("kappa").isNull());
      JsonNode readings = j.path("rewards");
      assertEquals(
          symbolicCorrect, readings.path("symbolic_correct").path("correct_samples").asInt());
      assertEquals(
          symbolicCorrect + judgeRescued,
          readings.path("judge_correct").path("correct_samples").asInt());
      assertEquals(symbolicCorrect, readings.path("both_correct").path("correct_samples").asInt());
      assertEquals(
          symbolicCorrect + judgeRescued,
          readings.path("any_correct").path("correct_samples").asInt());
      // the headline counts the judge's reading
      JsonNode headline = metrics.path("datasets").path("sample");
      assertEquals(
          headline.path("pass_at_k").get(0).path("value").asDouble(),
          readings.path("judge_correct").path("pass_at_k").get(0).path("value").asDouble(),
          1e-12);
      assertEquals(
          headline.path("maj_at_k").get(7).path("value").asDouble(),
          readings.path("judge_correct").path("maj_at_k").get(7).path("value").asDouble(),
          1e-12);
      double symbolicPass1 =
          readings.path("symbolic_correct").path("pass_at_k").get(0).path("value").asDouble();
      assertEquals(symbolicCorrect / 128.0, symbolicPass1, 1e-12);
      for (int k = 0; k < 8; k++) {
        double both =
            readings.path("both_correct").path("pass_at_k").get(k).path("value").asDouble();
        double any = readings.path("any_correct").path("pass_at_k").get(k).path("value").asDouble();
        assertTrue(both <= any + 1e-12);
      }

      // a rerun over the same caches asks neither the generation fleet nor the judge again
      int before = judge.judgedAnswers().size();
      String again = tmp.newFolder("again").getPath();
      args[2] = "--output=" + again;
      eval(args);
      assertEquals(before, judge.judgedAnswers().size());
      assertEquals(statuses(out), statuses(again));
    }
  }

  @Test
  public void judgeFailuresAreClassifiedAndNeverCountedWrong() throws Exception {
    SimConfigBuilder faults =
        SimConfig.builder()
            .errorRate(503, 0.25)
            .streamStallRate(0.2)
            .streamStallMillis(4000)
            .faultSeed(11);
    try (SimulatedFleet judge = judgeFleet(new JudgeBehavior(0, 0.3), faults)) {
      String out = tmp.newFolder("faulty").getPath();
      eval(
          "--samples=4",
          "--simTimeScale=2000",
          "--output=" + out,
          "--cacheDir=none",
          "--judgeEndpoints=" + String.join(",", judge.endpoints()),
          "--judge=all",
          "--rewardFrom=judge",
          "--maxAttempts=1",
          "--stream",
          "--streamIdleTimeoutSeconds=1",
          "--maxErrorFraction=1");
      Map<String, Integer> verdicts = new HashMap<>();
      Map<String, Integer> errorClasses = new HashMap<>();
      int judgeErrors = 0;
      for (GenericRecord r : ParquetRecords.readAll(out + "/samples/*.parquet")) {
        String verdict = text(r, "judge_verdict");
        if (verdict == null) {
          continue;
        }
        verdicts.merge(verdict, 1, Integer::sum);
        if (verdict.equals("malformed") || verdict.equals("error")) {
          assertEquals(
              "a failed judgment is never a wrong answer", "judge_error", text(r, "status"));
          judgeErrors++;
        } else {
          assertEquals(verdict, text(r, "status"));
        }
        if (verdict.equals("error")) {
          assertNotNull(text(r, "judge_error"));
          assertNull(text(r, "judge_reply"));
          errorClasses.merge(text(r, "judge_error"), 1, Integer::sum);
        }
      }
      assertTrue(verdicts.toString(), verdicts.getOrDefault("malformed", 0) > 0);
      assertTrue(verdicts.toString(), verdicts.getOrDefault("error", 0) > 0);
      assertTrue(verdicts.toString(), verdicts.getOrDefault("correct", 0) > 0);
      assertTrue(
          "timeouts and server errors: " + errorClasses, errorClasses.containsKey("TIMEOUT"));
      assertTrue(
          "timeouts and server errors: " + errorClasses, errorClasses.containsKey("SERVER_ERROR"));
      JsonNode metrics = JSON.readTree(Path.of(out, "metrics.json").toFile());
      MetricsSchema.assertValid(metrics);
      assertEquals(
          judgeErrors, metrics.path("_aggregate").path("counts").path("judge_error").asInt());
      JsonNode v = metrics.path("_aggregate").path("judge").path("verdicts");
      assertEquals((int) verdicts.getOrDefault("malformed", 0), v.path("malformed").asInt());
      assertEquals((int) verdicts.getOrDefault("error", 0), v.path("error").asInt());
      // every decided verdict is in the agreement table once
      JsonNode agreement = metrics.path("_aggregate").path("judge").path("agreement");
      int decided = verdicts.getOrDefault("correct", 0) + verdicts.getOrDefault("incorrect", 0);
      assertEquals(agreement.toString(), decided, agreement.path("samples").asInt());
      int cells = 0;
      for (JsonNode cell : agreement.path("table")) {
        cells += cell.asInt();
      }
      assertEquals(decided, cells);
      assertEquals(
          verdicts.getOrDefault("correct", 0).intValue(),
          agreement.path("table").path("both_correct").asInt()
              + agreement.path("table").path("symbolic_incorrect_judge_correct").asInt());
    }
  }

  @Test
  public void rewardFromJudgeWithoutAJudgeIsRefusedBeforeAnyRequest() {
    IllegalArgumentException e =
        org.junit.Assert.assertThrows(
            IllegalArgumentException.class,
            () -> eval("--samples=1", "--output=" + tmp.getRoot() + "/x", "--rewardFrom=judge"));
    assertTrue(e.getMessage(), e.getMessage().contains("--judgeEndpoints"));
  }

  private static List<String> sorted(List<String> values) {
    List<String> out = new ArrayList<>(values);
    out.sort(null);
    return out;
  }

  private static Map<String, String> statuses(String run) throws Exception {
    Map<String, String> out = new HashMap<>();
    for (GenericRecord r : ParquetRecords.readAll(run + "/samples/*.parquet")) {
      out.put(
          r.get("problem_id") + "#" + r.get("sample_index"),
          r.get("status") + "|" + r.get("judge_verdict"));
    }
    return out;
  }
}
