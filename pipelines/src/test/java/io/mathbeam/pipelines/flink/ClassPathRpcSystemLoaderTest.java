package io.mathbeam.pipelines.flink;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertSame;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.runtime.rpc.RpcService;
import org.apache.flink.runtime.rpc.RpcSystem;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * {@link ClassPathRpcSystemLoader}: the RPC system Flink loads is Pekko's from the application's
 * class loader, nothing is copied into Flink's temporary directories, and its service runs.
 */
public class ClassPathRpcSystemLoaderTest {
  @Rule public TemporaryFolder temp = new TemporaryFolder();

  @Test
  public void flinkLoadsPekkoFromTheClassPathWithoutCopyingAJar() throws Exception {
    Configuration configuration = new Configuration();
    Path tmp = temp.getRoot().toPath();
    // where Flink's own loader would copy its flink-rpc-akka jar
    configuration.set(CoreOptions.TMP_DIRS, tmp.toString());

    try (RpcSystem rpc = RpcSystem.load(configuration)) {
      assertEquals("org.apache.flink.runtime.rpc.pekko.PekkoRpcSystem", rpc.getClass().getName());
      assertSame(ClassPathRpcSystemLoader.class.getClassLoader(), rpc.getClass().getClassLoader());
      RpcService service = rpc.localServiceBuilder(configuration).createAndStart();
      try {
        CompletableFuture<String> ran = new CompletableFuture<>();
        service.getScheduledExecutor().execute(() -> ran.complete("ran"));
        assertEquals("ran", ran.get(30, TimeUnit.SECONDS));
      } finally {
        service.closeAsync().get();
      }
    }
    assertEquals(List.of(), listed(tmp));
  }

  private static List<Path> listed(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.toList();
    }
  }
}
