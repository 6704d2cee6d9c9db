package io.mathbeam.core.datasets;

import io.mathbeam.core.concurrent.DaemonThreads;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Downloads one file into place: retries with exponential backoff on 5xx, 429, timeouts and broken
 * connections; resumes a partial download ({@code <target>.part}) with an HTTP Range request; moves
 * the file into place only once it is complete; prints a progress line. Redirects are followed here
 * rather than by the client, so that the token never goes to another host (the hub redirects to a
 * CDN) while the Range header does.
 */
public final class Downloader {
  /** Waits between attempts; tests pass one that records instead of sleeping. */
  @FunctionalInterface
  public interface Sleeper {
    void sleep(Duration duration) throws InterruptedException;
  }

  /**
   * @param maxAttempts attempts per file, the first included
   * @param timeout for the response headers, and for any silence while the body streams
   * @param firstBackoff the wait before the second attempt; doubled each time up to maxBackoff
   */
  public record Settings(
      int maxAttempts, Duration timeout, Duration firstBackoff, Duration maxBackoff) {
    public static final Settings DEFAULT =
        new Settings(5, Duration.ofSeconds(60), Duration.ofSeconds(2), Duration.ofSeconds(60));
  }

  /**
   * @param bytes the file's size
   * @param repoCommit the commit the Hugging Face hub resolved the revision to ({@code
   *     X-Repo-Commit}), when it said
   */
  public record Result(long bytes, Optional<String> repoCommit) {}

