package io.mathbeam.core.choice;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.Test;

public class MultipleChoiceTest {
  private static final List<String> FOUR = List.of("red", "green", "blue", "yellow");

  @Test
  public void lettersStartAtAForIndexZero() {
    assertEquals('A', MultipleChoice.letter(0));
    assertEquals('D', MultipleChoice.letter(3));
    assertEquals('Z', MultipleChoice.letter(25));
    assertThrows(IllegalArgumentException.class, () -> MultipleChoice.letter(26));
    assertThrows(IllegalArgumentException.class, () -> MultipleChoice.letter(-1));
  }

  @Test
  public void goldLetterAndOptionFollowTheGoldIndex() {
    MultipleChoice choice = new MultipleChoice(FOUR, 2);
    assertEquals("C", choice.goldLetter());
    assertEquals("blue", choice.goldOption());
  }

  @Test
  public void copiesTheOptionsItIsGiven() {
    List<String> options = new ArrayList<>(FOUR);
    MultipleChoice choice = new MultipleChoice(options, 0);
    options.set(0, "changed");
    assertEquals("red", choice.options().get(0));
    assertThrows(UnsupportedOperationException.class, () -> choice.options().add("x"));
  }

  @Test
  public void rejectsTooFewTooManyOrBlankOptionsAndAGoldOutOfRange() {
    assertMessage(
        "there are 1 options; a multiple-choice problem needs 2 to 26",
        () -> new MultipleChoice(List.of("only"), 0));
    List<String> many = new ArrayList<>();
    for (int i = 0; i < 27; i++) {
      many.add("option " + i);
    }
    assertMessage(
        "there are 27 options; a multiple-choice problem needs 2 to 26",
        () -> new MultipleChoice(many, 0));
    assertMessage("option B is blank", () -> new MultipleChoice(List.of("a", " ", "c"), 0));
    assertMessage(
        "option C is missing", () -> new MultipleChoice(Arrays.asList("a", "b", null), 0));
    assertMessage(
        "gold index 4 is out of range: there are 4 options (0-3)",
        () -> new MultipleChoice(FOUR, 4));
    assertMessage(
        "gold index -1 is out of range: there are 4 options (0-3)",
        () -> new MultipleChoice(FOUR, -1));
    assertMessage("the options are missing", () -> new MultipleChoice(null, 0));
  }

  @Test
  public void rendersTheProblemABlankLineAndOneLetteredLinePerOption() {
    MultipleChoice choice = new MultipleChoice(List.of("3", "4 apples", "$\\frac{1}{2}$"), 1);
    assertEquals("How many?\n\nA) 3\nB) 4 apples\nC) $\\frac{1}{2}$", choice.render("How many?"));
  }

  @Test
  public void renderedOptionLinesParseBackToTheOptions() {
    MultipleChoice choice =
        new MultipleChoice(List.of("first", "second\nline", "third  \r\n  part", "4"), 0);
    String rendered = choice.render("Q?\nwith two lines");
    String[] lines = rendered.substring("Q?\nwith two lines\n\n".length()).split("\n");
    Pattern optionLine = Pattern.compile("^[A-Z]\\) (.*)$");
    List<String> parsed = new ArrayList<>();
    for (String line : lines) {
      Matcher m = optionLine.matcher(line);
      assertTrue(line, m.matches());
      parsed.add(m.group(1));
    }
    assertEquals(List.of("first", "second line", "third part", "4"), parsed);
  }

  @Test
  public void shuffleIsAPermutationWithTheGoldFollowingItsOption() {
    MultipleChoice choice = new MultipleChoice(List.of("a", "b", "c", "d", "e", "f", "g"), 5);
    for (long seed = 0; seed < 200; seed++) {
      MultipleChoice shuffled = choice.shuffled(seed);
      assertEquals(new HashSet<>(choice.options()), new HashSet<>(shuffled.options()));
      assertEquals(choice.options().size(), shuffled.options().size());
      assertEquals("f", shuffled.goldOption());
    }
  }

  @Test
  public void shuffleIsDeterministicForASeedAndVariesAcrossSeeds() {
    MultipleChoice choice = new MultipleChoice(FOUR, 0);
    assertEquals(choice.shuffled(99L), choice.shuffled(99L));
    HashSet<List<String>> orders = new HashSet<>();
    for (long seed = 0; seed < 500; seed++) {
      orders.add(choice.shuffled(seed).options());
    }
    assertEquals("all 24 orders of 4 options occur", 24, orders.size());
  }

  @Test
  public void shuffleOrderForAFixedSeedNeverChanges() {
    // pinned: readers and stored runs rely on seed -> order staying the same across releases
    MultipleChoice choice = new MultipleChoice(List.of("w", "x", "y", "z", "v"), 1);
    assertEquals(new MultipleChoice(List.of("z", "y", "w", "v", "x"), 4), choice.shuffled(42L));
    assertEquals(new MultipleChoice(List.of("x", "z", "w", "v", "y"), 0), choice.shuffled(0L));
  }

  @Test
  public void shuffleSpreadsTheGoldEvenlyOverPositions() {
    MultipleChoice choice = new MultipleChoice(FOUR, 0);
    int[] counts = new int[4];
    for (long seed = 0; seed < 1000; seed++) {
      counts[choice.shuffled(seed).goldIndex()]++;
    }
    for (int count : counts) {
      // expected 250, sd about 13.7
      assertTrue(Arrays.toString(counts), Math.abs(count - 250) <= 50);
    }
  }

  @Test
  public void nearbySeedsGiveUnrelatedOrders() {
    MultipleChoice choice = new MultipleChoice(FOUR, 0);
    int same = 0;
    for (long seed = 0; seed < 1000; seed++) {
      if (choice.shuffled(seed).equals(choice.shuffled(seed + 1))) {
        same++;
      }
    }
    // 1 in 24 by chance
    assertTrue("consecutive seeds gave the same order " + same + " times", same < 80);
    assertNotEquals(0, same);
  }

  @Test
  public void survivesJavaSerialization() throws Exception {
    MultipleChoice choice = new MultipleChoice(FOUR, 3).shuffled(5L);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(choice);
    }
    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      assertEquals(choice, in.readObject());
    }
  }

  static void assertMessage(String message, org.junit.function.ThrowingRunnable code) {
    ChoiceFormatException e = assertThrows(ChoiceFormatException.class, code);
    assertEquals(message, e.getMessage());
  }
}
