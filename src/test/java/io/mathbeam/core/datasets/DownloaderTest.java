package io.mathbeam.core.datasets;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.datasets.FileHostServer.Fault;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.After;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class DownloaderTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private FileHostServer server;
  private final List<Duration> sleeps = new ArrayList<>();
  private final ByteArrayOutputStream progress = new ByteArrayOutputStream();
  private Downloader downloader;
  private final byte[] content = "0123456789".repeat(10_000).getBytes(StandardCharsets.UTF_8);

  @Before
  public void start() throws Exception {
    server = new FileHostServer();
    server.put("/f.jsonl", content);
    downloader =
        new Downloader(
            new Downloader.Settings(
                4, Duration.ofSeconds(10), Duration.ofSeconds(2), Duration.ofSeconds(5)),
            sleeps::add,
            new PrintStream(progress, true, StandardCharsets.UTF_8));
  }

  @After
  public void stop() {
    server.close();
  }

  private Path target() {
    return tmp.getRoot().toPath().resolve("f.jsonl");
  }

  @Test
  public void downloadsWithAProgressLine() throws Exception {
    Downloader.Result result =
        downloader.download(server.baseUrl() + "/f.jsonl", null, target(), "set f.jsonl");
    assertArrayEquals(content, Files.readAllBytes(target()));
    assertEquals(content.length, result.bytes());
    assertTrue(
        progress.toString(), progress.toString().contains("set f.jsonl  97.7 KB / 97.7 KB (100%)"));
    assertTrue(sleeps.isEmpty());
  }

  @Test
  public void truncatedDownloadIsResumedWithARangeRequest() throws Exception {
    server.fail("/f.jsonl", Fault.truncateAfter(30_000));
    downloader.download(server.baseUrl() + "/f.jsonl", null, target(), "f");
    assertArrayEquals(content, Files.readAllBytes(target()));
    List<FileHostServer.Request> requests = server.requests();
    assertEquals(2, requests.size());
    assertNull(requests.get(0).range());
    // resumed from what had arrived: at most the 30,000 bytes sent before the cut (a closing
    // connection can lose some of them in transit), never from the start
    String range = requests.get(1).range();
    assertTrue(range, range.matches("bytes=\\d+-"));
    long resumedAt = Long.parseLong(range.substring(6, range.length() - 1));
    assertTrue(range, resumedAt > 0 && resumedAt <= 30_000);
    assertEquals(List.of(Duration.ofSeconds(2)), sleeps);
    assertFalse(Files.exists(target().resolveSibling("f.jsonl.part")));
  }

  @Test
  public void partialFileLeftByAnEarlierRunIsResumed() throws Exception {
    Files.write(target().resolveSibling("f.jsonl.part"), java.util.Arrays.copyOf(content, 12_345));
    downloader.download(server.baseUrl() + "/f.jsonl", null, target(), "f");
    assertArrayEquals(content, Files.readAllBytes(target()));
    assertEquals("bytes=12345-", server.requests().get(0).range());
  }

  @Test
  public void partialFileLongerThanTheServedFileStartsOver() throws Exception {
    Files.write(target().resolveSibling("f.jsonl.part"), new byte[content.length + 10]);
    downloader.download(server.baseUrl() + "/f.jsonl", null, target(), "f");
    assertArrayEquals(content, Files.readAllBytes(target()));
    assertEquals(2, server.requests().size());
    assertNull(server.requests().get(1).range());
  }

  @Test
  public void retriesOn503ThenSucceeds() throws Exception {
    server.fail("/f.jsonl", Fault.status(503), Fault.status(502));
    downloader.download(server.baseUrl() + "/f.jsonl", null, target(), "f");
    assertArrayEquals(content, Files.readAllBytes(target()));
    assertEquals(List.of(Duration.ofSeconds(2), Duration.ofSeconds(4)), sleeps);
    assertTrue(progress.toString(), progress.toString().contains("HTTP 503"));
  }

  @Test
  public void givesUpAfterMaxAttemptsWithTheLastReason() {
    server.fail(
        "/f.jsonl", Fault.status(500), Fault.status(500), Fault.status(500), Fault.status(503));
    DownloadException e =
        assertThrows(
            DownloadException.class,
            () -> downloader.download(server.baseUrl() + "/f.jsonl", null, target(), "f"));
    assertEquals(DownloadException.Kind.FAILED, e.kind());
    assertTrue(e.getMessage(), e.getMessage().contains("after 4 attempts: HTTP 503"));
    // backoff doubles up to the cap
    assertEquals(
        List.of(Duration.ofSeconds(2), Duration.ofSeconds(4), Duration.ofSeconds(5)), sleeps);
    assertFalse(Files.exists(target()));
  }

  @Test
  public void notFoundFailsAtOnceNamingTheUrl() {
    DownloadException e =
        assertThrows(
            DownloadException.class,
            () -> downloader.download(server.baseUrl() + "/missing.jsonl", null, target(), "f"));
    assertEquals(DownloadException.Kind.NOT_FOUND, e.kind());
    assertTrue(e.getMessage(), e.getMessage().contains(server.baseUrl() + "/missing.jsonl"));
    assertEquals(1, server.requests().size());
    assertTrue(sleeps.isEmpty());
  }

  @Test
  public void tokenIsSentAndTheHubsCommitIsRead() throws Exception {
    server.requireToken("/f.jsonl", "secret");
    server.header("/f.jsonl", "X-Repo-Commit", "abc123");
    Downloader.Result result =
        downloader.download(server.baseUrl() + "/f.jsonl", "secret", target(), "f");
    assertEquals("Bearer secret", server.requests().get(0).authorization());
    assertEquals("abc123", result.repoCommit().orElseThrow());
  }

  @Test
  public void missingTokenIsUnauthorized() {
    server.requireToken("/f.jsonl", "secret");
    DownloadException e =
        assertThrows(
            DownloadException.class,
            () -> downloader.download(server.baseUrl() + "/f.jsonl", null, target(), "f"));
    assertEquals(DownloadException.Kind.UNAUTHORIZED, e.kind());
  }
}
