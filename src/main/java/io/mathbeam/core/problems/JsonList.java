package io.mathbeam.core.problems;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;

/** Parses a JSON array of scalars into strings, for list-valued cells in flat formats. */
final class JsonList {
  private static final ObjectMapper JSON = new ObjectMapper();

  private JsonList() {}

  /** The elements as text, or null when the value is not a JSON array of scalars. */
  static List<String> parseStrings(String text) {
    try {
      JsonNode node = JSON.readTree(text);
      if (node == null || !node.isArray()) {
        return null;
      }
      List<String> out = new ArrayList<>();
      for (JsonNode item : node) {
        if (!item.isValueNode()) {
          return null;
        }
        out.add(item.asText());
      }
      return out;
    } catch (java.io.IOException e) {
      return null;
    }
  }
}
