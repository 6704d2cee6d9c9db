package io.mathbeam.transforms;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.io.FileIO;
import org.apache.beam.sdk.io.fs.EmptyMatchTreatment;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PBegin;
import org.apache.beam.sdk.values.PCollection;

/**
 * Reads a cache directory's {@code *.jsonl} files as (sample key, line) pairs, skipping lines a
 * crash cut short. A missing or empty directory reads as nothing.
 */
final class ReadCacheLines extends PTransform<PBegin, PCollection<KV<String, String>>> {
  private final String cacheDir;

  private ReadCacheLines(String cacheDir) {
    this.cacheDir = cacheDir;
  }

  static ReadCacheLines from(String cacheDir) {
    return new ReadCacheLines(cacheDir);
  }

  @Override
  public PCollection<KV<String, String>> expand(PBegin pipeline) {
    return pipeline
        .apply(
            "MatchCacheFiles",
            FileIO.match()
                .filepattern(cacheDir + "/*.jsonl")
                .withEmptyMatchTreatment(EmptyMatchTreatment.ALLOW))
        .apply("OpenCacheFiles", FileIO.readMatches())
        .apply("ReadCacheLines", ParDo.of(new ReadCacheFileFn()))
        .setCoder(KvCoder.of(StringUtf8Coder.of(), StringUtf8Coder.of()));
  }

  /** Emits (sample key, cache line) for every complete line of one cache file. */
  static final class ReadCacheFileFn extends DoFn<FileIO.ReadableFile, KV<String, String>> {
    private final Counter lines = Metrics.counter("mathbeam", "cache_lines_read");
    private final Counter broken = Metrics.counter("mathbeam", "cache_lines_unreadable");

    @ProcessElement
    public void process(@Element FileIO.ReadableFile file, OutputReceiver<KV<String, String>> out)
        throws IOException {
      try (BufferedReader reader =
          new BufferedReader(
              new InputStreamReader(
                  Channels.newInputStream(file.open()), StandardCharsets.UTF_8))) {
        String line;
        while ((line = reader.readLine()) != null) {
          JsonNode node = CachedGenerationJson.parse(line);
          if (node == null) {
            broken.inc();
            continue;
          }
          lines.inc();
          out.output(KV.of(CachedGenerationJson.key(node), line));
        }
      }
    }
  }
}
