package io.mathbeam.pipelines.eval;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class ClearPreviousTest {
  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void everyTableAndTemporaryFolderIsClearedAndTheCacheKept() throws Exception {
    Path run = tmp.newFolder("run").toPath();
    List<String> stale =
        List.of(
            "samples/samples-00000-of-00001.parquet",
            ".samples-tmp/a.parquet",
            "problems/problems-00000-of-00001.parquet",
            ".problems-tmp/b.parquet",
            "rejected/rejected-00000-of-00001.jsonl",
            ".rejected-tmp/c.jsonl",
            "metrics.json",
            "report.html",
            "regrade-changes.json",
            "regrade-changes.jsonl");
    for (String f : stale) {
      Files.createDirectories(run.resolve(f).getParent());
      Files.writeString(run.resolve(f), "old");
    }
    Path cache = run.resolve("cache/generations-00000.jsonl");
    Files.createDirectories(cache.getParent());
    Files.writeString(cache, "kept");

    RunOutputs.clearPrevious(run.toString());

    for (String f : stale) {
      assertFalse(f, Files.exists(run.resolve(f)));
    }
    assertTrue(Files.exists(cache));
    assertEquals("kept", Files.readString(cache));
  }
}
