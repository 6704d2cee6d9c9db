package io.mathbeam.transforms;

import io.mathbeam.core.model.ErrorClass;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.SampleRequest;

/** Failure records for the rare errors that escape the client's own classification. */
final class Failures {
  private Failures() {}

  static Generation unexpected(SampleRequest request, Throwable error) {
    return new Generation(
        request,
        null,
        null,
        null,
        0,
        0,
        0,
        null,
        0,
        ErrorClass.INTERNAL.name(),
        "client error: " + error);
  }
}
