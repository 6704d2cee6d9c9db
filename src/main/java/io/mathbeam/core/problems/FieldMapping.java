package io.mathbeam.core.problems;

import java.io.Serializable;

/**
 * Which fields of an input row hold the id, the problem statement and the gold answer(s).
 *
 * @param idKey empty means "number the rows": the id becomes {@code row-<line>}
 */
public record FieldMapping(String idKey, String questionKey, String answerKey)
    implements Serializable {

  public static final FieldMapping DEFAULT = new FieldMapping("id", "problem", "answer");

  public FieldMapping {
    idKey = idKey == null ? "" : idKey.trim();
    if (questionKey == null || questionKey.isBlank()) {
      throw new IllegalArgumentException("questionKey must not be empty");
    }
    if (answerKey == null || answerKey.isBlank()) {
      throw new IllegalArgumentException("answerKey must not be empty");
    }
  }
}
