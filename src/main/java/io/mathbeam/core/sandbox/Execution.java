package io.mathbeam.core.sandbox;

import io.mathbeam.core.model.ExecutionStatus;
import java.io.Serializable;

/**
 * What happened when one program ran.
 *
 * @param status how it ended
 * @param exitCode the process's exit code (128 + signal when a signal ended it); -1 when the
 *     sandbox killed it or it never started
 * @param stdout what it wrote to stdout, decoded as UTF-8, ending in {@link #TRUNCATED} when cut
 * @param stderr the same for stderr
 * @param wallMillis wall-clock time from start to exit
 * @param detail why the sandbox stopped or failed it, for people; empty when it simply ran
 */
public record Execution(
    ExecutionStatus status,
    int exitCode,
    String stdout,
    String stderr,
    long wallMillis,
    String detail)
    implements Serializable {

  /** The marker that ends an output stream cut at its limit. */
  public static final String TRUNCATED = "\n[mathbeam: output truncated]";

  public boolean ok() {
    return status == ExecutionStatus.OK;
  }

  /** An execution the sandbox could not run at all. */
  public static Execution sandboxError(String detail, long wallMillis) {
    return new Execution(ExecutionStatus.SANDBOX_ERROR, -1, "", "", wallMillis, detail);
  }
}
