package io.mathbeam.core.report.html;

import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import javax.imageio.ImageIO;

/**
 * Fails when a screenshot is (almost) blank: when one colour covers at least {@link
 * #BLANK_FRACTION} of the pixels. Used by bin/check-report; depends on the JDK only, so it also
 * runs as {@code java ScreenshotCheck.java FILE.png}.
 */
public final class ScreenshotCheck {
  /** A page whose most common colour covers this share of pixels or more counts as blank. */
  public static final double BLANK_FRACTION = 0.995;

  private ScreenshotCheck() {}

  /** What a screenshot looks like. */
  public record Verdict(int width, int height, int dominantRgb, double dominantShare, int colours) {
    public boolean blank() {
      return width == 0 || height == 0 || dominantShare >= BLANK_FRACTION;
    }

    @Override
    public String toString() {
      return String.format(
          Locale.ROOT,
          "%dx%d, most common colour #%06x covers %.2f%% of pixels, %d distinct colours",
          width,
          height,
          dominantRgb & 0xFFFFFF,
          100 * dominantShare,
          colours);
    }
  }

  /** Counts colours (alpha ignored) and finds the most common one. */
  public static Verdict inspect(BufferedImage image) {
    int w = image.getWidth();
    int h = image.getHeight();
    Map<Integer, int[]> counts = new HashMap<>();
    int[] row = new int[w];
    for (int y = 0; y < h; y++) {
      image.getRGB(0, y, w, 1, row, 0, w);
      for (int x = 0; x < w; x++) {
        counts.computeIfAbsent(row[x] & 0xFFFFFF, k -> new int[1])[0]++;
      }
    }
    int best = 0;
    int bestCount = -1;
    for (Map.Entry<Integer, int[]> e : counts.entrySet()) {
      int c = e.getValue()[0];
      if (c > bestCount || (c == bestCount && e.getKey() < best)) {
        best = e.getKey();
        bestCount = c;
      }
    }
    long pixels = (long) w * h;
    return new Verdict(w, h, best, pixels == 0 ? 1 : (double) bestCount / pixels, counts.size());
  }

  /** {@code ScreenshotCheck FILE.png}: exit 0 when not blank, 1 when blank, 2 when unreadable. */
  public static void main(String[] args) {
    if (args.length != 1) {
      System.err.println("usage: ScreenshotCheck FILE.png");
      System.exit(2);
    }
    BufferedImage image;
    try {
      image = ImageIO.read(new File(args[0]));
    } catch (IOException e) {
      System.err.println("ScreenshotCheck: cannot read " + args[0] + ": " + e.getMessage());
      System.exit(2);
      return;
    }
    if (image == null) {
      System.err.println("ScreenshotCheck: " + args[0] + " is not an image ImageIO can read");
      System.exit(2);
      return;
    }
    Verdict v = inspect(image);
    if (v.blank()) {
      System.err.println("ScreenshotCheck: BLANK: " + args[0] + ": " + v);
      System.exit(1);
    }
    System.out.println("ScreenshotCheck: not blank: " + args[0] + ": " + v);
  }
}
