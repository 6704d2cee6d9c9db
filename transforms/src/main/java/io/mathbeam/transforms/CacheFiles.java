package io.mathbeam.transforms;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.beam.sdk.io.FileIO;
import org.apache.beam.sdk.io.FileSystems;
import org.apache.beam.sdk.io.fs.EmptyMatchTreatment;
import org.apache.beam.sdk.io.fs.ResourceId;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.values.PBegin;
import org.apache.beam.sdk.values.PCollection;

/**
 * The {@code *.jsonl} files of a cache directory and their complete lines, shared by the readers of
 * lines ({@link ReadCacheLines}) and of pointers to lines ({@link ReadCachePointers}), so both skip
 * the same lines and count them under the same names.
 */
final class CacheFiles {
  private static final Counter LINES = Metrics.counter("mathbeam", "cache_lines_read");
  private static final Counter BROKEN = Metrics.counter("mathbeam", "cache_lines_unreadable");
  private static final int CHUNK = 1 << 16;

  private CacheFiles() {}

  /**
   * Receives one complete cache record and where its bytes lie in the file. {@code line} holds the
   * record's UTF-8 bytes in its first {@code length} bytes and is reused after the call: a consumer
   * that keeps the text decodes it ({@link #text}); one that keeps pointers never pays for decoding
   * the response texts.
   */
  interface LineConsumer {
    void accept(String key, byte[] line, long offset, int length);
  }

  /** The text of a line passed to a {@link LineConsumer}. */
  static String text(byte[] line, int length) {
    return new String(line, 0, length, StandardCharsets.UTF_8);
  }

  /** The directory's cache files; a missing or empty directory matches nothing. */
  static PCollection<FileIO.ReadableFile> match(PBegin pipeline, String cacheDir) {
    return pipeline
        .apply(
            "MatchCacheFiles",
            FileIO.match()
                .filepattern(cacheDir + "/*.jsonl")
                .withEmptyMatchTreatment(EmptyMatchTreatment.ALLOW))
        .apply("OpenCacheFiles", FileIO.readMatches());
  }

  /**
   * Passes every line of the file that is a complete cache record to {@code consumer}, with the
   * byte offset and byte length of the line without its {@code \n} (or {@code \r\n}); lines a crash
   * cut short do not parse and are skipped. The file is read as raw bytes, as {@link
   * CacheLineReader} reads it back, so the offsets hold for it.
   */
  static void scan(ResourceId file, LineConsumer consumer) throws IOException {
    try (ReadableByteChannel channel = FileSystems.open(file)) {
      ByteBuffer chunk = ByteBuffer.allocate(CHUNK);
      byte[] line = new byte[CHUNK];
      int lineLength = 0;
      long lineStart = 0;
      while (channel.read(chunk.clear()) >= 0) {
        byte[] bytes = chunk.array();
        int from = 0;
        for (int i = 0; i < chunk.position(); i++) {
          if (bytes[i] != '\n') {
            continue;
          }
          line = append(line, lineLength, bytes, from, i);
          lineLength += i - from;
          emit(line, lineLength, lineStart, consumer);
          lineStart += lineLength + 1;
          lineLength = 0;
          from = i + 1;
        }
        line = append(line, lineLength, bytes, from, chunk.position());
        lineLength += chunk.position() - from;
      }
      if (lineLength > 0) {
        // a last line without its terminator: kept when it parses, as a reader of lines would
        emit(line, lineLength, lineStart, consumer);
      }
    }
  }

  private static byte[] append(byte[] line, int length, byte[] bytes, int from, int to) {
    int needed = length + to - from;
    byte[] target =
        needed <= line.length ? line : Arrays.copyOf(line, Math.max(needed, 2 * length));
    System.arraycopy(bytes, from, target, length, to - from);
    return target;
  }

  private static void emit(byte[] line, int length, long offset, LineConsumer consumer) {
    if (length > 0 && line[length - 1] == '\r') {
      length--;
    }
    String key = CachedGenerationJson.keyOf(line, length);
    if (key == null) {
      BROKEN.inc();
      return;
    }
    LINES.inc();
    consumer.accept(key, line, offset, length);
  }
}
