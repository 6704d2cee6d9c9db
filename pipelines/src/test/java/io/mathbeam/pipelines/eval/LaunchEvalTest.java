package io.mathbeam.pipelines.eval;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mathbeam.core.stats.DatasetMetrics;
import io.mathbeam.pipelines.Main;
import io.mathbeam.pipelines.launch.StandInVllm;
import io.mathbeam.transforms.ParquetRecords;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * {@code eval --launchModel} with a stand-in {@code vllm} that starts the simulated fleet: servers
 * found on $PATH, evaluated against and stopped; a server that dies mid-run; Ctrl-C.
 */
public class LaunchEvalTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void evalStartsTheServersOnPathEvaluatesAgainstThemAndStopsThem() throws Exception {
    Path bin = tmp.newFolder("bin").toPath();
    StandInVllm.write(bin, Map.of(), 400);
    Path output = tmp.getRoot().toPath().resolve("run");
    Path console = tmp.getRoot().toPath().resolve("console.txt");
    Process eval =
        evalProcess(
                bin,
                console,
                "--launchModel=org/stand-in-model",
                "--gpus=0,1",
                "--vllmArgs=--max-model-len 40960 --generation-config vllm",
                "--samples=2",
                "--cacheDir=none",
                "--output=" + output)
            .start();
    assertEquals(Files.readString(console), 0, eval.waitFor());

