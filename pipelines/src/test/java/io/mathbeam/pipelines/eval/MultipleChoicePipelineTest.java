package io.mathbeam.pipelines.eval;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.mathbeam.transforms.ParquetRecords;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.avro.generic.GenericRecord;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** Multiple-choice problems end to end over HTTP against the simulated fleet. */
public class MultipleChoicePipelineTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final String[][] PROBLEMS = {
    {"Which planet is largest?", "Jupiter", "Mars", "Venus", "Earth"},
    {"Which number is prime?", "13", "21", "27", "35"},
    {"Which gas do plants take in?", "carbon dioxide", "oxygen", "helium", "argon"},
    {"What is 7 times 8?", "56", "54", "48", "64"},
    {"Which shape has three sides?", "triangle", "square", "circle", "hexagon"},
    {"Which is an even number?", "4", "7", "9", "11"},
  };

  @Test
  public void shuffledOptionsAreGradedByTheLetterShown() throws Exception {
    StringBuilder jsonl = new StringBuilder();
    Map<String, String> goldText = new HashMap<>();
    for (int i = 0; i < PROBLEMS.length; i++) {
      String[] p = PROBLEMS[i];
      // the gold sits at a different position in each file row
      List<String> options = new java.util.ArrayList<>(List.of(p[2], p[3], p[4]));
      int gold = i % 4;
      options.add(gold, p[1]);
      goldText.put("q" + i, p[1]);
      jsonl.append(
          String.format(
              "{\"id\":\"q%d\",\"problem\":\"%s\",\"choices\":[\"%s\"],\"answer\":\"%c\"}%n",
              i, p[0], String.join("\",\"", options), (char) ('A' + gold)));
    }
    Path file = tmp.getRoot().toPath().resolve("quiz.jsonl");
    Files.writeString(file, jsonl.toString());
    String out = tmp.newFolder("run").getPath();
    new EvalCommand(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
        .run(
            new String[] {
              "--problems=" + file,
              "--samples=8",
              "--shuffleChoices",
              "--simTimeScale=2000",
              "--output=" + out
            });

    List<GenericRecord> rows = ParquetRecords.readAll(out + "/samples/*.parquet");
    assertEquals(48, rows.size());
    Map<String, Set<String>> orders = new HashMap<>();
    Map<String, Integer> byStatus = new HashMap<>();
    int answeredByText = 0;
    for (GenericRecord r : rows) {
      List<String> choices = strings(r.get("choices"));
      assertEquals(4, choices.size());
      String gold = strings(r.get("ground_truth")).get(0);
      String problemId = r.get("problem_id").toString();
      assertEquals(goldText.get(problemId), choices.get(gold.charAt(0) - 'A'));
      String problem = r.get("problem").toString();
      assertTrue(problem, problem.contains("\n\nA) " + choices.get(0) + "\nB) "));
      orders.computeIfAbsent(problemId, k -> new HashSet<>()).add(String.join("|", choices));
      String status = r.get("status").toString();
      byStatus.merge(status, 1, Integer::sum);
      Object extracted = r.get("extracted_answer");
      if (status.equals("correct")) {
        assertEquals(gold, extracted.toString());
      } else if (status.equals("incorrect")) {
        assertTrue(extracted.toString().matches("[A-D]"));
        assertTrue(!extracted.toString().equals(gold));
      }
      String response = r.get("response") == null ? "" : r.get("response").toString();
      if (extracted != null
          && response.contains(
              "\\boxed{" + choices.get(extracted.toString().charAt(0) - 'A') + "}")) {
        answeredByText++;
      }
    }
    assertTrue(byStatus.toString(), byStatus.getOrDefault("correct", 0) > 0);
    assertTrue(byStatus.toString(), byStatus.getOrDefault("incorrect", 0) > 0);
    assertTrue("answers given as option text are read as letters", answeredByText > 0);
    for (Set<String> seen : orders.values()) {
      assertTrue("each sample draws its own order: " + seen, seen.size() > 1);
    }
  }

  private static List<String> strings(Object list) {
    List<String> out = new java.util.ArrayList<>();
    for (Object o : (List<?>) list) {
      out.add(o.toString());
    }
    return out;
  }
}
