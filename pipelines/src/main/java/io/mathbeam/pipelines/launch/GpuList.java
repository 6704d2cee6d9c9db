package io.mathbeam.pipelines.launch;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The GPUs to start servers on, grouped into one {@code CUDA_VISIBLE_DEVICES} value per replica.
 * {@code auto} takes the devices of {@code $CUDA_VISIBLE_DEVICES} when it is set (a scheduler such
 * as slurm sets it to the job's GPUs), else every GPU {@code nvidia-smi} lists.
 */
public final class GpuList {
  public static final String AUTO = "auto";

  private GpuList() {}

  /**
   * @param spec {@code auto} or device ids (or UUIDs), comma-separated
   * @param perReplica GPUs of one replica (vLLM's --tensor-parallel-size times
   *     --pipeline-parallel-size); the devices must divide into such groups
   * @param env the environment ({@code CUDA_VISIBLE_DEVICES})
   * @param nvidiaSmi the indices {@code nvidia-smi} lists, empty when it is missing or fails
   * @return one comma-separated device list per replica
   * @throws IllegalArgumentException when no GPU is found or they do not divide into groups
   */
  public static List<String> replicas(
      String spec, int perReplica, Map<String, String> env, Supplier<List<String>> nvidiaSmi) {
    if (perReplica < 1) {
      throw new IllegalArgumentException("--gpusPerReplica must be at least 1, got " + perReplica);
    }
    List<String> devices;
    String source;
    if (spec == null || spec.isBlank() || spec.trim().equals(AUTO)) {
      String visible = env.get("CUDA_VISIBLE_DEVICES");
      if (visible != null && !visible.isBlank()) {
        devices = split(visible);
        source = "$CUDA_VISIBLE_DEVICES";
      } else {
        devices = nvidiaSmi.get();
        source = "nvidia-smi";
      }
      if (devices.isEmpty()) {
        throw new IllegalArgumentException(
            "--gpus=auto found no GPU ($CUDA_VISIBLE_DEVICES is not set and nvidia-smi lists"
                + " none); name them with --gpus=0,1,...");
      }
    } else {
      devices = split(spec);
      source = "--gpus";
    }
    if (devices.size() % perReplica != 0) {
      throw new IllegalArgumentException(
          source
              + " gives "
              + devices.size()
              + " GPU(s) ("
              + String.join(",", devices)
              + "), not a multiple of --gpusPerReplica="
              + perReplica);
    }
    List<String> groups = new ArrayList<>();
    for (int i = 0; i < devices.size(); i += perReplica) {
      groups.add(String.join(",", devices.subList(i, i + perReplica)));
    }
    return groups;
  }

  /** {@code nvidia-smi --query-gpu=index}: the GPU indices, empty when it is missing or fails. */
  public static List<String> fromNvidiaSmi() {
    try {
      Process p =
          new ProcessBuilder("nvidia-smi", "--query-gpu=index", "--format=csv,noheader")
              .redirectErrorStream(true)
              .start();
      String text = new String(p.getInputStream().readAllBytes());
      if (p.waitFor() != 0) {
        return List.of();
      }
      List<String> indices = new ArrayList<>();
      for (String line : text.split("\n")) {
        if (line.trim().matches("\\d+")) {
          indices.add(line.trim());
        }
      }
      return indices;
    } catch (java.io.IOException e) {
      return List.of();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return List.of();
    }
  }

  private static List<String> split(String csv) {
    return Arrays.stream(csv.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
  }
}
