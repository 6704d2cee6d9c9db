package io.mathbeam.core.problems;

import io.mathbeam.core.model.Problem;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Turns one decoded row (field name to value) into a {@link Problem}, or a {@link RejectedRow}
 * naming the field at fault. Values may be strings, numbers, booleans or lists (an answer given as
 * a list is a set of accepted answers). Readers for each format decode rows and call this.
 */
public final class RowParser implements Serializable {
  private final FieldMapping mapping;
  private final String datasetId;
  private final int samples;

  public RowParser(FieldMapping mapping, String datasetId, int samples) {
    this.mapping = mapping;
    this.datasetId = datasetId;
    this.samples = samples;
  }

  public String datasetId() {
    return datasetId;
  }

  public void parse(Map<String, ?> row, String file, long line, String raw, ProblemSink sink) {
    String id;
    if (mapping.idKey().isEmpty()) {
      id = "row-" + line;
    } else {
      Object value = row.get(mapping.idKey());
      id = scalar(value);
      if (id == null || id.isBlank()) {
        sink.reject(reject(file, line, mapping.idKey(), missingOrEmpty(value), raw));
        return;
      }
      id = id.trim();
    }
    Object problemValue = row.get(mapping.questionKey());
    String problem = scalar(problemValue);
    if (problem == null || problem.isBlank()) {
      sink.reject(reject(file, line, mapping.questionKey(), missingOrEmpty(problemValue), raw));
      return;
    }
    Object answerValue = row.get(mapping.answerKey());
    List<String> answers = answers(answerValue);
    if (answers.isEmpty()) {
      sink.reject(reject(file, line, mapping.answerKey(), missingOrEmpty(answerValue), raw));
      return;
    }
    sink.accept(new Problem(datasetId, id, problem.strip(), answers, samples, file + ":" + line));
  }

  private RejectedRow reject(String file, long line, String field, String reason, String raw) {
    return new RejectedRow(datasetId, file, line, field, reason, raw);
  }

  private static String missingOrEmpty(Object value) {
    return value == null ? "missing" : "empty or not a text value";
  }

  private static List<String> answers(Object value) {
    List<String> out = new ArrayList<>();
    if (value instanceof Collection<?> list) {
      for (Object item : list) {
        String s = scalar(item);
        if (s != null && !s.isBlank()) {
          out.add(s.strip());
        }
      }
    } else {
      String s = scalar(value);
      if (s != null && !s.isBlank()) {
        out.add(s.strip());
      }
    }
    return out;
  }

  /** Text of a scalar value; null for absent values and for lists/objects. */
  static String scalar(Object value) {
    if (value instanceof String s) {
      return s;
    }
    if (value instanceof java.math.BigDecimal d) {
      return d.toPlainString();
    }
    if (value instanceof Number || value instanceof Boolean) {
      return value.toString();
    }
    return null;
  }
}
