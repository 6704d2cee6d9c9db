package io.mathbeam.core.datasets;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.testing.SharedData;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;

/**
 * Every registry entry with a copy in the shared data folder: its source files, rebuilt from the
 * shared rows in the layout they are published in and served over HTTP, fetch and convert back to
 * the same ids, problems and answers, byte for byte the shared file, whose sha256 is the pin.
 * (GSM8K, served as Parquet, is checked the same way in the transforms module, which writes
 * Parquet.)
 */
@RunWith(Parameterized.class)
public class RegistryMatchesSharedDataTest {
  @Parameterized.Parameters(name = "{0}")
  public static List<String> names() {
    return List.of(
        "aime24",
        "aime25",
        "math500",
        "amc23",
        "minerva",
        "olympiadbench",
        "hmmt_feb25",
        "humaneval");
  }

  @Parameterized.Parameter public String name;

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void fetchedRowsAreTheSharedRowsWithThePinnedHash() throws Exception {
    Path shared = SharedData.datasets();
    Benchmark b = Benchmarks.byName(name).orElseThrow();
    Path sharedFile = shared.resolve(b.relativePath());
    assertEquals("the registry pins the shared file's hash", Sha256.of(sharedFile), b.sha256());
    try (FileHostServer server = new FileHostServer()) {
      SourceLocations at = SourceFixtures.locations(server, null);
      SourceFixtures.serve(server, at, b, SourceFixtures.of(name, shared));
      ByteArrayOutputStream messages = new ByteArrayOutputStream();
      BenchmarkCache cache =
          new BenchmarkCache(
              tmp.getRoot().toPath(),
              at,
              new Downloader(Downloader.Settings.DEFAULT, d -> {}, new PrintStream(messages)),
              ParquetRowReader.NONE,
              new PrintStream(messages));

      Path fetched = cache.locate(b, false);

      List<Map<String, Object>> expected = SourceFixtures.rows(sharedFile);
      List<Map<String, Object>> actual = SourceFixtures.rows(fetched);
      assertEquals(field(expected, "id"), field(actual, "id"));
      String text = b.code() ? "prompt" : "problem";
      assertEquals(field(expected, text), field(actual, text));
      if (!b.code()) {
        assertEquals(field(expected, "answer"), field(actual, "answer"));
      }
      assertArrayEquals(Files.readAllBytes(sharedFile), Files.readAllBytes(fetched));
      assertEquals(b.rows(), actual.size());
      CacheRecord record = cache.record(b).orElseThrow();
      assertEquals(b.sha256(), record.sha256());
      assertEquals(CacheRecord.REGISTRY, record.pinnedBy());
      assertEquals(b.files().size(), record.sources().size());
      assertTrue(messages.toString(), messages.toString().contains(b.sha256()));
    }
  }

  private static List<Object> field(List<Map<String, Object>> rows, String field) {
    return rows.stream().map(r -> r.get(field)).toList();
  }
}
