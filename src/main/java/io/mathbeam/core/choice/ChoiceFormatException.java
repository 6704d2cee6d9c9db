package io.mathbeam.core.choice;

/** A multiple-choice row, option list or gold answer that cannot be used; the message says why. */
public class ChoiceFormatException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public ChoiceFormatException(String message) {
    super(message);
  }
}
