package io.mathbeam.core.datasets;

import java.io.PrintStream;
import java.util.Locale;

/**
 * One progress line per download on stderr, rewritten in place ({@code \r}): {@code aime24
 * test.jsonl 1.2 MB / 3.4 MB (35%)}. Printed at each whole percent (or each MiB when the size is
 * unknown), so a slow terminal is not flooded.
 */
final class ProgressLine {
  private static final long MIB = 1 << 20;

  private final PrintStream out;
  private final String label;
  private long lastShown = -1;

  ProgressLine(PrintStream out, String label) {
    this.out = out;
    this.label = label;
  }

  void update(long bytes, long total) {
    long step = total > 0 ? Math.max(1, total / 100) : MIB;
    if (lastShown >= 0 && bytes - lastShown < step) {
      return;
    }
    lastShown = bytes;
    out.print("\r" + text(bytes, total));
    out.flush();
  }

  void done(long bytes, long total) {
    out.println("\r" + text(bytes, total));
  }

  private String text(long bytes, long total) {
    if (total <= 0) {
      return String.format(Locale.ROOT, "%s  %s", label, size(bytes));
    }
    return String.format(
        Locale.ROOT, "%s  %s / %s (%d%%)", label, size(bytes), size(total), bytes * 100 / total);
  }

  private static String size(long bytes) {
    if (bytes < 1024) {
      return bytes + " B";
    }
    if (bytes < MIB) {
      return String.format(Locale.ROOT, "%.1f KB", bytes / 1024.0);
    }
    return String.format(Locale.ROOT, "%.1f MB", bytes / (double) MIB);
  }
}
