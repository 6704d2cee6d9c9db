package io.mathbeam.pipelines.bench;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** Wall time and CPU cut at the fleet's first request and last response, on a made-up report. */
public class FleetClientReportTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static String tick(long ms, long cpuMs, String phase, String busy) {
    return String.format(
        "{\"ms\":%d,\"cpu_ns\":%d,\"main\":\"m\",\"phase\":\"%s\",\"busy\":{%s}}",
        ms, cpuMs * 1_000_000, phase, busy);
  }

  @Test
  public void ticksAreWeightedByTheTimeUntilTheNextOneAndCpuIsCutAtTheWindows() throws Exception {
    // main at 1000, first request at 4000, last response at 10000, main returns at 13000
    String report =
        "{\"main_ms\":1000,\"end_ms\":13000,\"cpu_at_main_ns\":500000000,"
            + "\"cpu_at_end_ns\":20000000000,\"ticks\":["
            + String.join(
                ",",
                tick(1000, 500, "EvalCommand.parse", "\"Parse.x\":1"),
                tick(1500, 1500, "EvalCommand.execute", "\"Beam.y\":2"),
                // the sampler was starved here: one tick stands for 2.5 s
                tick(4000, 6000, "EvalCommand.execute", ""),
                tick(10000, 16000, "EvalCommand.execute", "\"Beam.y\":1"),
                tick(12000, 19000, "RunOutputs.finish", ""))
            + "]}";
    Path file = tmp.newFile("report.json").toPath();
    Files.writeString(file, report);
    FleetClientReport r = FleetClientReport.read(file, 700, 13300);
    assertEquals(19.5, r.cpuSeconds(), 1e-9);
    assertEquals(12.6, r.wallSeconds(), 1e-9);
    assertEquals(5.5, r.cpuBetween(1000, 4000), 1e-9);
    assertEquals(4.0, r.cpuBetween(10000, 13000), 1e-9);
    String timeline = r.timeline(4000, 10000);
    assertTrue(timeline, timeline.contains("main to first request 3.0 s (cpu 5.5 s)"));
    assertTrue(timeline, timeline.contains("fleet busy 6.0 s"));
    assertTrue(
        timeline,
        timeline.contains(
            "before the first request, main thread by step: EvalCommand.execute 2.5 s;"
                + " EvalCommand.parse 0.5 s"));
    assertTrue(timeline, timeline.contains("busy threads in (thread-seconds): Beam.y 5.0 s"));
    assertTrue(
        timeline,
        timeline.contains(
            "after the last response, main thread by step: EvalCommand.execute 2.0 s;"
                + " RunOutputs.finish 1.0 s"));
  }
}