  private static final int MAX_REDIRECTS = 8;
  private static final Pattern CONTENT_RANGE = Pattern.compile("bytes (\\d+)-(\\d+)/(\\d+|\\*)");
  private static final ScheduledExecutorService WATCHDOG =
      Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("mathbeam-download-watchdog"));

  private final HttpClient client;
  private final Settings settings;
  private final Sleeper sleeper;
  private final PrintStream progress;

  public Downloader(Settings settings, Sleeper sleeper, PrintStream progress) {
    this.client =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(settings.timeout())
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
    this.settings = settings;
    this.sleeper = sleeper;
    this.progress = progress;
  }

  /** With the default settings and real sleeping. */
  public static Downloader standard(PrintStream progress) {
    return new Downloader(Settings.DEFAULT, d -> Thread.sleep(d.toMillis()), progress);
  }

  /**
   * Downloads {@code url} to {@code target}, resuming {@code target + ".part"} when one is left
   * from an earlier try.
   *
   * @param token sent as a Bearer token to the URL's host only, or null
   * @param label names the download on the progress line
   */
  public Result download(String url, String token, Path target, String label)
      throws DownloadException, InterruptedException {
    Path part = target.resolveSibling(target.getFileName() + ".part");
    Exception last = null;
    for (int attempt = 1; attempt <= settings.maxAttempts(); attempt++) {
      if (attempt > 1) {
        Duration wait = backoff(attempt);
        progress.printf(
            "%s: %s; attempt %d of %d in %d s%n",
            label, reason(last), attempt, settings.maxAttempts(), wait.toSeconds());
        sleeper.sleep(wait);
      }
      try {
        return attempt(url, token, part, target, label);
      } catch (RetryableException | IOException e) {
        last = e;
      }
    }
    throw new DownloadException(
        DownloadException.Kind.FAILED,
        url,
        "could not download "
            + url
            + " after "
            + settings.maxAttempts()
            + " attempts: "
            + reason(last)
            + (Files.exists(part) ? " (the partial file is kept and resumed next time)" : ""),
        last);
  }

  private Duration backoff(int attempt) {
    long millis = settings.firstBackoff().toMillis() << Math.min(attempt - 2, 20);
    return Duration.ofMillis(Math.min(millis, settings.maxBackoff().toMillis()));
  }

  private static String reason(Exception e) {
    if (e == null) {
      return "failed";
    }
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }

  /** A failure worth another attempt (a 5xx, a 429, a short body). */
  private static final class RetryableException extends Exception {
    RetryableException(String message) {
      super(message);
    }
  }

  private Result attempt(String url, String token, Path part, Path target, String label)
      throws IOException, RetryableException, DownloadException, InterruptedException {
    long have = Files.exists(part) ? Files.size(part) : 0;
    URI uri = URI.create(url);
    String tokenHost = uri.getHost();
    String repoCommit = null;
    HttpResponse<InputStream> response = null;
    for (int hop = 0; hop <= MAX_REDIRECTS; hop++) {
      HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(settings.timeout()).GET();
      if (have > 0) {
        request.header("Range", "bytes=" + have + "-");
      }
      if (token != null && Objects.equals(uri.getHost(), tokenHost)) {
        request.header("Authorization", "Bearer " + token);
      }
      response = client.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
      if (repoCommit == null) {
        repoCommit = response.headers().firstValue("X-Repo-Commit").orElse(null);
      }
      int status = response.statusCode();
      if (status < 300 || status >= 400 || status == 304) {
        break;
      }
      String location = response.headers().firstValue("Location").orElse(null);
      response.body().close();
      if (location == null) {
        throw new RetryableException("HTTP " + status + " without a Location from " + uri);
      }
      uri = uri.resolve(location);
      response = null;
    }
    if (response == null) {
      throw new RetryableException("more than " + MAX_REDIRECTS + " redirects from " + url);
    }
    try (InputStream body = response.body()) {
      int status = response.statusCode();
      if (status == 416) {
        Files.deleteIfExists(part);
      }
      check(status, url, uri);
      long total = response.headers().firstValueAsLong("Content-Length").orElse(-1);
      boolean append = false;
      if (status == 206) {
        Matcher range =
            CONTENT_RANGE.matcher(response.headers().firstValue("Content-Range").orElse(""));
        if (range.matches() && Long.parseLong(range.group(1)) == have) {
          append = true;
          total = range.group(3).equals("*") ? -1 : Long.parseLong(range.group(3));
        } else {
          // a range other than the one asked for: start over rather than splice wrong bytes
          Files.deleteIfExists(part);
          throw new RetryableException(
              "the server answered another range than bytes=" + have + "-");
        }
      }
      long written = copy(body, part, append, append ? have : 0, total, label);
      if (total >= 0 && written < total) {
        throw new RetryableException(
            "the connection closed after " + written + " of " + total + " bytes");
      }
      if (total >= 0 && written > total) {
        Files.deleteIfExists(part);
        throw new RetryableException("received " + written + " bytes, more than " + total);
      }
      Files.move(part, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      return new Result(written, Optional.ofNullable(repoCommit));
    }
  }

  private static void check(int status, String url, URI finalUri)
      throws RetryableException, DownloadException, IOException {
    if (status == 200 || status == 206) {
      return;
    }
    if (status == 404) {
      throw new DownloadException(
          DownloadException.Kind.NOT_FOUND, url, "HTTP 404 Not Found: " + url, null);
    }
    if (status == 401 || status == 403) {
      throw new DownloadException(
          DownloadException.Kind.UNAUTHORIZED, url, "HTTP " + status + ": " + url, null);
    }
    if (status == 416) {
      // the partial file is longer than the file now served: it cannot be resumed
      throw new RetryableException("HTTP 416 for the partial download; starting over");
    }
    if (status == 408 || status == 429 || status >= 500) {
      throw new RetryableException("HTTP " + status + " from " + finalUri);
    }
    throw new DownloadException(
        DownloadException.Kind.FAILED, url, "HTTP " + status + ": " + url, null);
  }

  /** Streams the body into the part file; a watchdog closes the body when it stalls. */
  private long copy(
      InputStream body, Path part, boolean append, long start, long total, String label)
      throws IOException {
    ProgressLine line = new ProgressLine(progress, label);
    AtomicLong lastRead = new AtomicLong(System.nanoTime());
    long stallNanos = settings.timeout().toNanos();
    ScheduledFuture<?> watch =
        WATCHDOG.scheduleAtFixedRate(
            () -> {
              if (System.nanoTime() - lastRead.get() > stallNanos) {
                try {
                  body.close();
                } catch (IOException ignored) {
                  // the read in progress fails either way
                }
              }
            },
            stallNanos / 4,
            stallNanos / 4,
            TimeUnit.NANOSECONDS);
    long written = start;
    try (OutputStream out =
        Files.newOutputStream(
            part,
            StandardOpenOption.CREATE,
            StandardOpenOption.WRITE,
            append ? StandardOpenOption.APPEND : StandardOpenOption.TRUNCATE_EXISTING)) {
      byte[] buffer = new byte[64 * 1024];
      int n;
      while ((n = body.read(buffer)) >= 0) {
        lastRead.set(System.nanoTime());
        out.write(buffer, 0, n);
        written += n;
        line.update(written, total);
      }
    } catch (IOException e) {
      if (System.nanoTime() - lastRead.get() > stallNanos) {
        throw new IOException("no data for " + settings.timeout().toSeconds() + " s", e);
      }
      throw e;
    } finally {
      watch.cancel(false);
    }
    line.done(written, total);
    return written;
  }
}
