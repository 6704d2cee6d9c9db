package io.mathbeam.core.sandbox;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads one output stream of a running program, keeping at most {@code limit} bytes; the first byte
 * past the limit calls {@code onOverflow} (which kills the program) once.
 */
final class BoundedCapture implements Runnable {
  private final InputStream in;
  private final int limit;
  private final Runnable onOverflow;
  private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
  private volatile boolean overflowed;

  BoundedCapture(InputStream in, int limit, Runnable onOverflow) {
    this.in = in;
    this.limit = limit;
    this.onOverflow = onOverflow;
  }

  @Override
  public void run() {
    byte[] buf = new byte[8192];
    try (in) {
      int n;
      while ((n = in.read(buf)) > 0) {
        int room = limit - kept.size();
        if (n > room) {
          kept.write(buf, 0, Math.max(room, 0));
          if (!overflowed) {
            overflowed = true;
            onOverflow.run();
          }
        } else {
          kept.write(buf, 0, n);
        }
      }
    } catch (IOException e) {
      // The stream closes under the reader when the process tree is killed: what was read stays.
    }
  }

  boolean overflowed() {
    return overflowed;
  }

  /** The bytes kept, as UTF-8 (malformed sequences replaced), cut at the limit with a marker. */
  String text() {
    String s = new String(kept.toByteArray(), StandardCharsets.UTF_8);
    return overflowed ? s + Execution.TRUNCATED : s;
  }
}
