package io.mathbeam.transforms;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import org.apache.beam.sdk.io.FileSystems;
import org.apache.beam.sdk.io.fs.ResourceId;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.SerializableFunction;
import org.apache.beam.sdk.util.MimeTypes;

/**
 * A run's small documents ({@code metrics.json}, the regrade's counts and list of changes), each
 * made from the one value of a {@link SingleValue} combine and written whole: to a temporary name
 * beside it, then renamed over it, so a reader never sees half a file and a retried step writes the
 * same file again. Instead of {@code TextIO.write().withoutSharding()}, which groups its one line
 * into a shard, writes it to a temporary file and finalizes it through two more groupings and a
 * side input.
 */
final class RunDocument {
  private RunDocument() {}

  /** Writes {@code text} as the whole of the file {@code path}. */
  static void write(String path, String text) throws IOException {
    ResourceId target = FileSystems.matchNewResource(path, false);
    String dir = path.substring(0, path.lastIndexOf('/') + 1);
    ResourceId temp =
        FileSystems.matchNewResource(
            dir + "." + target.getFilename() + "-" + UUID.randomUUID() + ".tmp", false);
    try (OutputStream out = Channels.newOutputStream(FileSystems.create(temp, MimeTypes.TEXT))) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
    FileSystems.rename(List.of(temp), List.of(target));
  }

  /** Writes each value it gets (one: a {@link SingleValue}'s) as the file {@code path}. */
  static <T> DoFn<T, Void> writing(String path, SerializableFunction<T, String> text) {
    return new WriteFn<>(path, text);
  }

  private static final class WriteFn<T> extends DoFn<T, Void> {
    private final String path;
    private final SerializableFunction<T, String> text;

    WriteFn(String path, SerializableFunction<T, String> text) {
      this.path = path;
      this.text = text;
    }

    @ProcessElement
    public void process(@Element T value) throws IOException {
      write(path, text.apply(value));
    }
  }
}
