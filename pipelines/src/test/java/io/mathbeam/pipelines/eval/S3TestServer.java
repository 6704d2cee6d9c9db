package io.mathbeam.pipelines.eval;

import static org.junit.Assert.fail;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.Assume;

/**
 * A real S3-compatible server on localhost for the object-storage tests: Adobe's S3Mock (Apache
 * 2.0, maintained, from Maven Central), its self-contained jar run as a child JVM so its Spring
 * Boot classpath never meets Beam's. The build copies the jar to {@code target/s3mock} and names it
 * in the system property {@code mathbeam.s3mock.jar}.
 *
 * <p>The test's own reads and writes ({@link #put}, {@link #get}, {@link #keys}) are plain HTTP
 * against the server, not the S3 client under test.
 */
final class S3TestServer implements AutoCloseable {
  static final String ACCESS_KEY = "mathbeam-test";
  static final String SECRET_KEY = "mathbeam-test-secret";
  static final String REGION = "us-east-1";

  private static final Pattern HTTP_PORT =
      Pattern.compile("Tomcat started on ports .*?(\\d+) \\(http\\)");
  private static final Pattern KEY = Pattern.compile("<Key>([^<]*)</Key>");

  private final Process process;
  private final String endpoint;
  private final String bucket;
  private final HttpClient http =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  private S3TestServer(Process process, String endpoint, String bucket) {
    this.process = process;
    this.endpoint = endpoint;
    this.bucket = bucket;
  }

  /**
   * Starts the server with an empty {@code bucket}, storing objects under {@code root}. Where it
   * cannot start the test fails; only outside a build (no jar named) and outside CI is it skipped.
   */
  static S3TestServer start(Path root, String bucket) throws IOException, InterruptedException {
    String jar = System.getProperty("mathbeam.s3mock.jar");
    if (jar == null && !"true".equals(System.getenv("CI"))) {
      Assume.assumeTrue("no S3 test server: run through Maven (mathbeam.s3mock.jar)", false);
    }
    if (jar == null || !Files.isRegularFile(Path.of(jar))) {
      fail("S3 test server jar missing: " + jar + " (Maven's generate-test-resources copies it)");
    }
    // credentials for the code under test, from the default AWS chain's system properties; no
    // instance metadata look-up on a machine that is not in a cloud
    System.setProperty("aws.accessKeyId", ACCESS_KEY);
    System.setProperty("aws.secretAccessKey", SECRET_KEY);
    System.setProperty("aws.disableEc2Metadata", "true");
    Path log = Files.createTempFile("s3mock", ".log");
    List<String> command =
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Xmx384m",
            "-XX:TieredStopAtLevel=1",
            "-XX:+UseSerialGC",
            "-jar",
            jar,
            "--com.adobe.testing.s3mock.httpPort=0",
            "--server.port=0",
            "--com.adobe.testing.s3mock.store.root=" + root.toAbsolutePath(),
            "--com.adobe.testing.s3mock.store.initialBuckets=" + bucket,
            "--spring.main.banner-mode=off");
    Process process =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    // also when the test JVM ends without closing it
    Runtime.getRuntime().addShutdownHook(new Thread(process::destroyForcibly));
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (System.nanoTime() < deadline) {
      Matcher port = HTTP_PORT.matcher(Files.readString(log));
      if (port.find()) {
        S3TestServer server =
            new S3TestServer(process, "http://127.0.0.1:" + port.group(1), bucket);
        server.keys("");
        return server;
      }
      if (!process.isAlive()) {
        break;
      }
      Thread.sleep(100);
    }
    process.destroyForcibly();
    fail("S3 test server did not start within 120 s; its log:\n" + Files.readString(log));
    throw new AssertionError();
  }

  /** The server's address, as {@code --s3Endpoint} takes it. */
  String endpoint() {
    return endpoint;
  }

  /** {@code s3://bucket/key}. */
  String uri(String key) {
    return "s3://" + bucket + "/" + key;
  }

  /** The options that point mathbeam at this server. */
  List<String> storageArgs() {
    return List.of("--s3Endpoint=" + endpoint, "--awsRegion=" + REGION);
  }

  void put(String key, byte[] bytes) throws IOException, InterruptedException {
    send(HttpRequest.newBuilder(object(key)).PUT(HttpRequest.BodyPublishers.ofByteArray(bytes)));
  }

  String get(String key) throws IOException, InterruptedException {
    return new String(send(HttpRequest.newBuilder(object(key)).GET()), StandardCharsets.UTF_8);
  }

  /** The keys under {@code prefix}, all pages of the listing. */
  List<String> keys(String prefix) throws IOException, InterruptedException {
    List<String> keys = new ArrayList<>();
    String after = "";
    while (true) {
      String xml =
          new String(
              send(
                  HttpRequest.newBuilder(
                          URI.create(
                              endpoint
                                  + "/"
                                  + bucket
                                  + "?list-type=2&max-keys=1000&prefix="
                                  + encode(prefix)
                                  + (after.isEmpty() ? "" : "&start-after=" + encode(after))))
                      .GET()),
              StandardCharsets.UTF_8);
      Matcher m = KEY.matcher(xml);
      int before = keys.size();
      while (m.find()) {
        keys.add(m.group(1));
      }
      if (!xml.contains("<IsTruncated>true</IsTruncated>") || keys.size() == before) {
        return keys;
      }
      after = keys.get(keys.size() - 1);
    }
  }

  private URI object(String key) {
    return URI.create(endpoint + "/" + bucket + "/" + key);
  }

  private static String encode(String s) {
    return java.net.URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  private byte[] send(HttpRequest.Builder request) throws IOException, InterruptedException {
    HttpResponse<byte[]> response =
        http.send(
            request.timeout(Duration.ofSeconds(30)).build(),
            HttpResponse.BodyHandlers.ofByteArray());
    if (response.statusCode() / 100 != 2) {
      throw new IOException(
          request.build().uri()
              + ": HTTP "
              + response.statusCode()
              + " "
              + new String(response.body(), StandardCharsets.UTF_8));
    }
    return response.body();
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(20, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor();
    }
  }
}
