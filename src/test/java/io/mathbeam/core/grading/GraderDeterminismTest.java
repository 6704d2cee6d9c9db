package io.mathbeam.core.grading;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mathbeam.core.testing.SharedData;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.Test;

/**
 * The grader's budget counts work, not time: a corpus graded on an idle machine and again while
 * every CPU is busy gets the same status, extracted answer and work for every case, the cases that
 * run out of work included.
 */
public class GraderDeterminismTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Grader grader = new Grader();

  /** One grading: a response (or a bare answer) against gold answers. */
  private record Case(String pred, List<String> golds, boolean whole) {
    String describe() {
      String shown = pred.length() > 60 ? pred.substring(0, 60) + "..." : pred;
      return shown + " vs " + golds;
    }
  }

  /**
   * The development cases; the built-in corpus; every benchmark gold against itself and, boxed in a
   * sentence, against a rewritten form; the fuzz shapes; and inputs that run out of work.
   */
  private static List<Case> corpus() throws Exception {
    List<Case> cases = new ArrayList<>();
    for (GradeFile.GradeCase c :
        GradeFile.readCases(SharedData.grading().resolve("dev_cases.jsonl"))) {
      cases.add(new Case(c.pred(), c.golds(), !c.extracted()));
    }
    for (GradeFile.GradeCase c : GradingCorpus.read()) {
      cases.add(new Case(c.pred(), c.golds(), !c.extracted()));
    }
    List<Path> files;
    try (Stream<Path> list = Files.list(SharedData.datasets())) {
      files = list.filter(p -> p.toString().endsWith(".jsonl")).sorted().toList();
    }
    for (Path file : files) {
      for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
        if (line.isBlank()) {
          continue;
        }
        String gold = JSON.readTree(line).get("answer").asText();
        List<String> rewrites = SharedDataGradingTest.rewrites(gold);
        String rewritten = rewrites.get(rewrites.size() - 1);
        cases.add(new Case(gold, List.of(gold), false));
        cases.add(
            new Case("Thus the answer is $\\boxed{" + rewritten + "}$.", List.of(gold), true));
      }
    }
    for (String shape : GraderFuzzTest.pathologicalShapes()) {
      cases.add(new Case(shape, List.of("1"), false));
      cases.add(new Case(shape, List.of(shape + "+1"), false));
      cases.add(new Case("Thus " + shape + ". The answer is $" + shape + "$.", List.of("2"), true));
    }
    SplittableRandom random = new SplittableRandom(20240611L);
    for (int n = 0; n < 500; n++) {
      String answer = GraderFuzzTest.randomLatex(random, 1 + random.nextInt(12));
      String gold = GraderFuzzTest.randomLatex(random, 1 + random.nextInt(8));
      cases.add(new Case(answer, List.of(gold), n % 2 == 0));
    }
    cases.add(
        new Case(
            numbers(IntStream.rangeClosed(1, 900)),
            List.of(numbers(IntStream.rangeClosed(1, 900).map(i -> i == 1 ? 1000 : 901 - i))),
            false));
    cases.add(
        new Case(
            "\\frac{3^{40000}+1}{2^{60000}+1}",
            List.of("\\frac{3^{40000}+2}{2^{60000}+1}"),
            false));
    return cases;
  }

  private static String numbers(IntStream values) {
    return values.mapToObj(Integer::toString).collect(Collectors.joining(","));
  }

  /** Status, extracted answer, work units and whether they ran out, for every case in order. */
  private List<String> gradeAll(List<Case> cases) {
    List<String> outcomes = new ArrayList<>(cases.size());
    for (Case c : cases) {
      WorkBudget budget = grader.newBudget();
      GradeResult result =
          c.whole()
              ? grader.grade(c.pred(), c.golds(), budget)
              : grader.gradeAnswer(c.pred(), c.golds(), budget);
      assertFalse(c.describe() + ": the wall guard stopped it", budget.wallGuardTripped());
      outcomes.add(
          String.join(
              " | ",
              result.status().wireName(),
              String.valueOf(result.extractedAnswer()),
              budget.used() + " units",
              budget.exhausted() ? "out of work" : "within budget"));
    }
    return outcomes;
  }

  @Test
  public void sameGradesOnABusyMachineAsOnAnIdleOne() throws Exception {
    List<Case> cases = corpus();
    assertTrue("corpus too small: " + cases.size(), cases.size() > 4000);

    List<String> idle = gradeAll(cases);
    List<String> busy;
    try (BusyCpus cpus = new BusyCpus(2 * Runtime.getRuntime().availableProcessors())) {
      busy = gradeAll(cases);
      assertTrue("the busy threads stopped early", cpus.allSpinning());
    }

    int differing = 0;
    StringBuilder examples = new StringBuilder();
    for (int i = 0; i < cases.size(); i++) {
      if (!idle.get(i).equals(busy.get(i))) {
        differing++;
        if (differing <= 5) {
          examples.append(
              String.format(
                  "%n  %s: idle %s, busy %s", cases.get(i).describe(), idle.get(i), busy.get(i)));
        }
      }
    }
    assertEquals(differing + " of " + cases.size() + " cases differ:" + examples, 0, differing);
    assertTrue("no case ran out of work", idle.stream().anyMatch(o -> o.endsWith("out of work")));
  }

  /** Threads that spin on every CPU until closed. */
  private static final class BusyCpus implements AutoCloseable {
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean stop;
    private volatile long sink;

    BusyCpus(int count) {
      for (int i = 0; i < count; i++) {
        Thread thread = new Thread(this::spin, "busy-cpu-" + i);
        thread.setDaemon(true);
        thread.start();
        threads.add(thread);
      }
    }

    private void spin() {
      long x = 1;
      while (!stop) {
        x = x * 6364136223846793005L + 1442695040888963407L;
      }
      sink = x;
    }

    boolean allSpinning() {
      return threads.stream().allMatch(Thread::isAlive);
    }

    @Override
    public void close() throws InterruptedException {
      stop = true;
      for (Thread thread : threads) {
        thread.join();
      }
    }
  }
}
