package io.mathbeam.core.client;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The model name to request: the configured one, or the first id listed by {@code GET /v1/models}
 * of the first replica that answers. A failed lookup is forgotten so a later sample tries again.
 */
final class ModelResolver {
  private final String configured;
  private final List<Replica> replicas;
  private final MetadataRequests metadata;
  private final AtomicReference<CompletableFuture<String>> resolved = new AtomicReference<>();

  ModelResolver(String configured, List<Replica> replicas, MetadataRequests metadata) {
    this.configured = configured;
    this.replicas = replicas;
    this.metadata = metadata;
  }

  CompletableFuture<String> model() {
    if (configured != null) {
      return CompletableFuture.completedFuture(configured);
    }
    CompletableFuture<String> existing = resolved.get();
    if (existing != null) {
      return existing;
    }
    CompletableFuture<String> fresh = new CompletableFuture<>();
    if (!resolved.compareAndSet(null, fresh)) {
      return resolved.get();
    }
    fresh.whenComplete(
        (model, error) -> {
          if (error != null) {
            resolved.compareAndSet(fresh, null);
          }
        });
    resolveFrom(0, fresh, null);
    return fresh;
  }

  private void resolveFrom(int index, CompletableFuture<String> target, Throwable last) {
    if (index >= replicas.size()) {
      target.completeExceptionally(
          new IOException(
              "no replica listed a model in GET /v1/models"
                  + (last == null ? "" : "; last error: " + AttemptFailure.describe(last))));
      return;
    }
    Replica replica = replicas.get(index);
    replica
        .models(() -> metadata.models(replica))
        .whenComplete(
            (cards, error) -> {
              if (error == null && !cards.isEmpty()) {
                target.complete(cards.get(0).id());
              } else {
                resolveFrom(
                    index + 1, target, error == null ? last : AttemptFailure.rootCause(error));
              }
            });
  }
}
