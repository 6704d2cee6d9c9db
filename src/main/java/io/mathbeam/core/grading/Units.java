package io.mathbeam.core.grading;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The unit an answer states after its number, in one spelling per unit: {@code 5\text{ cm}}, {@code
 * 5 centimeters} and {@code 5cm} are all {@code cm}. Units are dropped before comparing, but two
 * answers that both state a unit and state different ones ({@code 5 cm} and {@code 5 m}, {@code
 * 60^\circ} and {@code 60 rad}) are different quantities.
 */
final class Units {
  private static final Map<String, String> CANONICAL = new HashMap<>();

  static {
    name("cm", "cm", "centimeter", "centimeters", "centimetre", "centimetres");
    name("mm", "mm", "millimeter", "millimeters", "millimetre", "millimetres");
    name("km", "km", "kilometer", "kilometers", "kilometre", "kilometres");
    name("m", "m", "meter", "meters", "metre", "metres");
    name("in", "in", "inch", "inches");
    name("ft", "ft", "foot", "feet");
    name("yd", "yd", "yard", "yards");
    name("mi", "mi", "mile", "miles");
    name("g", "g", "gram", "grams");
    name("kg", "kg", "kilogram", "kilograms");
    name("lb", "lb", "lbs", "pound", "pounds");
    name("s", "s", "sec", "second", "seconds");
    name("min", "min", "minute", "minutes");
    name("h", "h", "hr", "hrs", "hour", "hours");
    name("day", "day", "days");
    name("week", "week", "weeks");
    name("year", "year", "years", "yr", "yrs");
    name("l", "l", "liter", "liters", "litre", "litres");
    name("ml", "ml", "milliliter", "milliliters");
    name("deg", "deg", "degree", "degrees");
    name("rad", "rad", "radian", "radians");
    name("cent", "cent", "cents");
    name("dollar", "dollar", "dollars");
  }

  private static final Pattern WRAPPED =
      Pattern.compile(
          "[\\d})]\\s*\\\\(?:text|textnormal|mathrm|mbox|rm)\\s*\\{\\s*~?\\s*([A-Za-z]+)\\s*\\}"
              + "(?:\\s*\\^\\s*\\{?-?\\d\\}?)?\\s*\\.?\\s*\\$?\\s*$");
  private static final Pattern PLAIN =
      Pattern.compile("\\d\\s*([A-Za-z]+)(?:\\s*\\^\\s*\\{?-?\\d\\}?)?\\s*\\.?\\s*\\$?\\s*$");
  private static final Pattern DEGREE_MARK =
      Pattern.compile("\\^\\s*\\{?\\s*\\\\circ\\s*\\}?\\s*\\$?\\s*$|\\u00b0\\s*$");

  private Units() {}

  private static void name(String unit, String... spellings) {
    for (String spelling : List.of(spellings)) {
      CANONICAL.put(spelling, unit);
    }
  }

  /** The unit {@code answer} ends with, in its one spelling, or null when it states none. */
  static String of(String answer) {
    if (answer == null) {
      return null;
    }
    String s = answer.strip();
    if (DEGREE_MARK.matcher(s).find()) {
      return "deg";
    }
    Matcher wrapped = WRAPPED.matcher(s);
    if (wrapped.find()) {
      return CANONICAL.get(wrapped.group(1).toLowerCase(Locale.ROOT));
    }
    Matcher plain = PLAIN.matcher(s);
    if (plain.find()) {
      String word = plain.group(1);
      // A single capital or a lone letter glued to the number is a variable, not a unit (6m).
      if (word.length() == 1 && plain.group(0).charAt(1) != ' ') {
        return null;
      }
      return CANONICAL.get(word.toLowerCase(Locale.ROOT));
    }
    return null;
  }
}
