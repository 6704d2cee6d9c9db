package io.mathbeam.core.report.html;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import org.junit.Test;

public class ScreenshotCheckTest {
  private static BufferedImage white(int w, int h) {
    BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, w, h);
    g.dispose();
    return img;
  }

  @Test
  public void singleColourImageIsBlank() {
    ScreenshotCheck.Verdict v = ScreenshotCheck.inspect(white(200, 100));
    assertTrue(v.blank());
    assertEquals(1, v.colours());
    assertEquals(0xFFFFFF, v.dominantRgb());
  }

  @Test
  public void aFewStrayPixelsStillCountAsBlank() {
    BufferedImage img = white(200, 100);
    for (int x = 0; x < 50; x++) {
      img.setRGB(x, 0, 0x000000);
    }
    assertTrue(ScreenshotCheck.inspect(img).blank());
  }

  @Test
  public void imageWithContentIsNotBlank() {
    BufferedImage img = white(200, 100);
    Graphics2D g = img.createGraphics();
    g.setColor(new Color(0x0072B2));
    g.fillRect(20, 20, 60, 40);
    g.dispose();
    ScreenshotCheck.Verdict v = ScreenshotCheck.inspect(img);
    assertFalse(v.blank());
    assertEquals(0.88, v.dominantShare(), 1e-9);
    assertTrue(v.toString().contains("#ffffff covers 88.00%"));
  }
}
