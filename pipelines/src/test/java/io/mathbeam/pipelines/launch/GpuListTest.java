package io.mathbeam.pipelines.launch;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.Test;

public class GpuListTest {
  @Test
  public void explicitListGivesOneReplicaPerGpu() {
    assertEquals(
        List.of("0", "1", "3"), GpuList.replicas("0, 1,3", 1, Map.of(), () -> List.of("9")));
  }

  @Test
  public void autoPrefersTheSchedulersCudaVisibleDevices() {
    assertEquals(
        List.of("2", "5"),
        GpuList.replicas(
            "auto", 1, Map.of("CUDA_VISIBLE_DEVICES", "2,5"), () -> List.of("0", "1", "2")));
  }

  @Test
  public void autoFallsBackToNvidiaSmi() {
    assertEquals(List.of("0", "1"), GpuList.replicas("auto", 1, Map.of(), () -> List.of("0", "1")));
  }

  @Test
  public void gpusPerReplicaGroupsDevices() {
    assertEquals(List.of("0,1", "2,3"), GpuList.replicas("0,1,2,3", 2, Map.of(), () -> List.of()));
  }

  @Test
  public void noGpuFoundSaysHowToNameThem() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> GpuList.replicas("auto", 1, Map.of(), () -> List.of()));
    assertContains(e.getMessage(), "--gpus=0,1");
  }

  @Test
  public void devicesThatDoNotFillWholeReplicasAreRefused() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> GpuList.replicas("0,1,2", 2, Map.of(), () -> List.of()));
    assertContains(e.getMessage(), "not a multiple of --gpusPerReplica=2");
  }

  private static void assertContains(String text, String part) {
    if (!text.contains(part)) {
      throw new AssertionError("expected <" + part + "> in:\n" + text);
    }
  }
}
