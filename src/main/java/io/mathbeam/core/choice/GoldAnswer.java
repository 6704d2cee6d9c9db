package io.mathbeam.core.choice;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads which option a dataset row's gold answer names; see {@link MultipleChoice#goldIndexOf}. */
final class GoldAnswer {
  private static final Pattern LETTER = Pattern.compile("\\(([A-Z])\\)|([A-Z])[.)]?");

  private GoldAnswer() {}

  static int indexOf(Object answer, List<String> options) {
    if (answer instanceof JsonNode node) {
      return indexOf(fromJson(node), options);
    }
    if (answer instanceof Collection<?> list) {
      if (list.size() != 1) {
        throw new ChoiceFormatException(
            "answer is a list of "
                + list.size()
                + " values; it must name one option by index, letter or text");
      }
      return indexOf(list.iterator().next(), options);
    }
    if (answer == null) {
      throw new ChoiceFormatException("answer is missing");
    }
    if (answer instanceof Number number) {
      return fromNumber(number, options.size());
    }
    if (answer instanceof String text) {
      return fromText(text, options);
    }
    throw new ChoiceFormatException(
        "answer "
            + answer
            + " is a "
            + answer.getClass().getSimpleName()
            + "; it must be a 0-based index, a letter or an option's text");
  }

  private static Object fromJson(JsonNode node) {
    if (node.isMissingNode() || node.isNull()) {
      return null;
    }
    if (node.isNumber()) {
      return node.decimalValue();
    }
    if (node.isTextual()) {
      return node.textValue();
    }
    if (node.isArray()) {
      List<Object> items = new ArrayList<>();
      node.forEach(items::add);
      return items;
    }
    throw new ChoiceFormatException(
        "answer "
            + node
            + " is a JSON "
            + node.getNodeType().name().toLowerCase(Locale.ROOT)
            + "; it must be a 0-based index, a letter or an option's text");
  }

  private static int fromNumber(Number number, int count) {
    BigInteger index;
    try {
      index = new BigDecimal(number.toString()).toBigIntegerExact();
    } catch (ArithmeticException | NumberFormatException e) {
      throw new ChoiceFormatException(
          "answer " + number + " is not a whole number, so not an option index");
    }
    if (index.signum() < 0 || index.compareTo(BigInteger.valueOf(count)) >= 0) {
      throw new ChoiceFormatException(
          "answer index " + index + " names no option: " + MultipleChoice.describeIndexes(count));
    }
    return index.intValue();
  }

  private static int fromText(String answer, List<String> options) {
    String text = answer.strip();
    if (text.isEmpty()) {
      throw new ChoiceFormatException("answer is blank");
    }
    int exact = unique(text, options, false);
    Matcher letter = LETTER.matcher(text);
    if (letter.matches()) {
      int index = (letter.group(1) != null ? letter.group(1) : letter.group(2)).charAt(0) - 'A';
      if (index >= options.size()) {
        if (exact >= 0) {
          return exact;
        }
        throw new ChoiceFormatException(
            "answer '"
                + text
                + "' names no option: "
                + MultipleChoice.describeLetters(options.size()));
      }
      if (exact >= 0 && exact != index) {
        throw new ChoiceFormatException(
            "answer '"
                + text
                + "' is ambiguous: it is the letter of option "
                + MultipleChoice.letter(index)
                + " and the text of option "
                + MultipleChoice.letter(exact));
      }
      return index;
    }
    if (exact >= 0) {
      return exact;
    }
    int folded = unique(text, options, true);
    if (folded >= 0) {
      return folded;
    }
    throw new ChoiceFormatException(
        "answer '"
            + abbreviate(text)
            + "' names no option: it is not a letter A-"
            + MultipleChoice.letter(options.size() - 1)
            + " and no option's text is equal to it"
            + (text.chars().allMatch(Character::isDigit)
                ? " (an index must be a number, not a string)"
                : ""));
  }

  /** The index of the one option whose stripped text equals {@code text}; -1 for none. */
  private static int unique(String text, List<String> options, boolean ignoreCase) {
    int found = -1;
    for (int i = 0; i < options.size(); i++) {
      String option = options.get(i).strip();
      if (ignoreCase ? option.equalsIgnoreCase(text) : option.equals(text)) {
        if (found >= 0) {
          throw new ChoiceFormatException(
              "answer '"
                  + abbreviate(text)
                  + "' is ambiguous: options "
                  + MultipleChoice.letter(found)
                  + " and "
                  + MultipleChoice.letter(i)
                  + " both have that text");
        }
        found = i;
      }
    }
    return found;
  }

  private static String abbreviate(String text) {
    return text.length() <= 60 ? text : text.substring(0, 57) + "...";
  }
}
