package io.mathbeam.pipelines;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.apache.beam.runners.direct.DirectOptions;
import org.apache.beam.runners.direct.DirectRunner;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.runners.flink.FlinkRunner;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.junit.Test;

public class RunnerChoiceTest {
  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

  private PipelineOptions choose(long samples, String... args) {
    PipelineOptions options = PipelineOptionsFactory.fromArgs(args).create();
    RunnerChoice.apply(
        options, args, samples, new PrintStream(printed, true, StandardCharsets.UTF_8));
    return options;
  }

  private String printed() {
    return printed.toString(StandardCharsets.UTF_8);
  }

  @Test
  public void smallRunsStayOnTheDirectRunnerWithoutItsChecks() {
    PipelineOptions options = choose(RunnerChoice.FLINK_FROM_SAMPLES - 1);
    assertEquals(DirectRunner.class, options.getRunner());
    DirectOptions direct = options.as(DirectOptions.class);
    assertFalse(direct.isEnforceImmutability());
    assertFalse(direct.isEnforceEncodability());
    assertFalse(direct.isBlockOnRun());
    assertEquals("", printed());
  }

  @Test
  public void largeRunsGoToTheEmbeddedFlinkClusterAndSayWhy() {
    PipelineOptions options = choose(RunnerChoice.FLINK_FROM_SAMPLES);
    assertEquals(FlinkRunner.class, options.getRunner());
    assertTrue(options.as(FlinkPipelineOptions.class).getFasterCopy());
    assertTrue(printed(), printed().contains("50,000 samples: running on the embedded Flink"));
  }

  @Test
  public void anExplicitRunnerIsObeyedAndALargeDirectRunGetsANote() {
    PipelineOptions options = choose(1_000_000, "--runner=DirectRunner");
    assertEquals(DirectRunner.class, options.getRunner());
    assertTrue(printed(), printed().contains("1,000,000 samples on the DirectRunner"));
  }

  @Test
  public void explicitRunnerSettingsWin() {
    PipelineOptions flink = choose(10, "--runner=FlinkRunner", "--fasterCopy=false");
    assertEquals(FlinkRunner.class, flink.getRunner());
    assertFalse(flink.as(FlinkPipelineOptions.class).getFasterCopy());
    PipelineOptions direct = choose(10, "--enforceImmutability=true");
    assertTrue(direct.as(DirectOptions.class).isEnforceImmutability());
    assertFalse(direct.as(DirectOptions.class).isEnforceEncodability());
  }

  @Test
  public void anUnknownSizeKeepsTheDefaultRunner() {
    assertEquals(DirectRunner.class, choose(-1).getRunner());
    assertEquals("", printed());
  }
}
