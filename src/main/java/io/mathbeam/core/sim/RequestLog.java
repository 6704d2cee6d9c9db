package io.mathbeam.core.sim;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/** The fleet's request log: kept in memory and appended, one flushed JSON line each, to a file. */
final class RequestLog implements Closeable {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final List<RequestLogEntry> entries = new ArrayList<>();
  private final BufferedWriter writer;

  RequestLog(Path file) throws IOException {
    if (file == null) {
      writer = null;
    } else {
      Path parent = file.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      writer =
          Files.newBufferedWriter(
              file, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }
  }

  synchronized void append(RequestLogEntry entry) {
    entries.add(entry);
    if (writer != null) {
      try {
        writer.write(JSON.writeValueAsString(entry));
        writer.write('\n');
        writer.flush();
      } catch (IOException e) {
        throw new UncheckedIOException("cannot write the simulator request log", e);
      }
    }
  }

  synchronized List<RequestLogEntry> snapshot() {
    return List.copyOf(entries);
  }

  @Override
  public synchronized void close() throws IOException {
    if (writer != null) {
      writer.close();
    }
  }
}
