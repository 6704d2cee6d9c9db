package io.mathbeam.transforms;

import io.mathbeam.core.sandbox.Sandbox;
import io.mathbeam.core.sandbox.SandboxConfig;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One code sandbox per configuration and JVM, shared by every grading DoFn instance on a worker, so
 * that its parallelism bounds the whole worker, not each thread. Opened on first use (the probe
 * then runs on the worker, where the code runs) and kept for the JVM's life, like the shared HTTP
 * clients.
 */
public final class SharedSandboxes {
  private static final ConcurrentHashMap<SandboxConfig, Sandbox> OPEN = new ConcurrentHashMap<>();

  private SharedSandboxes() {}

  /** The JVM's sandbox of this configuration, opened (and probed) on first use. */
  public static Sandbox get(SandboxConfig config) {
    return OPEN.computeIfAbsent(config, Sandbox::open);
  }
}
