package io.mathbeam.pipelines.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.grading.Grader;
import io.mathbeam.core.judge.JudgeMode;
import io.mathbeam.core.judge.JudgeRewards;
import io.mathbeam.core.model.GradeStatus;
import io.mathbeam.core.model.JudgeVerdict;
import io.mathbeam.core.report.MetricsJson;
import io.mathbeam.core.stats.AnswerClusters;
import io.mathbeam.core.stats.DatasetMetrics;
import io.mathbeam.core.stats.JudgeAgreement;
import io.mathbeam.core.stats.MajorityAtK;
import io.mathbeam.core.stats.PassAtK;
import io.mathbeam.core.stats.ProblemIntervals;
import io.mathbeam.core.stats.ProblemVotes;
import io.mathbeam.transforms.OutputSchemas;
import io.mathbeam.transforms.ParquetRecords;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiPredicate;
import org.apache.avro.generic.GenericRecord;

/**
 * The symbolic grader and the judge side by side: for each dataset and for {@code _aggregate},
 * pass@k and maj@k of the four readings in {@link JudgeRewards}, the judge's verdicts and where the
 * two graders disagree. Read from the {@code samples/} table (no text columns) after the run.
 */
final class JudgeStatistics {
  private static final int ALL_K_UP_TO = 64;

  private JudgeStatistics() {}

  /** One sample as the statistics need it. */
  private record Row(int index, String answer, GradeStatus symbolic, JudgeVerdict verdict) {}

  /** Adds a {@code judge} object to each dataset and to {@code _aggregate}; nothing without one. */
  static void annotate(ObjectNode root, String outputDir) throws IOException {
    JsonNode judge = root.path("manifest").path("judge");
    String modeName = judge.path("mode").asText("off");
    if (modeName.equals(JudgeMode.OFF.wireName())) {
      return;
    }
    JudgeMode mode = JudgeMode.parse(modeName);
    String rewardFrom = judge.path("reward_from").asText();
    Map<String, Map<String, List<Row>>> byDataset = new TreeMap<>();
    ParquetRecords.forEach(
        outputDir + "/samples/*.parquet",
        OutputSchemas.SAMPLE_JUDGE,
        r -> {
          Object answer = r.get("extracted_answer");
          Object verdict = r.get("judge_verdict");
          byDataset
              .computeIfAbsent(r.get("data_source").toString(), d -> new TreeMap<>())
              .computeIfAbsent(r.get("problem_id").toString(), p -> new ArrayList<>())
              .add(
                  new Row(
                      (Integer) r.get("sample_index"),
                      answer == null ? null : answer.toString(),
                      status(symbolicStatus(r)),
                      verdict == null ? null : verdict(verdict.toString())));
        });
    Grader grader = new Grader();
    Map<String, Boolean> equivalence = new HashMap<>();
    BiPredicate<String, String> equivalent =
        (a, b) ->
            equivalence.computeIfAbsent(
                a + '\u0000' + b, key -> grader.gradeAnswer(a, List.of(b)).correct());
    Scope all = new Scope(mode, rewardFrom);
    byDataset.forEach(
        (dataset, problems) -> {
          Scope scope = new Scope(mode, rewardFrom);
          problems.forEach(
              (problemId, rows) -> {
                rows.sort((x, y) -> Integer.compare(x.index(), y.index()));
                scope.add(dataset, problemId, rows, equivalent);
                all.add(dataset, problemId, rows, equivalent);
              });
          if (root.path("datasets").get(dataset) instanceof ObjectNode node) {
            node.set("judge", scope.toJson(root));
          }
        });
    if (root.get(DatasetMetrics.AGGREGATE) instanceof ObjectNode aggregate) {
      aggregate.set("judge", all.toJson(root));
    }
  }

  /** Runs written before the judge existed have no symbolic_status: their status is it. */
  private static String symbolicStatus(GenericRecord r) {
    Object symbolic = r.get("symbolic_status");
    return (symbolic != null ? symbolic : r.get("status")).toString();
  }

  private static GradeStatus status(String wire) {
    return GradeStatus.valueOf(wire.toUpperCase(Locale.ROOT));
  }

  private static JudgeVerdict verdict(String wire) {
    return JudgeVerdict.valueOf(wire.toUpperCase(Locale.ROOT));
  }

  /** Judge figures over a set of problems. */
  private static final class Scope {
    private final JudgeMode mode;
    private final String rewardFrom;
    private final Map<JudgeVerdict, Long> verdicts = new TreeMap<>();
    private long judged;
    private long disagreements;
    private long judgeOnly;
    private long symbolicOnly;
    private final long[] correctSamples = new long[4];
    private final List<int[]> passCounts = new ArrayList<>(); // per problem: n, c per reading
    private final List<ProblemVotes[]> votes = new ArrayList<>();
    // per problem: both correct, symbolic only, judge only, both incorrect (decided verdicts)
    private final List<long[]> agreement = new ArrayList<>();

