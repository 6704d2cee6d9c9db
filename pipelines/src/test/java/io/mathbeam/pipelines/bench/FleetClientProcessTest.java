package io.mathbeam.pipelines.bench;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

/** How the benchmark's sampler names where a thread is, on made-up stacks (innermost first). */
public class FleetClientProcessTest {
  private static StackTraceElement frame(String cls, String method) {
    return new StackTraceElement(cls, method, null, -1);
  }

  private static final StackTraceElement[] WAITING_FOR_THE_PIPELINE = {
    frame("java.lang.Object", "wait"),
    frame("org.apache.beam.runners.direct.DirectRunner$DirectPipelineResult", "waitUntilFinish"),
    frame("io.mathbeam.pipelines.eval.EvalCommand", "execute"),
    frame("io.mathbeam.pipelines.eval.EvalCommand", "run"),
    frame("io.mathbeam.pipelines.bench.FleetClientProcess", "main")
  };

  private static final StackTraceElement[] WRITING_THE_REPORT = {
    frame("java.lang.StringBuilder", "append"),
    frame("io.mathbeam.pipelines.eval.HtmlReport", "render"),
    frame("io.mathbeam.pipelines.eval.RunOutputs", "finish"),
    frame("io.mathbeam.pipelines.eval.EvalCommand", "execute"),
    frame("io.mathbeam.pipelines.eval.EvalCommand", "run"),
    frame("io.mathbeam.pipelines.bench.FleetClientProcess", "main")
  };

  @Test
  public void whereNamesTheInnermostOwnFrameAndTheLibraryFrameBelowIt() {
    assertEquals(
        "EvalCommand.execute > DirectRunner$DirectPipelineResult.waitUntilFinish",
        FleetClientProcess.where(WAITING_FOR_THE_PIPELINE));
    assertEquals("HtmlReport.render", FleetClientProcess.where(WRITING_THE_REPORT));
    assertEquals(
        "Object.wait",
        FleetClientProcess.where(new StackTraceElement[] {frame("java.lang.Object", "wait")}));
  }

  @Test
  public void phaseNamesTheOutermostOwnFramesBelowMain() {
    assertEquals(
        "EvalCommand.run > EvalCommand.execute",
        FleetClientProcess.phase(WAITING_FOR_THE_PIPELINE));
    assertEquals(
        "EvalCommand.run > EvalCommand.execute > RunOutputs.finish",
        FleetClientProcess.phase(WRITING_THE_REPORT));
  }
}
