package io.mathbeam.pipelines.options;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import io.mathbeam.pipelines.eval.EvalCommand;
import io.mathbeam.pipelines.eval.EvalInputs;
import io.mathbeam.transforms.ParquetRecordSink;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.runners.direct.DirectOptions;
import org.apache.beam.runners.direct.DirectRunner;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.runners.flink.FlinkRunner;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class RunnerChoiceTest {
  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

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

  @Test
  public void parquetProblemsAreSizedByTheirRows() throws Exception {
    Schema schema =
        SchemaBuilder.record("row")
            .namespace("mathbeam.test")
            .fields()
            .requiredString("id")
            .requiredString("problem")
            .requiredString("answer")
            .endRecord();
    Path file = tmp.getRoot().toPath().resolve("problems.parquet");
    ParquetRecordSink sink = new ParquetRecordSink(schema);
    try (FileChannel channel =
        FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
      sink.open(channel);
      for (int i = 0; i < 3; i++) {
        GenericRecord row = new GenericData.Record(schema);
        row.put("id", "q" + i);
        row.put("problem", "What is " + i + " + 1?");
        row.put("answer", String.valueOf(i + 1));
        sink.write(row);
      }
      sink.flush();
    }
    EvalOptions options = EvalCommand.parse(new String[] {"--problems=" + file, "--samples=20000"});
    EvalInputs inputs = EvalInputs.read(options);
    // the pipeline reads Parquet problems; the footer gives their number up front
    assertEquals(-1, inputs.totalSamples());
    assertEquals(60_000, inputs.plannedSamples());
  }
}
