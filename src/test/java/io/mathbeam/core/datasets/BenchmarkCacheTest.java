package io.mathbeam.core.datasets;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.testing.SharedData;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.After;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class BenchmarkCacheTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private FileHostServer server;
  private final ByteArrayOutputStream messages = new ByteArrayOutputStream();
  private final Benchmark aime24 = Benchmarks.byName("aime24").orElseThrow();
  private Map<String, byte[]> aime24Sources;

  @Before
  public void start() throws Exception {
    server = new FileHostServer();
    aime24Sources = SourceFixtures.of("aime24", SharedData.datasets());
  }

  @After
  public void stop() {
    server.close();
  }

  private BenchmarkCache cache(String token) {
    SourceLocations at = SourceFixtures.locations(server, token);
    PrintStream out = new PrintStream(messages, true, StandardCharsets.UTF_8);
    return new BenchmarkCache(
        tmp.getRoot().toPath(),
        at,
        new Downloader(Downloader.Settings.DEFAULT, d -> {}, out),
        ParquetRowReader.NONE,
        out);
  }

  private String aime24Path() {
    return SourceFixtures.pathOf(
        server, SourceFixtures.locations(server, null), aime24.files().get(0));
  }

  @Test
  public void laterUsesReadTheCacheWithoutTheNetwork() throws Exception {
    SourceFixtures.serve(server, SourceFixtures.locations(server, null), aime24, aime24Sources);
    Path first = cache(null).locate(aime24, false);
    Path second = cache(null).locate(aime24, false);
    Path offline = cache(null).locate(aime24, true);
    assertEquals(first, second);
    assertEquals(first, offline);
    assertEquals(1, server.requests().size());
    assertFalse(
        "downloads are removed once converted",
        Files.exists(tmp.getRoot().toPath().resolve(".mathbeam/downloads/aime24")));
  }

  @Test
  public void changedSourceFailsWithBothHashesUntilAcceptedExplicitly() throws Exception {
    String changed =
        new String(aime24Sources.get("test"), StandardCharsets.UTF_8).replace("\"204\"", "\"205\"");
    server.put(aime24Path(), changed.getBytes(StandardCharsets.UTF_8));
    ChecksumMismatchException e =
        assertThrows(ChecksumMismatchException.class, () -> cache(null).locate(aime24, false));
    assertEquals(aime24.sha256(), e.expected());
    assertTrue(e.getMessage(), e.getMessage().contains(aime24.sha256()));
    assertTrue(e.getMessage(), e.getMessage().contains(e.actual()));
    assertTrue(
        e.getMessage(),
        e.getMessage().contains("mathbeam datasets fetch aime24 --accept-hash=" + e.actual()));
    assertFalse("nothing is cached", Files.exists(tmp.getRoot().toPath().resolve("aime24.jsonl")));

    CacheRecord accepted = cache(null).fetch(aime24, e.actual());
    assertEquals(CacheRecord.ACCEPTED, accepted.pinnedBy());
    assertEquals(e.actual(), accepted.sha256());
    Path file = cache(null).locate(aime24, true);
    assertEquals(e.actual(), Sha256.of(file));
    assertEquals(BenchmarkCache.State.CACHED, cache(null).state(aime24));
  }

  @Test
  public void fileChangedOnDiskIsFetchedAgain() throws Exception {
    SourceFixtures.serve(server, SourceFixtures.locations(server, null), aime24, aime24Sources);
    Path file = cache(null).locate(aime24, false);
    Files.writeString(file, "{\"id\": \"x\"}\n");
    assertThrows(BenchmarkUnavailableException.class, () -> cache(null).locate(aime24, true));
    cache(null).locate(aime24, false);
    assertEquals(aime24.sha256(), Sha256.of(file));
    assertEquals(2, server.requests().size());
    assertTrue(messages.toString(), messages.toString().contains("changed on disk"));
  }

  @Test
  public void offlineWithoutACopySaysHowToGetOne() {
    BenchmarkUnavailableException e =
        assertThrows(BenchmarkUnavailableException.class, () -> cache(null).locate(aime24, true));
    assertTrue(e.getMessage(), e.getMessage().contains("--offline"));
    assertTrue(e.getMessage(), e.getMessage().contains("mathbeam datasets fetch aime24"));
    assertTrue(server.requests().isEmpty());
  }

  @Test
  public void notFoundNamesTheBenchmarkAndTheUrl() {
    BenchmarkUnavailableException e =
        assertThrows(BenchmarkUnavailableException.class, () -> cache(null).locate(aime24, false));
    assertTrue(e.getMessage(), e.getMessage().contains("benchmark 'aime24'"));
    assertTrue(e.getMessage(), e.getMessage().contains(server.baseUrl() + aime24Path()));
    assertTrue(e.getMessage(), e.getMessage().contains("404"));
  }

  @Test
  public void gatedSetWithoutATokenSaysSoBeforeAnyRequest() {
    Benchmark gpqa = Benchmarks.byName("gpqa_diamond").orElseThrow();
    BenchmarkUnavailableException e =
        assertThrows(BenchmarkUnavailableException.class, () -> cache(null).locate(gpqa, false));
    assertTrue(e.getMessage(), e.getMessage().contains("HF_TOKEN"));
    assertTrue(e.getMessage(), e.getMessage().contains("Idavidrein/gpqa"));
    assertTrue(server.requests().isEmpty());
  }

  @Test
  public void gatedSetIsFetchedWithTheTokenAndPinnedOnFirstFetch() throws Exception {
    Benchmark gpqa = Benchmarks.byName("gpqa_diamond").orElseThrow();
    String path =
        SourceFixtures.pathOf(server, SourceFixtures.locations(server, "tok"), gpqa.files().get(0));
    server.requireToken(path, "tok");
    server.header(path, "X-Repo-Commit", "0123abcd");
    server.put(path, gpqaCsv(198, "").getBytes(StandardCharsets.UTF_8));

    CacheRecord record = cache("tok").fetch(gpqa, null);
    assertEquals(CacheRecord.FIRST_FETCH, record.pinnedBy());
    assertEquals(198, record.rows());
    assertEquals("0123abcd", record.sources().get(0).resolvedRevision());
    assertTrue(messages.toString(), messages.toString().contains("this fetch pinned it"));
    List<Map<String, Object>> rows = SourceFixtures.rows(cache("tok").fileOf(gpqa));
    assertEquals("rec0", rows.get(0).get("id"));
    assertEquals("Right 0", rows.get(0).get("Correct Answer"));

    // the source changes: the first fetch's pin holds
    server.put(path, gpqaCsv(198, " (revised)").getBytes(StandardCharsets.UTF_8));
    ChecksumMismatchException e =
        assertThrows(ChecksumMismatchException.class, () -> cache("tok").fetch(gpqa, null));
    assertEquals(record.sha256(), e.expected());
    assertTrue(e.getMessage(), e.getMessage().contains("first-fetch"));
  }

  private static String gpqaCsv(int rows, String suffix) {
    StringBuilder csv =
        new StringBuilder(
            "Pre-Revision Question,Question,Correct Answer,Incorrect Answer 1,Incorrect Answer 2,"
                + "Incorrect Answer 3,Record ID,High-level domain\n");
    for (int i = 0; i < rows; i++) {
      csv.append("old,\"What is, in short, question ")
          .append(i)
          .append(suffix)
          .append("?\",Right ")
          .append(i)
          .append(",Wrong a,Wrong b,Wrong c,rec")
          .append(i)
          .append(",Physics\n");
    }
    return csv.toString();
  }

  @Test
  public void twoRunsSharingACacheFetchAndConvertOnce() throws Exception {
    SourceFixtures.serve(server, SourceFixtures.locations(server, null), aime24, aime24Sources);
    int runs = 4;
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(runs);
    try {
      List<Future<Path>> results = new ArrayList<>();
      for (int i = 0; i < runs; i++) {
        BenchmarkCache own = cache(null);
        Callable<Path> run =
            () -> {
              start.await();
              return own.locate(aime24, false);
            };
        results.add(pool.submit(run));
      }
      start.countDown();
      for (Future<Path> r : results) {
        assertEquals(aime24.sha256(), Sha256.of(r.get()));
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals("one download for all runs", 1, server.requests().size());
    assertEquals(1, messages.toString().split("-> ", -1).length - 1);
  }
}
