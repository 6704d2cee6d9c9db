package io.mathbeam.core.client;

import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.SampleRequest;
import java.util.concurrent.CompletableFuture;

/**
 * Draws one sample, however many requests that takes (tool-integrated reasoning makes several). The
 * future never completes exceptionally: a failure is a {@link Generation} with an error class.
 */
@FunctionalInterface
public interface SampleGenerator {
  CompletableFuture<Generation> generate(SampleRequest request);
}
