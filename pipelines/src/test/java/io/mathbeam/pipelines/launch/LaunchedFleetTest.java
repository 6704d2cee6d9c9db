package io.mathbeam.pipelines.launch;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** {@link LaunchedFleet} against a stand-in {@code vllm} that starts the simulated fleet. */
public class LaunchedFleetTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
  private final PrintStream err = new PrintStream(errBytes, true, StandardCharsets.UTF_8);
  private final PrintStream out = new PrintStream(new ByteArrayOutputStream(), true);

  private LaunchConfig config(
      Path vllm, List<String> gpus, List<String> flags, int timeoutSeconds) {
    return new LaunchConfig(
        List.of(vllm.toString()),
        "org/stand-in-model",
        gpus,
        flags,
        0,
        Duration.ofSeconds(timeoutSeconds),
        Duration.ofSeconds(5),
        tmp.getRoot().toPath().resolve("run/servers"),
        null);
  }

  private Path logDir() {
    return tmp.getRoot().toPath().resolve("run/servers");
  }

  @Test
  public void startsOneServerPerGpuWithItsDeviceAndTheFlagsThenStopsEveryProcess()
      throws Exception {
    Path vllm = StandInVllm.write(tmp.newFolder("bin").toPath(), Map.of(), 400);
    List<String> flags =
        List.of("--max-model-len", "4096", "--chat-template", "/a dir/t.jinja", "--enforce-eager");
    try (LaunchedFleet fleet =
        LaunchedFleet.start(config(vllm, List.of("0", "1"), flags, 120), out, err)) {
      assertEquals(2, fleet.endpoints().size());
      for (int i = 0; i < 2; i++) {
        // the flag reached the server: the stand-in serves the context window it was given
        JsonNode card = models(fleet.endpoints().get(i)).path("data").get(0);
        assertEquals("org/stand-in-model", card.path("id").asText());
        assertEquals(4096, card.path("max_model_len").asInt());
        String log = Files.readString(logDir().resolve("replica-" + i + ".log"));
        assertContains(log, "CUDA_VISIBLE_DEVICES=" + i + "\n");
        assertContains(
            log,
            "args: serve org/stand-in-model --port "
                + URI.create(fleet.endpoints().get(i)).getPort()
                + " --max-model-len 4096 --chat-template /a dir/t.jinja --enforce-eager");
      }
      JsonNode manifest = fleet.manifest();
      assertEquals("1", manifest.get(1).path("gpus").asText());
      assertEquals(false, manifest.get(1).path("died_during_run").asBoolean());
    }
    List<Long> pids = StandInVllm.pids(logDir());
    assertEquals("each replica: the server and its detached engine process", 4, pids.size());
    assertEquals(List.of(), StandInVllm.alive(pids));
  }

  @Test
  public void serverThatExitsAtStartFailsTheLaunchWithItsExitCodeAndLogTail() throws Exception {
    Path vllm = StandInVllm.write(tmp.newFolder("bin").toPath(), Map.of("1", "crash"), 400);
    try {
      // a timeout far beyond the test's length: only noticing the exit can end the wait
      LaunchedFleet.start(config(vllm, List.of("0", "1"), List.of(), 3600), out, err);
      fail("a crashed replica must fail the launch");
    } catch (FleetStartException e) {
      assertContains(e.getMessage(), "replica-1 (GPU 1, port ");
      assertContains(e.getMessage(), "exited with code 3 during start-up");
      assertContains(e.getMessage(), "CUDA error: out of memory (stand-in)");
      assertContains(e.getMessage(), logDir().resolve("replica-1.log").toString());
    }
    assertEquals("the healthy replica is stopped too", List.of(), alive());
  }

  @Test
  public void serverThatNeverTurnsHealthyFailsAtTheTimeoutNamingReplicaPortAndLog()
      throws Exception {
    Path vllm = StandInVllm.write(tmp.newFolder("bin").toPath(), Map.of("0", "unhealthy"), 400);
    try {
      LaunchedFleet.start(config(vllm, List.of("0"), List.of(), 4), out, err);
      fail("a replica that never answers /health 200 must fail the launch");
    } catch (FleetStartException e) {
      assertContains(e.getMessage(), "replica-0 (GPU 0, port ");
      assertContains(e.getMessage(), "did not become ready within 4 s");
      assertContains(e.getMessage(), "/health answers 503");
      assertContains(e.getMessage(), logDir().resolve("replica-0.log").toString());
    }
    assertEquals(List.of(), alive());
  }

  @Test
  public void serverThatIgnoresSigtermIsKilledAfterTheGracePeriod() throws Exception {
    Path vllm = StandInVllm.write(tmp.newFolder("bin").toPath(), Map.of("0", "stubborn"), 400);
    LaunchConfig stubborn =
        new LaunchConfig(
            List.of(vllm.toString()),
            "m",
            List.of("0"),
            List.of(),
            0,
            Duration.ofSeconds(2),
            Duration.ofSeconds(1),
            logDir(),
            null);
    try {
      LaunchedFleet.start(stubborn, out, err);
      fail("a replica that never listens must fail the launch");
    } catch (FleetStartException e) {
      assertContains(e.getMessage(), "not listening yet (connection refused)");
    }
    assertContains(errBytes.toString(StandardCharsets.UTF_8), "killing it");
    assertEquals(List.of(), alive());
  }

  @Test
  public void serverThatDiesDuringTheRunIsReportedOnStderrAndInTheManifest() throws Exception {
    Path vllm = StandInVllm.write(tmp.newFolder("bin").toPath(), Map.of(), 400);
    try (LaunchedFleet fleet =
        LaunchedFleet.start(config(vllm, List.of("0", "1"), List.of(), 120), out, err)) {
      ProcessHandle server = ProcessHandle.of(fleet.pids().get(1)).orElseThrow();
      server.destroyForcibly();
      server.onExit().get();
      while (fleet.deaths().isEmpty()) {
        Thread.onSpinWait(); // the exit callback runs on another thread
      }
      assertContains(fleet.deaths().get(0), "replica-1 (GPU 1, port ");
      assertContains(
          errBytes.toString(StandardCharsets.UTF_8), "exited with code 137 during the run");
      JsonNode manifest = fleet.manifest();
      assertTrue(manifest.get(1).path("died_during_run").asBoolean());
      assertEquals(137, manifest.get(1).path("exit_code").asInt());
      assertEquals(false, manifest.get(0).path("died_during_run").asBoolean());
    }
    assertEquals(List.of(), alive());
  }

  @Test
  public void missingExecutableIsNamedWithThePath() throws Exception {
    LaunchConfig missing =
        new LaunchConfig(
            List.of("vllm-not-installed-here"),
            "m",
            List.of("0"),
            List.of(),
            0,
            Duration.ofSeconds(5),
            Duration.ofSeconds(1),
            logDir(),
            null);
    try {
      LaunchedFleet.start(missing, out, err);
      fail();
    } catch (FleetStartException e) {
      assertContains(e.getMessage(), "vllm-not-installed-here not found on $PATH");
      assertContains(e.getMessage(), "--vllmCommand");
    }
  }

  private List<Long> alive() throws Exception {
    List<Long> pids = StandInVllm.pids(logDir());
    assertTrue("the stand-in wrote its pid", !pids.isEmpty());
    return StandInVllm.alive(pids);
  }

  private static JsonNode models(String endpoint) throws Exception {
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    HttpResponse<String> response =
        http.send(
            HttpRequest.newBuilder(URI.create(endpoint + "/v1/models")).build(),
            HttpResponse.BodyHandlers.ofString());
    return new ObjectMapper().readTree(response.body());
  }

  private static void assertContains(String text, String part) {
    if (!text.contains(part)) {
      throw new AssertionError("expected <" + part + "> in:\n" + text);
    }
  }
}
