package io.mathbeam.transforms;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.mathbeam.core.model.SampleRequest;
import java.util.List;
import org.junit.Test;

public class SampleShardsTest {

  private static SampleRequest sample(String problem, int index) {
    return new SampleRequest("d", problem, "text", List.of("1"), index, 64, 1000L + index);
  }

  @Test
  public void aProblemsSamplesAreDealtRoundEveryShard() {
    SampleShards shards = new SampleShards(8, 1);
    int[] counts = new int[8];
    for (int i = 0; i < 64; i++) {
      counts[shards.apply(sample("p1", i))]++;
    }
    for (int count : counts) {
      assertEquals(8, count);
    }
  }

  @Test
  public void samplesSentTogetherWithNStayInOneShard() {
    SampleShards shards = new SampleShards(8, 4);
    for (int first = 0; first < 64; first += 4) {
      int shard = shards.apply(sample("p2", first));
      for (int i = first; i < first + 4; i++) {
        assertEquals(shard, (int) shards.apply(sample("p2", i)));
      }
    }
  }

  @Test
  public void problemsStartAtDifferentShards() {
    SampleShards shards = new SampleShards(16, 1);
    java.util.Set<Integer> starts = new java.util.HashSet<>();
    for (int p = 0; p < 64; p++) {
      int shard = shards.apply(sample("problem-" + p, 0));
      assertTrue(shard >= 0 && shard < 16);
      starts.add(shard);
    }
    assertTrue("first samples in only " + starts.size() + " shards", starts.size() >= 10);
  }

  @Test
  public void byProblemKeepsAProblemsSamplesTogether() {
    SampleShards groups = SampleShards.byProblem(3);
    for (int p = 0; p < 20; p++) {
      int group = groups.apply(sample("q" + p, 0));
      for (int i = 1; i < 64; i++) {
        assertEquals(group, (int) groups.apply(sample("q" + p, i)));
      }
    }
  }
}
