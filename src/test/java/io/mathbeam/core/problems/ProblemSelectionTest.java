package io.mathbeam.core.problems;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.testing.SharedData;
import java.util.List;
import org.junit.Test;

public class ProblemSelectionTest {
  @Test
  public void resolvesBenchmarkNamesWithPerBenchmarkK() {
    String dir = SharedData.datasets().toString();
    List<ProblemSource> sources = ProblemSelection.resolve(null, "aime24:64,math500", dir, 4);
    assertEquals(2, sources.size());
    assertEquals("aime24", sources.get(0).datasetId());
    assertEquals(64, sources.get(0).samples());
    assertTrue(sources.get(0).path().endsWith("aime24.jsonl"));
    assertEquals(4, sources.get(1).samples());
  }

  @Test
  public void dataDirectoryOnAnotherFileSystemIsAskedThroughThePredicate() {
    List<String> asked = new java.util.ArrayList<>();
    List<ProblemSource> sources =
        ProblemSelection.resolve(
            null,
            "humaneval:2",
            "s3://bucket/datasets/",
            4,
            path -> {
              asked.add(path);
              return path.equals("s3://bucket/datasets/code/humaneval.jsonl");
            });
    assertEquals("s3://bucket/datasets/code/humaneval.jsonl", sources.get(0).path());
    assertEquals(2, sources.get(0).samples());
    assertEquals("s3://bucket/datasets/humaneval.jsonl", asked.get(0));
    IllegalArgumentException missing =
        assertThrows(
            IllegalArgumentException.class,
            () -> ProblemSelection.resolve(null, "aime99", "s3://bucket/datasets", 1, p -> false));
    assertTrue(missing.getMessage(), missing.getMessage().contains("s3://bucket/datasets/aime99"));
  }

  @Test
  public void problemFilesTakeTheirBaseNameAsDataset() {
    List<ProblemSource> sources =
        ProblemSelection.resolve("/data/my_set.jsonl,/x/other.parquet", null, null, 8);
    assertEquals("my_set", sources.get(0).datasetId());
    assertEquals(ProblemFormat.PARQUET, sources.get(1).format());
    assertEquals(8, sources.get(1).samples());
  }

  @Test
  public void builtinSetResolvesWithoutDataDir() {
    ProblemSource source = ProblemSelection.resolve(null, "sample:3", null, 1).get(0);
    assertTrue(source.builtin());
    assertEquals(3, source.samples());
  }

  @Test
  public void unknownBenchmarkListsAvailableNames() {
    String dir = SharedData.datasets().toString();
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> ProblemSelection.resolve(null, "aime99", dir, 1));
    assertTrue(e.getMessage(), e.getMessage().contains("aime24"));
    assertTrue(e.getMessage(), e.getMessage().contains("aime99"));
  }

  @Test
  public void badKIsAClearError() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> ProblemSelection.resolve(null, "sample:lots", null, 1));
    assertTrue(e.getMessage().contains("name:K"));
  }

  @Test
  public void unknownExtensionIsAClearError() {
    assertThrows(
        IllegalArgumentException.class, () -> ProblemSelection.resolve("a.txt", null, null, 1));
  }

  /** A registry that knows one name and records what it was asked. */
  private static final class OneBenchmark implements BenchmarkLocator {
    final List<String> located = new java.util.ArrayList<>();
    final List<String> checked = new java.util.ArrayList<>();

    @Override
    public java.util.Optional<String> locate(String name) {
      located.add(name);
      return name.equals("aime24")
          ? java.util.Optional.of("/cache/aime24.jsonl")
          : java.util.Optional.empty();
    }

    @Override
    public void check(String name, String file) {
      checked.add(file);
    }
  }

  @Test
  public void dataDirectoryFileWinsOverThePublishedBenchmarkAndIsChecked() {
    OneBenchmark registry = new OneBenchmark();
    String dir = SharedData.datasets().toString();
    ProblemSource source =
        ProblemSelection.resolve(
                null, "aime24", dir, 4, p -> p.equals(dir + "/aime24.jsonl"), registry)
            .get(0);
    assertEquals(dir + "/aime24.jsonl", source.path());
    assertEquals(List.of(), registry.located);
    assertEquals(List.of(dir + "/aime24.jsonl"), registry.checked);
  }

  @Test
  public void nameNoDataDirectoryHoldsIsFetchedThroughTheRegistry() {
    OneBenchmark registry = new OneBenchmark();
    ProblemSource withoutDir =
        ProblemSelection.resolve(null, "aime24:8", null, 4, p -> false, registry).get(0);
    assertEquals("/cache/aime24.jsonl", withoutDir.path());
    assertEquals(8, withoutDir.samples());
    ProblemSource notInDir =
        ProblemSelection.resolve(null, "aime24", "/data", 4, p -> false, registry).get(0);
    assertEquals("/cache/aime24.jsonl", notInDir.path());
    assertEquals(ProblemFormat.JSONL, notInDir.format());
  }

  @Test
  public void builtinSetIsNeverAskedOfTheRegistry() {
    OneBenchmark registry = new OneBenchmark();
    assertTrue(
        ProblemSelection.resolve(null, "sample", null, 1, p -> false, registry).get(0).builtin());
    assertEquals(List.of(), registry.located);
  }

  @Test
  public void unknownNameWithoutDataDirectoryPointsAtTheList() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                ProblemSelection.resolve(null, "aime99", null, 1, p -> false, new OneBenchmark()));
    assertTrue(e.getMessage(), e.getMessage().contains("mathbeam datasets list"));
  }
}
