package io.mathbeam.transforms;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.datasets.Benchmark;
import io.mathbeam.core.datasets.BenchmarkCache;
import io.mathbeam.core.datasets.BenchmarkUnavailableException;
import io.mathbeam.core.datasets.Benchmarks;
import io.mathbeam.core.datasets.Downloader;
import io.mathbeam.core.datasets.FileHostServer;
import io.mathbeam.core.datasets.Sha256;
import io.mathbeam.core.datasets.SourceFixtures;
import io.mathbeam.core.datasets.SourceLocations;
import io.mathbeam.core.testing.SharedData;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.util.HadoopOutputFile;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * GSM8K comes from the Hugging Face hub's Parquet file (columns {@code question}, {@code answer}):
 * one written from the shared rows, served at the hub's resolve path, converts back to the shared
 * file and its pinned sha256.
 */
public class Gsm8kParquetSourceTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final Schema HUB_SCHEMA =
      SchemaBuilder.record("gsm8k")
          .fields()
          .requiredString("question")
          .requiredString("answer")
          .endRecord();

  private final Benchmark gsm8k = Benchmarks.byName("gsm8k").orElseThrow();

  @Test
  public void hubParquetConvertsToTheSharedRowsAndPin() throws Exception {
    Path shared = SharedData.datasets().resolve("gsm8k.jsonl");
    try (FileHostServer server = new FileHostServer()) {
      SourceLocations at = SourceFixtures.locations(server, null);
      String path = SourceFixtures.pathOf(server, at, gsm8k.files().get(0));
      assertTrue(
          path,
          path.startsWith(
              "/hf/datasets/openai/gsm8k/resolve/740312add88f781978c0658806c59bc2815b9866/main/"));
      server.put(path, hubParquet(SourceFixtures.rows(shared)));

      Path fetched = cache(at).locate(gsm8k, false);

      assertArrayEquals(Files.readAllBytes(shared), Files.readAllBytes(fetched));
      assertEquals(gsm8k.sha256(), Sha256.of(fetched));
    }
  }

  @Test
  public void damagedParquetIsAnErrorNamingTheBenchmark() throws Exception {
    try (FileHostServer server = new FileHostServer()) {
      SourceLocations at = SourceFixtures.locations(server, null);
      server.put(SourceFixtures.pathOf(server, at, gsm8k.files().get(0)), "not parquet".getBytes());
      BenchmarkUnavailableException e =
          org.junit.Assert.assertThrows(
              BenchmarkUnavailableException.class, () -> cache(at).locate(gsm8k, false));
      assertTrue(e.getMessage(), e.getMessage().contains("benchmark 'gsm8k'"));
      assertTrue(e.getMessage(), e.getMessage().contains("Parquet"));
    }
  }

  private BenchmarkCache cache(SourceLocations at) {
    PrintStream messages = new PrintStream(new ByteArrayOutputStream());
    return new BenchmarkCache(
        tmp.getRoot().toPath().resolve("cache"),
        at,
        new Downloader(Downloader.Settings.DEFAULT, d -> {}, messages),
        new ParquetRowFiles(),
        messages);
  }

  /** The hub's layout: the original question and the full answer text, "#### n" line included. */
  private byte[] hubParquet(List<Map<String, Object>> rows) throws Exception {
    Path file = tmp.getRoot().toPath().resolve("test-00000-of-00001.parquet");
    try (ParquetWriter<GenericRecord> writer =
        AvroParquetWriter.<GenericRecord>builder(
                HadoopOutputFile.fromPath(
                    new org.apache.hadoop.fs.Path(file.toUri()), new Configuration()))
            .withSchema(HUB_SCHEMA)
            .build()) {
      for (Map<String, Object> row : rows) {
        GenericData.Record r = new GenericData.Record(HUB_SCHEMA);
        r.put("question", row.get("problem"));
        r.put("answer", row.get("solution"));
        writer.write(r);
      }
    }
    return Files.readAllBytes(file);
  }
}
