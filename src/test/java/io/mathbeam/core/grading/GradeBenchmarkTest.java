package io.mathbeam.core.grading;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.model.GradeStatus;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class GradeBenchmarkTest {
  @Rule public TemporaryFolder folder = new TemporaryFolder();

  private Path cases() throws Exception {
    Path input = folder.newFile().toPath();
    Files.write(
        input,
        List.of(
            "{\"gold\":\"\\\\frac{1}{2}\",\"pred\":\"So \\\\boxed{0.5}.\",\"expected\":true}",
            "{\"gold\":\"3\",\"pred\":\"4\",\"pred_is_extracted_answer\":true,\"expected\":true}",
            "{\"gold\":\"x^2\",\"pred\":\"x \\\\cdot x\",\"pred_is_extracted_answer\":true}",
            "{\"gold\":\"7\",\"pred\":\"no idea\",\"expected\":false}"),
        StandardCharsets.UTF_8);
    return input;
  }

  @Test
  public void reportsThroughputLatencyAndAgreement() throws Exception {
    GradeBenchmark.Report report = GradeBenchmark.run(cases(), new Grader(), 1, 3, 1);

    assertEquals(4, report.cases());
    assertEquals(3, report.rounds());
    assertTrue(report.casesPerSecond() > 0);
    assertTrue(report.p50Micros() <= report.p99Micros());
    assertTrue(report.p99Micros() <= report.maxMicros());
    assertEquals(0, report.hitWorkBudget());
    assertEquals(0, report.hitWallGuard());
    assertEquals(Grader.DEFAULT_WORK_BUDGET, report.workBudget());
    assertTrue(report.p50Work() <= report.p99Work());
    assertTrue(report.p99Work() <= report.maxWork());
    assertTrue(report.maxWork() > 0);
    assertEquals(3, report.withExpected());
    assertEquals(2, report.agreements());
    assertEquals(2L, (long) report.statuses().get(GradeStatus.CORRECT));
    assertEquals(1L, (long) report.statuses().get(GradeStatus.INCORRECT));
    assertEquals(1L, (long) report.statuses().get(GradeStatus.NO_ANSWER));
    String text = report.format();
    assertTrue(text, text.contains(Grader.VERSION));
    assertTrue(text, text.contains("cases/s"));
    assertTrue(text, text.contains("p99"));
    assertTrue(text, text.contains("hit the work budget: 0"));
    assertTrue(text, text.contains("agreement with expected: 2/3"));
  }

  @Test
  public void severalThreadsGiveTheSameGrades() throws Exception {
    GradeBenchmark.Report one = GradeBenchmark.run(cases(), new Grader(), 0, 2, 1);
    GradeBenchmark.Report three = GradeBenchmark.run(cases(), new Grader(), 0, 2, 3);
    assertEquals(one.statuses(), three.statuses());
    assertEquals(3, three.threads());
  }
}
