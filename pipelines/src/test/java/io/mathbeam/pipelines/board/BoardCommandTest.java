package io.mathbeam.pipelines.board;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.report.html.BrowserCheck;
import io.mathbeam.core.sim.AnswerKey;
import io.mathbeam.core.sim.SimConfig;
import io.mathbeam.core.sim.SimulatedFleet;
import io.mathbeam.core.testing.SharedData;
import io.mathbeam.pipelines.sweep.SweepCommand;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * {@code mathbeam board} over a simulated sweep of 5 models (of different skill) x 6 benchmarks and
 * the nightly history its runs wrote: the table, the significance marks, the links, the trend
 * charts, escaping, bad directories, and the page in a real browser.
 */
public class BoardCommandTest {
  @ClassRule public static final TemporaryFolder TMP = new TemporaryFolder();

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<String> BENCHMARKS =
      List.of("aime22", "aime23", "aime24", "aime25", "amc23", "hmmt_feb25");
  private static final double[] SKILLS = {1.0, 0.9, 0.6, 0.35, 0.15};

  private static Path sweep;
  private static Path history;

  private static PrintStream quiet() {
    return new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
  }

  /** The sweep, run once for every test. */
  private static synchronized void sweep() throws Exception {
    if (sweep != null) {
      return;
    }
    Path data = SharedData.datasets();
    List<Path> files = new ArrayList<>();
    BENCHMARKS.forEach(b -> files.add(data.resolve(b + ".jsonl")));
    AnswerKey key = AnswerKey.fromJsonl(files, "problem", "answer");
    List<SimulatedFleet> fleets = new ArrayList<>();
    try {
      StringBuilder yaml = new StringBuilder("benchmarks: [");
      yaml.append(String.join(", ", BENCHMARKS.stream().map(b -> b + ":4").toList()));
      yaml.append("]\nmodels:\n");
      for (int i = 0; i < SKILLS.length; i++) {
        SimulatedFleet fleet =
            SimulatedFleet.start(
                SimConfig.builder()
                    .replicas(1)
                    .timeScale(4000)
                    .maxModelLen(40960)
                    .skill(SKILLS[i])
                    .answerKey(key)
                    .build());
        fleets.add(fleet);
        yaml.append("  - name: model-")
            .append((char) ('a' + i))
            .append("\n    endpoints: [")
            .append(fleet.endpoints().get(0))
            .append("]\n");
      }
      Path file = TMP.getRoot().toPath().resolve("sweep.yaml");
      Files.writeString(file, yaml);
      Path out = TMP.getRoot().toPath().resolve("sweep");
      Path hist = TMP.newFolder("history").toPath();
      new SweepCommand(quiet())
          .run(
              new String[] {
                "--sweep=" + file,
                "--output=" + out,
                "--dataDir=" + data,
                "--cacheDir=none",
                "--history=" + hist
              });
      sweep = out;
      history = hist;
    } finally {
      for (SimulatedFleet f : fleets) {
        f.close();
      }
    }
  }

  private static String board(Path page, String... dirs) throws Exception {
    List<String> args = new ArrayList<>(List.of(dirs));
    args.add("--output=" + page);
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    int exit =
        new BoardCommand()
            .run(
                args.toArray(new String[0]),
                new PrintStream(printed, true, StandardCharsets.UTF_8),
                quiet());
    assertEquals(printed.toString(StandardCharsets.UTF_8), 0, exit);
    return Files.readString(page);
  }

  @Test
  public void aSweepAndItsHistoryBecomeOneSortableTableWithMarksLinksAndTrends() throws Exception {
    sweep();
    Path page = TMP.getRoot().toPath().resolve("board.html");
    String html = board(page, sweep.toString(), history.toString());

    assertEquals(5, count(html, "<tr><td class=\"model\""));
    for (String b : BENCHMARKS) {
      assertTrue(b, html.contains("<th title=\"sort by " + b + "\">" + b + "</th>"));
    }
    // every cell links to its run's report, relative to the page
    assertEquals(30, count(html, "<a href=\"sweep/model-"));
    assertTrue(html.contains("<a href=\"sweep/model-e/report.html\">"));
    // the weakest model is significantly below the strongest on every benchmark
    Matcher weakest =
        Pattern.compile("<tr><td class=\"model\" data-value=\"model-e\">(.*?)</tr>").matcher(html);
    assertTrue(weakest.find());
    assertEquals(6, count(weakest.group(1), "title=\"significantly below model-a"));
    Matcher strongest =
        Pattern.compile("<tr><td class=\"model\" data-value=\"model-a\">(.*?)</tr>").matcher(html);
    assertTrue(strongest.find());
    assertEquals(0, count(strongest.group(1), "class=\"mark\""));
    assertEquals(6, count(strongest.group(1), "<td class=\"best\""));
    // a nightly trend chart per benchmark, and nothing fetched from elsewhere
    assertTrue(html.contains("<meta name=\"mathbeam-report-svg-count\" content=\"6\">"));
    assertEquals(6, count(html, "<svg"));
    assertFalse(html.contains("src=") || html.contains("<link") || html.contains("href=\"http"));
    assertTrue(html.contains("maj@4 "));
    assertTrue(html.contains("pass@4 "));
  }

  @Test
  public void modelWrittenTextIsEscapedAndABadDirectorySaysWhy() throws Exception {
    sweep();
    Path run = TMP.newFolder("evil-run").toPath();
    copy(sweep.resolve("model-b"), run);
    ObjectNode metrics = (ObjectNode) JSON.readTree(run.resolve("metrics.json").toFile());
    ((ObjectNode) metrics.path("manifest")).put("model", "<script>alert(1)</script>");
    JSON.writeValue(run.resolve("metrics.json").toFile(), metrics);
    String html = board(TMP.getRoot().toPath().resolve("evil.html"), run.toString());
    assertFalse(html.contains("<script>alert"));
    assertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));

    Path nothing = TMP.newFolder("nothing").toPath();
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> board(TMP.getRoot().toPath().resolve("x.html"), nothing.toString()));
    assertTrue(e.getMessage(), e.getMessage().contains(nothing + " is not a run directory"));
  }

  @Test
  public void theBoardRendersInABrowserWithItsTableOnScreen() throws Exception {
    BrowserCheck.requireChromium(TMP.newFolder("chromium").toPath());
    sweep();
    Path page = TMP.getRoot().toPath().resolve("browser.html");
    board(page, sweep.toString(), history.toString());
    Path out = TMP.newFolder("check").toPath();
    BrowserCheck.Result r = BrowserCheck.check(page, out);
    assertEquals(r.output(), 0, r.exitCode());
    assertTrue(r.output(), r.output().contains("6 <svg> element(s), expected 6"));
    assertTrue(r.output(), r.output().contains("ScreenshotCheck: not blank"));
    try (Stream<Path> files = Files.list(out)) {
      assertTrue(files.anyMatch(f -> f.getFileName().toString().endsWith(".png")));
    }
  }

  private static int count(String text, String part) {
    int n = 0;
    for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + part.length())) {
      n++;
    }
    return n;
  }

  private static void copy(Path from, Path to) throws Exception {
    try (Stream<Path> paths = Files.walk(from)) {
      for (Path p : paths.toList()) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
        }
      }
    }
  }
}