    Scope(JudgeMode mode, String rewardFrom) {
      this.mode = mode;
      this.rewardFrom = rewardFrom;
      for (JudgeVerdict v : JudgeVerdict.values()) {
        verdicts.put(v, 0L);
      }
    }

    void add(
        String dataset, String problemId, List<Row> rows, BiPredicate<String, String> equivalent) {
      int[] counts = new int[5];
      counts[0] = rows.size();
      List<String> answers = new ArrayList<>();
      List<List<Boolean>> readings =
          List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
      long[] table = new long[4];
      for (Row row : rows) {
        if (row.verdict() != null && row.verdict().decided()) {
          boolean symbolic = row.symbolic() == GradeStatus.CORRECT;
          boolean judge = row.verdict() == JudgeVerdict.CORRECT;
          table[symbolic ? (judge ? 0 : 1) : (judge ? 2 : 3)]++;
        }
        if (row.verdict() != null) {
          judged++;
          verdicts.merge(row.verdict(), 1L, Long::sum);
          if (JudgeRewards.disagree(row.symbolic(), row.verdict())) {
            disagreements++;
            if (row.verdict() == JudgeVerdict.CORRECT) {
              judgeOnly++;
            } else {
              symbolicOnly++;
            }
          }
        }
        JudgeRewards rewards = JudgeRewards.of(mode, row.symbolic(), row.verdict());
        answers.add(row.answer());
        for (int i = 0; i < 4; i++) {
          boolean correct = rewards.get(i);
          readings.get(i).add(correct);
          counts[i + 1] += correct ? 1 : 0;
          correctSamples[i] += correct ? 1 : 0;
        }
      }
      passCounts.add(counts);
      agreement.add(table);
      ProblemVotes[] problemVotes = new ProblemVotes[4];
      for (int i = 0; i < 4; i++) {
        problemVotes[i] =
            AnswerClusters.of(dataset, problemId, answers, readings.get(i), equivalent);
      }
      votes.add(problemVotes);
    }

    ObjectNode toJson(ObjectNode root) {
      ObjectNode o = root.objectNode();
      o.put("mode", mode.wireName());
      o.put("reward_from", rewardFrom);
      o.put("judged", judged);
      ObjectNode v = o.putObject("verdicts");
      verdicts.forEach((verdict, n) -> v.put(verdict.wireName(), n));
      o.put("disagreements", disagreements);
      o.put("judge_accepts_symbolic_rejects", judgeOnly);
      o.put("judge_rejects_symbolic_accepts", symbolicOnly);
      o.set("agreement", agreementJson(o, JudgeAgreement.of(agreement)));
      int smallestK = passCounts.stream().mapToInt(c -> c[0]).min().orElse(0);
      int[] ks =
          smallestK > ALL_K_UP_TO ? ProblemIntervals.powersOfTwoAnd(smallestK) : range(smallestK);
      ObjectNode rewards = o.putObject("rewards");
      for (int i = 0; i < 4; i++) {
        ObjectNode reading = rewards.putObject(JudgeRewards.NAMES.get(i));
        reading.put("correct_samples", correctSamples[i]);
        ArrayNode pass = reading.putArray("pass_at_k");
        ArrayNode maj = reading.putArray("maj_at_k");
        double[] passSums = new double[ks.length];
        double[] majSums = new double[ks.length];
        int maxK = ks.length == 0 ? 0 : ks[ks.length - 1];
        for (int p = 0; p < passCounts.size(); p++) {
          int[] counts = passCounts.get(p);
          double[] majority = MajorityAtK.upToK(votes.get(p)[i], maxK);
          for (int j = 0; j < ks.length; j++) {
            passSums[j] += PassAtK.estimate(counts[0], counts[i + 1], ks[j]);
            majSums[j] += majority[ks[j] - 1];
          }
        }
        for (int j = 0; j < ks.length; j++) {
          pass.addObject().put("k", ks[j]).put("value", passSums[j] / passCounts.size());
          maj.addObject().put("k", ks[j]).put("value", majSums[j] / passCounts.size());
        }
      }
      return o;
    }

    /** The 2x2 table over the decided verdicts, Cohen's kappa and its 95% interval. */
    private static ObjectNode agreementJson(ObjectNode parent, JudgeAgreement a) {
      ObjectNode o = parent.objectNode();
      o.put("samples", a.samples());
      ObjectNode table = o.putObject("table");
      table.put("both_correct", a.bothCorrect());
      table.put("symbolic_correct_judge_incorrect", a.symbolicOnly());
      table.put("symbolic_incorrect_judge_correct", a.judgeOnly());
      table.put("both_incorrect", a.bothIncorrect());
      MetricsJson.putNumber(o, "kappa", a.kappa());
      MetricsJson.putNumber(o, "ci95_lower", a.lower());
      MetricsJson.putNumber(o, "ci95_upper", a.upper());
      o.put(
          "interval",
          "problems resampled (" + JudgeAgreement.REPLICATES + " replicates), percentile");
      return o;
    }

    private static int[] range(int k) {
      int[] out = new int[k];
      for (int i = 0; i < k; i++) {
        out[i] = i + 1;
      }
      return out;
    }
  }
}
