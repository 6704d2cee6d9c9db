package io.mathbeam.core.model;

import java.io.Serializable;
import java.util.Objects;

/** One test case of a code problem. */
public record CodeTest(String input, String output, CodeTestType type) implements Serializable {
  public CodeTest {
    Objects.requireNonNull(input, "input");
    Objects.requireNonNull(output, "output");
    Objects.requireNonNull(type, "type");
  }
}
