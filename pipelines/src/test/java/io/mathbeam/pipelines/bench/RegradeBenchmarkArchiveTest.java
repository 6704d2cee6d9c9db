package io.mathbeam.pipelines.bench;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * {@code bench-regrade}'s class-data archive on a test's class path (directories, which cannot be
 * archived): the warm-up runs, the dump fails, the benchmark says so and times its children without
 * an archive; {@code --classArchive=false} skips it.
 */
public class RegradeBenchmarkArchiveTest {
  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private String bench(String... args) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    int code = RegradeBenchmark.measure(args, new PrintStream(bytes, true, StandardCharsets.UTF_8));
    String out = bytes.toString(StandardCharsets.UTF_8);
    assertEquals(out, 0, code);
    return out;
  }

  @Test
  public void aClassPathThatCannotBeArchivedLeavesTheChildrenWithoutAnArchive() throws Exception {
    Path work = tmp.newFolder("work").toPath();
    String out =
        bench("--samples=256", "--samplesPerProblem=4", "--runners=floor", "--workDir=" + work);

    assertTrue(out, out.contains("class-data archive: the dump failed"));
    assertTrue(out, out.contains("the children run without an archive"));
    assertTrue(out, out.contains("non-empty directory"));
    // the warm-up listed the floor's classes before the dump was tried
    assertTrue(Files.size(work.resolve("class-archive").resolve("floor.classlist")) > 0);
    assertTrue(out, out.lines().anyMatch(l -> l.startsWith("floor ")));
  }

  @Test
  public void classArchiveFalseBuildsNone() throws Exception {
    Path work = tmp.newFolder("off").toPath();
    String out =
        bench(
            "--samples=256",
            "--samplesPerProblem=4",
            "--runners=floor",
            "--classArchive=false",
            "--workDir=" + work);

    assertFalse(out, out.contains("class-data archive"));
    assertFalse(Files.exists(work.resolve("class-archive")));
  }
}
