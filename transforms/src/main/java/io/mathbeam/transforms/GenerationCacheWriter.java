package io.mathbeam.transforms;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.beam.sdk.io.FileSystems;
import org.apache.beam.sdk.io.fs.ResolveOptions.StandardResolveOptions;
import org.apache.beam.sdk.io.fs.ResourceId;
import org.apache.beam.sdk.util.MimeTypes;

/**
 * Appends completed generations to a cache file of its own, one JSON line each, written through to
 * the file system as soon as the response arrives: a process killed at any moment loses at most the
 * line being written (readers skip a cut-off last line). Files are closed at the end of each bundle
 * and after {@link #LINES_PER_FILE} lines. On an object store a file is visible only once it is
 * closed, so there a file is also closed with the first line after it has been open for the
 * checkpoint interval: a killed worker loses about that much work, not its whole bundle.
 */
final class GenerationCacheWriter {
  static final int LINES_PER_FILE = 10_000;

  private final String directory;
  private final String runTag;
  private final long checkpointNanos;
  private final String writerId = UUID.randomUUID().toString();
  private int fileCount;
  private int linesInFile;
  private boolean local;
  private long openedAtNanos;
  private WritableByteChannel channel;

  /**
   * @param runId the run writing: its files are named after it, so that a retried bundle of the
   *     same run finds what the failed attempt already generated ({@link RunCheckpoints})
   */
  GenerationCacheWriter(String directory, int checkpointSeconds, String runId) {
    this.directory = directory;
    this.runTag = runTag(runId);
    this.checkpointNanos = TimeUnit.SECONDS.toNanos(checkpointSeconds);
  }

  /** The writer of {@code config}'s cache, checkpointing as it says; null when it has none. */
  static GenerationCacheWriter of(GenerationConfig config) {
    return config.cacheDir() == null
        ? null
        : new GenerationCacheWriter(
            config.cacheDir(), config.cacheCheckpointSeconds(), config.runId());
  }

  void append(String line) throws IOException {
    if (channel == null) {
      ResourceId file =
          FileSystems.matchNewResource(directory, true)
              .resolve(
                  "generations-" + runTag + "-" + writerId + "-" + (fileCount++) + ".jsonl",
                  StandardResolveOptions.RESOLVE_FILE);
      local = "file".equals(file.getScheme());
      channel = open(file);
      linesInFile = 0;
      openedAtNanos = System.nanoTime();
    }
    ByteBuffer bytes = ByteBuffer.wrap((line + "\n").getBytes(StandardCharsets.UTF_8));
    while (bytes.hasRemaining()) {
      channel.write(bytes);
    }
    if (++linesInFile >= LINES_PER_FILE
        || (!local && System.nanoTime() - openedAtNanos >= checkpointNanos)) {
      close();
    }
  }

  /**
   * Beam's local file system buffers writes until close; a local cache file is written with a plain
   * file channel instead, so each line reaches the operating system when it is appended.
   */
  private WritableByteChannel open(ResourceId file) throws IOException {
    if (local) {
      Path path = Paths.get(file.toString());
      Files.createDirectories(path.getParent());
      return FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    }
    return FileSystems.create(file, MimeTypes.TEXT);
  }

  /** The part of a cache file's name that names its run. */
  static String runTag(String runId) {
    return runId.replaceAll("[^A-Za-z0-9]", "");
  }

  void close() throws IOException {
    if (channel != null) {
      channel.close();
      channel = null;
    }
  }
}
