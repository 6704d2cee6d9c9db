package io.mathbeam.core.report.html;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** Opens rendered reports in headless Chromium ({@link BrowserCheck}). */
public class ChromiumRenderTest {
  @ClassRule public static TemporaryFolder installTmp = new TemporaryFolder();

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @BeforeClass
  public static void requireChromium() throws Exception {
    BrowserCheck.requireChromium(installTmp.getRoot().toPath());
  }

  @Test
  public void renderedReportPassesTheBrowserCheck() throws Exception {
    Path page = tmp.getRoot().toPath().resolve("report.html");
    HtmlReport.write(SyntheticReports.realistic(30, 60, 16), page);
    BrowserCheck.Result r = checkReport(page);
    assertEquals(r.output(), 0, r.exitCode());
    assertTrue(r.output(), r.output().contains("9 <svg> element(s), expected 9"));
    assertTrue(r.output(), r.output().contains("ScreenshotCheck: not blank"));
    assertTrue(r.output(), r.output().contains("check-report: OK"));
  }

  @Test
  public void scriptErrorFailsTheBrowserCheck() throws Exception {
    String page = HtmlReport.render(SyntheticReports.realistic(5, 5, 4));
    String broken =
        page.replace(
            "document.body.setAttribute('data-report-ready', 'true');",
            "throw new Error('deliberate failure');");
    assertTrue(!broken.equals(page));
    Path file = tmp.getRoot().toPath().resolve("broken.html");
    Files.writeString(file, broken, StandardCharsets.UTF_8);
    BrowserCheck.Result r = checkReport(file);
    assertEquals(r.output(), 1, r.exitCode());
    assertTrue(r.output(), r.output().contains("Uncaught Error: deliberate failure"));
    assertTrue(r.output(), r.output().contains("did not finish"));
  }

  private BrowserCheck.Result checkReport(Path page) throws IOException, InterruptedException {
    return BrowserCheck.check(page, tmp.newFolder().toPath());
  }
}
