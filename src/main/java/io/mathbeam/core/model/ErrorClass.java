package io.mathbeam.core.model;

/** Why a sample request failed for good, after any retries. */
public enum ErrorClass {
  /** Could not connect, or the connection broke, on every attempt. */
  CONNECTION,
  /** The request did not complete within its timeout on every attempt. */
  TIMEOUT,
  /** 429 / 408 on every attempt. */
  RATE_LIMITED,
  /** 5xx on every attempt. */
  SERVER_ERROR,
  /** A 4xx other than 408/429 (not retryable): bad parameters, unknown model, auth. */
  BAD_REQUEST,
  /** The prompt alone does not fit the model's context window. */
  CONTEXT_OVERFLOW,
  /** 200 with a body that could not be understood. */
  MALFORMED_RESPONSE,
  /** A defect in mathbeam itself while handling the request. */
  INTERNAL;

  /** The error class written as {@code name}, or null for null (a sample that did not fail). */
  public static ErrorClass ofName(String name) {
    return name == null ? null : valueOf(name);
  }
}
