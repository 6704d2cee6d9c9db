package io.mathbeam.transforms;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mathbeam.core.problems.RejectedRow;
import java.io.UncheckedIOException;

/** One JSON line per rejected input row, for {@code rejected/}. */
final class RejectedJson {
  private static final ObjectMapper JSON = new ObjectMapper();

  private RejectedJson() {}

  static String line(RejectedRow r) {
    ObjectNode o = JSON.createObjectNode();
    o.put("data_source", r.datasetId());
    o.put("file", r.file());
    o.put("line", r.line());
    o.put("field", r.field());
    o.put("reason", r.reason());
    o.put("excerpt", r.excerpt());
    try {
      return JSON.writeValueAsString(o);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
