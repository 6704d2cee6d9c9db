package io.mathbeam.core.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * One entry of {@code GET /v1/models}.
 *
 * @param maxModelLen the context window, or 0 when the server did not say
 */
record ModelCard(String id, int maxModelLen) {

  private static final ObjectMapper JSON = new ObjectMapper();

  static List<ModelCard> parseList(String body) throws MalformedResponseException {
    JsonNode data;
    try {
      JsonNode root = JSON.readTree(body == null ? "" : body);
      data = root == null ? null : root.get("data");
    } catch (IOException e) {
      throw new MalformedResponseException("GET /v1/models body is not JSON", e);
    }
    if (data == null || !data.isArray()) {
      throw new MalformedResponseException("GET /v1/models has no data list");
    }
    List<ModelCard> cards = new ArrayList<>();
    for (JsonNode card : data) {
      if (card.hasNonNull("id")) {
        JsonNode len = card.get("max_model_len");
        cards.add(
            new ModelCard(
                card.get("id").asText(), len != null && len.canConvertToInt() ? len.asInt() : 0));
      }
    }
    return List.copyOf(cards);
  }

  /** The context window of {@code model} (or of the first card when it is not listed). */
  static OptionalInt maxModelLen(List<ModelCard> cards, String model) {
    ModelCard chosen = null;
    for (ModelCard card : cards) {
      if (card.id().equals(model)) {
        chosen = card;
        break;
      }
    }
    if (chosen == null && !cards.isEmpty()) {
      chosen = cards.get(0);
    }
    return chosen == null || chosen.maxModelLen() < 1
        ? OptionalInt.empty()
        : OptionalInt.of(chosen.maxModelLen());
  }
}
