package io.mathbeam.core.client;

import static io.mathbeam.core.client.OpenAiClientTest.request;
import static io.mathbeam.core.client.ScriptedServer.chatBody;
import static io.mathbeam.core.client.ScriptedServer.nestedError;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotSame;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.client.ScriptedServer.Reply;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.sampling.PromptTemplate;
import io.mathbeam.core.sampling.SamplingParams;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.Rule;
import org.junit.Test;

public class RoutingTest {
  @Rule public final ClosingRule closing = new ClosingRule();
  private final RecordingScheduler scheduler = track(new RecordingScheduler());

  @Test
  public void inFlightCapNeverExceededWith200ConcurrentRequests() throws Exception {
    ScriptedServer server =
        track(
            ScriptedServer.start(
                (request, index) -> Reply.json(200, chatBody("ok", null, "stop")).delayed(5)));
    OpenAiClient client =
        client(
            ClientConfig.builder(List.of(server.url()))
                .model("test-model")
                .maxInFlightPerReplica(4)
                .build());

    List<CompletableFuture<Generation>> futures = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      futures.add(client.generate(request("p" + i, 0), PromptTemplate.defaults(), params()));
    }
    for (CompletableFuture<Generation> future : futures) {
      Generation generation = future.get(30, TimeUnit.SECONDS);
      assertFalse(generation.errorMessage(), generation.failed());
    }

