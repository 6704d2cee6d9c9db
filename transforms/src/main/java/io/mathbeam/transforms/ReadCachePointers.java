package io.mathbeam.transforms;

import java.io.IOException;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.io.FileIO;
import org.apache.beam.sdk.io.fs.ResourceId;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PBegin;
import org.apache.beam.sdk.values.PCollection;

/**
 * Reads a cache directory's {@code *.jsonl} files as (sample key, pointer to the line) pairs,
 * skipping lines a crash cut short, so a join can group a few dozen bytes per cached sample instead
 * of its response text; {@link CacheLineReader} reads the lines back. A missing or empty directory
 * reads as nothing.
 */
final class ReadCachePointers
    extends PTransform<PBegin, PCollection<KV<String, CacheLinePointer>>> {
  private final String cacheDir;

  private ReadCachePointers(String cacheDir) {
    this.cacheDir = cacheDir;
  }

  static ReadCachePointers from(String cacheDir) {
    return new ReadCachePointers(cacheDir);
  }

  @Override
  public PCollection<KV<String, CacheLinePointer>> expand(PBegin pipeline) {
    return CacheFiles.match(pipeline, cacheDir)
        .apply("ReadCachePointers", ParDo.of(new PointToLinesFn()))
        .setCoder(KvCoder.of(StringUtf8Coder.of(), CacheLinePointerCoder.of()));
  }

  /** Emits (sample key, pointer) for every complete line of one cache file. */
  static final class PointToLinesFn
      extends DoFn<FileIO.ReadableFile, KV<String, CacheLinePointer>> {
    @ProcessElement
    public void process(
        @Element FileIO.ReadableFile file, OutputReceiver<KV<String, CacheLinePointer>> out)
        throws IOException {
      ResourceId id = file.getMetadata().resourceId();
      String name = id.toString();
      CacheFiles.scan(
          id,
          (key, line, offset, length) ->
              out.output(KV.of(key, new CacheLinePointer(name, offset, length))));
    }
  }
}
