package io.mathbeam.transforms;

import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.model.Problem;
import io.mathbeam.core.problems.RejectedRow;
import io.mathbeam.transforms.FailAboveRejectedFraction.RejectedRowsException;
import io.mathbeam.transforms.coders.ProblemCoder;
import io.mathbeam.transforms.coders.RejectedRowCoder;
import java.util.ArrayList;
import java.util.List;
import org.apache.beam.sdk.Pipeline.PipelineExecutionException;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.testing.TestPipeline;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.junit.Rule;
import org.junit.Test;

public class FailAboveRejectedFractionTest {
  @Rule public final transient TestPipeline pipeline = TestPipeline.create();

  private static List<Problem> problems(int n) {
    List<Problem> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(new Problem("d", "p" + i, "What is " + i + "?", List.of("1"), 2, "d.jsonl:" + i));
    }
    return out;
  }

  private static List<RejectedRow> rejected(int n) {
    List<RejectedRow> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(new RejectedRow("d", "d.jsonl", 100 + i, "answer", "missing", "{}"));
    }
    return out;
  }

  private PCollection<Problem> check(int accepted, int rejectedRows, double maxFraction) {
    PCollectionTuple read =
        PCollectionTuple.of(
                ReadProblems.PROBLEMS,
                pipeline.apply(
                    "Problems", Create.of(problems(accepted)).withCoder(ProblemCoder.of())))
            .and(
                ReadProblems.REJECTED,
                pipeline.apply(
                    "Rejected",
                    Create.of(rejected(rejectedRows)).withCoder(RejectedRowCoder.of())));
    return read.apply(FailAboveRejectedFraction.of(maxFraction));
  }

  private String failure() {
    PipelineExecutionException e =
        assertThrows(PipelineExecutionException.class, () -> pipeline.run().waitUntilFinish());
    assertTrue(String.valueOf(e.getCause()), e.getCause() instanceof RejectedRowsException);
    return e.getCause().getMessage();
  }

  @Test
  public void passesEveryProblemOnAtOrBelowTheFraction() {
    // 1 of 4 rows rejected: exactly the limit
    PAssert.that(check(3, 1, 0.25)).containsInAnyOrder(problems(3));
    pipeline.run().waitUntilFinish();
  }

  @Test
  public void failsAboveTheFractionNamingTheFirstRejections() {
    check(3, 2, 0.25);
    String message = failure();
    assertTrue(message, message.startsWith("2 of 5 input rows were rejected"));
    assertTrue(message, message.contains("d.jsonl"));
  }

  @Test
  public void failsWhenEveryRowWasRejectedWhateverTheFraction() {
    check(0, 2, 1.0);
    String message = failure();
    assertTrue(message, message.startsWith("no valid problem: all 2 input rows were rejected"));
  }

  @Test
  public void failsOnAnInputWithoutRows() {
    check(0, 0, 1.0);
    String message = failure();
    assertTrue(message, message.equals("the input holds no problem rows"));
  }

  @Test
  public void refusesAFractionOutsideZeroToOne() {
    assertThrows(IllegalArgumentException.class, () -> FailAboveRejectedFraction.of(1.5));
    assertThrows(IllegalArgumentException.class, () -> FailAboveRejectedFraction.of(Double.NaN));
  }
}
