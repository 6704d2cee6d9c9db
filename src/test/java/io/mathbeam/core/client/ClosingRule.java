package io.mathbeam.core.client;

import java.util.ArrayList;
import java.util.List;
import org.junit.rules.ExternalResource;

/** Closes what a test registered, newest first, after the test. */
final class ClosingRule extends ExternalResource {
  private final List<AutoCloseable> resources = new ArrayList<>();

  <T extends AutoCloseable> T track(T resource) {
    resources.add(resource);
    return resource;
  }

  @Override
  protected void after() {
    for (int i = resources.size() - 1; i >= 0; i--) {
      try {
        resources.get(i).close();
      } catch (Exception e) {
        throw new IllegalStateException("could not close " + resources.get(i), e);
      }
    }
    resources.clear();
  }
}
