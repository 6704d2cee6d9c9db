package io.mathbeam.pipelines.eval;

import static org.junit.Assert.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.Assume;

/**
 * s3rver 3.7.1 (MIT, from npm) on localhost: an S3-compatible store that keeps an upload's body as
 * it arrives, so an {@code aws-chunked} upload is stored with its chunk headers. Installed with npm
 * into {@code target/s3rver} when missing; outside CI a machine without node skips the test, under
 * CI it fails.
 */
final class S3rverServer implements AutoCloseable {
  static final String VERSION = "3.7.1";

  /** s3rver's own credentials: it checks the signatures of the requests it is sent. */
  static final String ACCESS_KEY = "S3RVER";

  private static final Pattern LISTENING = Pattern.compile("S3rver listening on [^:]+:(\\d+)");

  private final Process process;
  private final String endpoint;
  private final String bucket;

  private S3rverServer(Process process, String endpoint, String bucket) {
    this.process = process;
    this.endpoint = endpoint;
    this.bucket = bucket;
  }

  static S3rverServer start(Path store, String bucket) throws IOException, InterruptedException {
    Path script = install(Path.of("target", "s3rver"));
    System.setProperty("aws.accessKeyId", ACCESS_KEY);
    System.setProperty("aws.secretAccessKey", ACCESS_KEY);
    System.setProperty("aws.disableEc2Metadata", "true");
    Process process =
        new ProcessBuilder(
                "node",
                script.toString(),
                "-d",
                store.toAbsolutePath().toString(),
                "-p",
                "0",
                "--configure-bucket",
                bucket)
            .redirectErrorStream(true)
            .start();
    BufferedReader lines =
        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    StringBuilder seen = new StringBuilder();
    String line;
    while ((line = lines.readLine()) != null) {
      seen.append(line).append('\n');
      Matcher m = LISTENING.matcher(line);
      if (m.find()) {
        // keep draining its output so that the server never blocks on a full pipe
        Thread drain =
            new Thread(
                () -> {
                  try {
                    while (lines.readLine() != null) {
                      // discarded
                    }
                  } catch (IOException closed) {
                    // the server stopped
                  }
                });
        drain.setDaemon(true);
        drain.start();
        return new S3rverServer(process, "http://127.0.0.1:" + m.group(1), bucket);
      }
    }
    process.destroyForcibly();
    fail("s3rver did not start; its output:\n" + seen);
    throw new AssertionError();
  }

  /** s3rver's entry script, installed with npm into {@code dir} when it is not there yet. */
  private static Path install(Path dir) throws IOException, InterruptedException {
    Path script = dir.resolve("node_modules/s3rver/bin/s3rver.js");
    Path installed = dir.resolve("node_modules/s3rver/package.json");
    if (Files.isRegularFile(script)
        && Files.readString(installed).contains("\"version\": \"" + VERSION + "\"")) {
      return script;
    }
    Files.createDirectories(dir);
    Process npm;
    try {
      npm =
          new ProcessBuilder(
                  "npm",
                  "install",
                  "--prefix",
                  dir.toAbsolutePath().toString(),
                  "--no-audit",
                  "--no-fund",
                  "s3rver@" + VERSION)
              .redirectErrorStream(true)
              .redirectOutput(dir.resolve("npm.log").toFile())
              .start();
    } catch (IOException noNpm) {
      if (!"true".equals(System.getenv("CI"))) {
        Assume.assumeTrue("no npm to install s3rver with: " + noNpm.getMessage(), false);
      }
      throw noNpm;
    }
    if (!npm.waitFor(300, TimeUnit.SECONDS)
        || npm.exitValue() != 0
        || !Files.isRegularFile(script)) {
      npm.destroyForcibly();
      fail(
          "npm could not install s3rver@"
              + VERSION
              + ":\n"
              + Files.readString(dir.resolve("npm.log")));
    }
    return script;
  }

  /** The options that point mathbeam at this server. */
  List<String> storageArgs() {
    return List.of("--s3Endpoint=" + endpoint, "--awsRegion=us-east-1");
  }

  String uri(String key) {
    return "s3://" + bucket + "/" + key;
  }

  /** The stored bytes of {@code key}, read without the S3 client under test. */
  byte[] stored(String key) throws IOException, InterruptedException {
    HttpResponse<byte[]> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(endpoint + "/" + bucket + "/" + key))
                    .timeout(Duration.ofSeconds(30))
                    .GET()
                    .build(),
                HttpResponse.BodyHandlers.ofByteArray());
    if (response.statusCode() != 200) {
      throw new IOException(key + ": HTTP " + response.statusCode());
    }
    return response.body();
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(10, TimeUnit.SECONDS)) {
      process.destroyForcibly();
    }
  }
}
