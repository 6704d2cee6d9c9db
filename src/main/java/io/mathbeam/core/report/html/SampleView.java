package io.mathbeam.core.report.html;

/**
 * One graded sample as the problem browser shows it. {@code status} is the grade status name,
 * {@code extractedAnswer} may be null (no answer), {@code response} may be long or null.
 */
public record SampleView(
    int index,
    String status,
    String extractedAnswer,
    boolean correct,
    String finishReason,
    int completionTokens,
    String response) {}
