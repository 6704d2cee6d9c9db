package io.mathbeam.core.model;

import java.io.Serializable;
import java.util.List;

/**
 * The programs a sample ran during generation (tool-integrated reasoning).
 *
 * @param statuses each execution's status ({@code ok}, {@code error}, {@code timeout}, ...), in
 *     order
 * @param millis wall time spent running them
 */
public record CodeExecutions(List<String> statuses, long millis) implements Serializable {
  public CodeExecutions {
    statuses = List.copyOf(statuses);
  }

  public int count() {
    return statuses.size();
  }
}