    JsonNode metrics = JSON.readTree(output.resolve("metrics.json").toFile());
    MetricsSchema.assertValid(metrics);
    JsonNode manifest = metrics.path("manifest");
    assertEquals("org/stand-in-model", manifest.path("model").asText());
    JsonNode servers = manifest.path("launched_servers");
    assertEquals(2, servers.size());
    for (int i = 0; i < 2; i++) {
      JsonNode server = servers.get(i);
      assertEquals(Integer.toString(i), server.path("gpus").asText());
      assertEquals(manifest.path("endpoints").get(i).asText(), server.path("endpoint").asText());
      assertEquals(false, server.path("died_during_run").asBoolean());
      Path log = output.resolve("servers/replica-" + i + ".log");
      assertEquals(log.toString(), server.path("log").asText());
      String text = Files.readString(log);
      assertContains(text, "CUDA_VISIBLE_DEVICES=" + i + "\n");
      assertContains(
          text,
          "args: serve org/stand-in-model --port "
              + server.path("port").asInt()
              + " --max-model-len 40960 --generation-config vllm");
      assertContains(text, bin.resolve("vllm") + " serve"); // found on $PATH
    }
    DatasetMetrics sample = aggregate(output);
    assertEquals(32, sample.numSamples());
    assertEquals(0, sample.requestErrors());
    assertEquals(List.of(), StandInVllm.alive(StandInVllm.pids(output.resolve("servers"))));
  }

  @Test
  public void serverThatDiesMidRunIsReportedAndItsSamplesGoToTheOtherReplica() throws Exception {
    // replica 1 is killed after answering 4 requests, with more of its samples queued and in flight
    Path vllm = StandInVllm.write(tmp.newFolder("bin").toPath(), Map.of("1", "dies:4"), 40);
    Path output = tmp.getRoot().toPath().resolve("run");
    ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    EvalResult result =
        new EvalCommand(
                new PrintStream(outBytes, true, StandardCharsets.UTF_8),
                new PrintStream(errBytes, true, StandardCharsets.UTF_8))
            .run(
                new String[] {
                  "--launchModel=m",
                  "--vllmCommand=" + vllm,
                  "--gpus=0,1",
                  "--samples=4",
                  "--maxInFlightPerReplica=8",
                  "--cacheDir=none",
                  "--output=" + output
                });

    String err = errBytes.toString(StandardCharsets.UTF_8);
    assertContains(err, "replica-1 (GPU 1, port ");
    assertContains(err, "exited with code 137 during the run");
    assertContains(outBytes.toString(StandardCharsets.UTF_8), "Server replica-1 (GPU 1, port ");
    JsonNode servers =
        JSON.readTree(output.resolve("metrics.json").toFile())
            .path("manifest")
            .path("launched_servers");
    assertTrue(servers.get(1).path("died_during_run").asBoolean());
    assertEquals(137, servers.get(1).path("exit_code").asInt());
    assertEquals(false, servers.get(0).path("died_during_run").asBoolean());

    DatasetMetrics all =
        result.metrics().stream().filter(DatasetMetrics::isAggregate).findFirst().orElseThrow();
    assertEquals(64, all.numSamples());
    assertEquals("every sample of the dead replica was re-routed", 0, all.requestErrors());
    String survivor = servers.get(0).path("endpoint").asText();
    String dead = servers.get(1).path("endpoint").asText();
    long retriedOnSurvivor = 0;
    List<Object> replicas = new ArrayList<>();
    for (GenericRecord r : ParquetRecords.readAll(output + "/samples/*.parquet")) {
      String replica = String.valueOf(r.get("replica"));
      replicas.add(replica);
      if (replica.equals(survivor) && ((Number) r.get("attempts")).intValue() > 1) {
        retriedOnSurvivor++;
      }
    }
    assertTrue("the dead replica answered before it died", replicas.contains(dead));
    // nothing but the death fails an attempt here: samples in flight on the dead replica ended
    // on the survivor with a second attempt
    assertTrue(
        "samples failed on the dead replica were retried on the survivor", retriedOnSurvivor > 0);
    assertEquals(List.of(), StandInVllm.alive(StandInVllm.pids(output.resolve("servers"))));
  }

  @Test
  public void ctrlCStopsTheLaunchedServers() throws Exception {
    Path bin = tmp.newFolder("bin").toPath();
    StandInVllm.write(bin, Map.of(), 1); // slow: the run is still going when Ctrl-C comes
    Path output = tmp.getRoot().toPath().resolve("run");
    Path console = tmp.getRoot().toPath().resolve("console.txt");
    Process eval =
        evalProcess(
                bin,
                console,
                "--launchModel=m",
                "--gpus=0,1",
                "--samples=8",
                "--cacheDir=none",
                "--output=" + output)
            .start();
    while (!Files.readString(console).contains("Evaluating ")) {
      assertTrue("eval ended before it evaluated:\n" + Files.readString(console), eval.isAlive());
      Thread.sleep(100);
    }
    List<Long> pids = StandInVllm.pids(output.resolve("servers"));
    assertEquals("two servers, each with its detached engine process", 4, pids.size());
    assertEquals(pids, StandInVllm.alive(pids));

    assertEquals(
        0, new ProcessBuilder("kill", "-INT", Long.toString(eval.pid())).start().waitFor());
    int exit = eval.waitFor();

    assertNotEquals(0, exit);
    assertContains(Files.readString(console), "stopping the launched servers");
    assertEquals(List.of(), StandInVllm.alive(pids));
  }

  /** {@code mathbeam eval ARGS} in its own JVM with {@code bin} first on $PATH. */
  private static ProcessBuilder evalProcess(Path bin, Path console, String... args) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx512m");
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(Main.class.getName());
    command.add("eval");
    command.addAll(List.of(args));
    ProcessBuilder builder =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(console.toFile());
    builder.environment().put("PATH", bin + ":" + System.getenv("PATH"));
    builder.environment().remove("CUDA_VISIBLE_DEVICES");
    return builder;
  }

  private static DatasetMetrics aggregate(Path output) throws Exception {
    JsonNode root = JSON.readTree(output.resolve("metrics.json").toFile());
    return io.mathbeam.core.report.MetricsJson.parse(root).stream()
        .filter(DatasetMetrics::isAggregate)
        .findFirst()
        .orElseThrow();
  }

  private static void assertContains(String text, String part) {
    if (!text.contains(part)) {
      throw new AssertionError("expected <" + part + "> in:\n" + text);
    }
  }
}
