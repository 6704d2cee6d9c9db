package io.mathbeam.core.datasets;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.Test;

/** Hub dataset names, and how a dataset's files are sorted into splits. */
public class HubDatasetIdTest {
  @Test
  public void readsTheRepositoryConfigSplitAndRevision() {
    HubDatasetId plain = HubDatasetId.parse("hf:Maxwell-Jia/AIME_2024");
    assertEquals("Maxwell-Jia/AIME_2024", plain.repo());
    assertNull(plain.config());
    assertNull(plain.split());
    assertEquals("main", plain.revisionOrMain());
    assertEquals("Maxwell-Jia/AIME_2024", plain.datasetId());

    HubDatasetId full = HubDatasetId.parse("hf:opencompass/AIME2025/AIME2025-I#test@v1.0");
    assertEquals("opencompass/AIME2025", full.repo());
    assertEquals("AIME2025-I", full.config());
    assertEquals("test", full.split());
    assertEquals("v1.0", full.revision());
    assertEquals("opencompass/AIME2025/AIME2025-I#test", full.datasetId());
    assertEquals("hf:opencompass/AIME2025/AIME2025-I#test@v1.0", full.toString());

    // each config, split and revision is pinned on its own: its own file in the cache
    assertNotEquals(
        HubDatasetId.parse("hf:a/b#test").cacheName(), HubDatasetId.parse("hf:a/b").cacheName());
    assertTrue(plain.cacheName().matches("hf--Maxwell-Jia-AIME_2024--[0-9a-f]{10}"));
  }

  @Test
  public void aMalformedNameShowsTheSyntax() {
    for (String bad : List.of("hf:", "hf:noslash", "hf:a/b/c/d", "hf:a/b#", "hf:a b/c")) {
      IllegalArgumentException e =
          assertThrows(bad, IllegalArgumentException.class, () -> HubDatasetId.parse(bad));
      assertTrue(
          e.getMessage(), e.getMessage().contains("hf:OWNER/NAME[/CONFIG][#SPLIT][@REVISION]"));
    }
    assertFalse(HubDatasetId.isHub("aime24"));
  }

  @Test
  public void splitsAreNamedByAWordInThePathOrAllTrain() {
    assertEquals(
        Map.of(
            "test", List.of("data/test-00000-of-00001.parquet"),
            "train", List.of("data/train-00000-of-00001.parquet"),
            "validation", List.of("dev.jsonl")),
        HubFiles.splitsOf(
            List.of(
                "data/train-00000-of-00001.parquet",
                "data/test-00000-of-00001.parquet",
                "dev.jsonl")));
    assertEquals(
        Map.of("train", List.of("aime_2024_problems.parquet")),
        HubFiles.splitsOf(List.of("aime_2024_problems.parquet")));
    // a word inside another is no split: "latest", "contest"
    assertEquals(
        Map.of("train", List.of("contest_latest.jsonl")),
        HubFiles.splitsOf(List.of("contest_latest.jsonl")));
    assertTrue(HubFiles.isData("sub/x.jsonl.gz"));
    assertFalse(HubFiles.isData("dataset_infos.json"));
    assertFalse(HubFiles.isData("README.md"));
    assertTrue(HubFiles.glob("data/*.parquet").matcher("data/a.parquet").matches());
    assertFalse(HubFiles.glob("data/*.parquet").matcher("data/x/a.parquet").matches());
    assertTrue(HubFiles.glob("**/test-*").matcher("a/b/test-0.jsonl").matches());
  }
}
