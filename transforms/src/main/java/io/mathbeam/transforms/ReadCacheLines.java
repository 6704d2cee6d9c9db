package io.mathbeam.transforms;

import java.io.IOException;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.io.FileIO;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PBegin;
import org.apache.beam.sdk.values.PCollection;

/**
 * Reads a cache directory's {@code *.jsonl} files as (sample key, line) pairs, skipping lines a
 * crash cut short. A missing or empty directory reads as nothing. Meant for caches of short replies
 * (the judge's); the generation cache is read as pointers ({@link ReadCachePointers}).
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
    return CacheFiles.match(pipeline, cacheDir)
        .apply("ReadCacheLines", ParDo.of(new ReadCacheFileFn()))
        .setCoder(KvCoder.of(StringUtf8Coder.of(), StringUtf8Coder.of()));
  }

  /** Emits (sample key, cache line) for every complete line of one cache file. */
  static final class ReadCacheFileFn extends DoFn<FileIO.ReadableFile, KV<String, String>> {
    @ProcessElement
    public void process(@Element FileIO.ReadableFile file, OutputReceiver<KV<String, String>> out)
        throws IOException {
      CacheFiles.scan(
          file.getMetadata().resourceId(),
          (key, line, offset, length) -> out.output(KV.of(key, CacheFiles.text(line, length))));
    }
  }
}
