package io.mathbeam.pipelines.eval;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mathbeam.pipelines.Main;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * An S3-compatible store that keeps an upload's body as it arrives (s3rver): with {@code
 * --s3Endpoint} uploads go without the aws-chunked encoding, so the run reads back what it wrote;
 * chunked uploads, as sent to AWS, leave chunk headers in the objects, and reading one says so.
 */
public class ChunkedUploadsTest {
  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private static final ObjectMapper JSON = new ObjectMapper();

  /** What the runs printed on stderr. */
  private final ByteArrayOutputStream errors = new ByteArrayOutputStream();

  private int eval(S3rverServer s3, String run, String... extra) throws Exception {
    List<String> args =
        new ArrayList<>(
            List.of(
                "eval",
                "--simTimeScale=4000",
                "--samples=2",
                "--cacheDir=none",
                "--output=" + s3.uri(run)));
    args.addAll(s3.storageArgs());
    args.addAll(List.of(extra));
    return Main.run(
        args.toArray(new String[0]),
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
        new PrintStream(errors, true, StandardCharsets.UTF_8));
  }

  @Test
  public void customEndpointsGetPlainUploadsAndAChunkedObjectIsNamedWhenRead() throws Exception {
    try (S3rverServer s3 = S3rverServer.start(tmp.newFolder("s3").toPath(), "mathbeam")) {
      assertEquals(errors.toString(StandardCharsets.UTF_8), 0, eval(s3, "runs/plain"));
      JsonNode metrics = JSON.readTree(s3.stored("runs/plain/metrics.json"));
      assertEquals(16, metrics.path("datasets").path("sample").path("num_problems").asInt());

      // as on AWS: the store keeps the chunk headers, and the run's read of its own metrics.json
      // names the cause
      IOException chunked =
          assertThrows(
              IOException.class, () -> eval(s3, "runs/chunked", "--s3ChunkedEncoding=true"));
      String stored =
          new String(s3.stored("runs/chunked/metrics.json"), StandardCharsets.ISO_8859_1);
      assertTrue(
          stored.substring(0, 80),
          stored.matches("(?s)^[0-9a-f]+;chunk-signature=[0-9a-f]{64}\r\n.*"));
      assertTrue(
          chunked.getMessage(),
          chunked
              .getMessage()
              .startsWith(
                  "s3://mathbeam/runs/chunked/metrics.json holds an upload still in the"
                      + " aws-chunked encoding"));
      assertTrue(chunked.getMessage(), chunked.getMessage().contains("--s3ChunkedEncoding=false"));
    }
  }
}