    assertTrue("server saw " + server.maxConcurrent(), server.maxConcurrent() <= 4);
    assertTrue(
        "requests should overlap, saw " + server.maxConcurrent(), server.maxConcurrent() > 1);
    ClientStats stats = client.stats();
    assertEquals(4, (int) stats.maxInFlightByReplica().get(server.url()));
    assertEquals(0, (int) stats.inFlightByReplica().get(server.url()));
    assertEquals(0, (int) stats.waitingByReplica().get(server.url()));
    assertEquals(200, stats.succeeded());
    assertEquals(200, server.generationRequests().size());
  }

  @Test
  public void samplesOfAProblemShareAReplicaAndProblemsSpread() throws Exception {
    List<ScriptedServer> servers = new ArrayList<>();
    List<String> urls = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      ScriptedServer server = track(ScriptedServer.answeringChat());
      servers.add(server);
      urls.add(server.url());
    }
    OpenAiClient client = client(ClientConfig.builder(urls).model("test-model").build());

    List<CompletableFuture<Generation>> futures = new ArrayList<>();
    for (int problem = 0; problem < 20; problem++) {
      for (int sample = 0; sample < 4; sample++) {
        futures.add(
            client.generate(request("p" + problem, sample), PromptTemplate.defaults(), params()));
      }
    }
    Map<String, Set<String>> replicasByProblem = new HashMap<>();
    for (CompletableFuture<Generation> future : futures) {
      Generation generation = future.get(30, TimeUnit.SECONDS);
      assertFalse(generation.errorMessage(), generation.failed());
      replicasByProblem
          .computeIfAbsent(generation.request().problemId(), key -> new HashSet<>())
          .add(generation.replica());
    }

    Set<String> used = new HashSet<>();
    for (Map.Entry<String, Set<String>> entry : replicasByProblem.entrySet()) {
      assertEquals(entry.getKey() + " went to " + entry.getValue(), 1, entry.getValue().size());
      used.addAll(entry.getValue());
    }
    assertTrue("problems should spread over replicas, used " + used, used.size() >= 2);
    int served = 0;
    for (ScriptedServer server : servers) {
      served += server.generationRequests().size();
    }
    assertEquals(80, served);
  }

  @Test
  public void unhealthyReplicaIsEjectedReroutedAndReadmittedAfterHealth200() throws Exception {
    ScriptedServer first = track(ScriptedServer.answeringChat());
    ScriptedServer second = track(ScriptedServer.answeringChat());
    List<String> urls = List.of(first.url(), second.url());
    String problem = problemPreferring(first.url(), second.url());
    first.script((request, index) -> Reply.json(503, nestedError("draining", 503)));
    first.healthStatus = 503;
    OpenAiClient client =
        client(
            ClientConfig.builder(urls)
                .model("test-model")
                .unhealthyAfterFailures(3)
                .healthProbeInterval(Duration.ofSeconds(2))
                .build());

    for (int sample = 0; sample < 3; sample++) {
      Generation generation = generate(client, problem, sample);
      assertEquals("a 5xx retry goes to the next replica", second.url(), generation.replica());
      assertEquals(2, generation.attempts());
    }
    assertEquals(Set.of(first.url()), client.stats().unhealthyReplicas());

    for (int sample = 3; sample < 8; sample++) {
      Generation generation = generate(client, problem, sample);
      assertEquals(second.url(), generation.replica());
      assertEquals(1, generation.attempts());
    }
    assertEquals(3, first.generationRequests().size());

    first.script((request, index) -> Reply.json(200, chatBody("back", null, "stop")));
    first.healthStatus = 200;
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!client.stats().unhealthyReplicas().isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
    assertTrue(client.stats().unhealthyReplicas().isEmpty());
    assertTrue(first.count("/health") >= 1);
    assertTrue(scheduler.delays().contains(Duration.ofSeconds(2)));

    Generation generation = generate(client, problem, 8);
    assertEquals(first.url(), generation.replica());
    assertEquals("back", generation.text());
  }

  @Test
  public void connectionFailureRetriesOnTheNextReplica() throws Exception {
    ScriptedServer live = track(ScriptedServer.answeringChat());
    String dead;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      dead = "http://127.0.0.1:" + socket.getLocalPort();
    }
    OpenAiClient client =
        client(ClientConfig.builder(List.of(dead, live.url())).model("test-model").build());

    Generation generation = generate(client, problemPreferring(dead, live.url()), 0);

    assertFalse(generation.errorMessage(), generation.failed());
    assertEquals(live.url(), generation.replica());
    assertEquals(2, generation.attempts());
  }

  @Test
  public void sharedReturnsOneInstancePerConfig() throws Exception {
    ScriptedServer server = track(ScriptedServer.answeringChat());
    ClientConfig config = ClientConfig.builder(List.of(server.url())).model("test-model").build();
    ClientConfig sameSpelledDifferently =
        ClientConfig.builder(List.of(server.url() + "/v1/")).model("test-model").build();
    ClientConfig other = config.toBuilder().maxInFlightPerReplica(8).build();

    OpenAiClient a = OpenAiClient.shared(config);
    OpenAiClient b = OpenAiClient.shared(sameSpelledDifferently);
    OpenAiClient c = OpenAiClient.shared(other);
    try {
      assertSame(a, b);
      assertNotSame(a, c);
      a.close();
      Generation stillOpen = generate(b, "p1", 0);
      assertFalse(stillOpen.errorMessage(), stillOpen.failed());
      b.close();
      Generation afterLastClose = generate(b, "p1", 1);
      assertTrue(afterLastClose.failed());
      OpenAiClient fresh = OpenAiClient.shared(config);
      assertNotSame(a, fresh);
      fresh.close();
    } finally {
      c.close();
    }
  }

  /** A problem id whose rendezvous order puts {@code preferred} first. */
  private static String problemPreferring(String preferred, String other) {
    for (int i = 0; ; i++) {
      String id = "q" + i;
      String key = request(id, 0).problemKey();
      if (RendezvousOrder.weight(key, preferred) > RendezvousOrder.weight(key, other)) {
        return id;
      }
    }
  }

  private static Generation generate(OpenAiClient client, String problem, int sample)
      throws Exception {
    return client
        .generate(request(problem, sample), PromptTemplate.defaults(), params())
        .get(20, TimeUnit.SECONDS);
  }

  private static SamplingParams params() {
    return SamplingParams.defaults();
  }

  private OpenAiClient client(ClientConfig config) {
    return track(new OpenAiClient(config, scheduler, new Random(3)));
  }

  private <T extends AutoCloseable> T track(T resource) {
    return closing.track(resource);
  }
}
