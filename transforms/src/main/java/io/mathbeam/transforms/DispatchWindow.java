package io.mathbeam.transforms;

import io.mathbeam.core.client.GenerationDispatcher;
import io.mathbeam.core.model.Generation;
import io.mathbeam.core.model.SampleRequest;
import java.io.IOException;

/**
 * A bundle's {@link GenerationDispatcher} as the generation and judge steps use it: each submitted
 * request hands back the generations finished so far, and blocks only while as many requests wait
 * unsent as fit in the window; at the bundle's end everything still unfinished is waited for.
 * Generations go to an {@link Emitter}, called on the processing thread (Beam allows output only
 * there).
 */
final class DispatchWindow {
  /** Receives each finished generation. */
  interface Emitter {
    void emit(Generation generation) throws IOException;
  }

  private final GenerationDispatcher dispatcher;
  private final int size;

  DispatchWindow(GenerationDispatcher dispatcher, int size) {
    this.dispatcher = dispatcher;
    this.size = size;
  }

  /** Submits {@code request} and emits what has finished, waiting while the window is full. */
  void submit(SampleRequest request, Emitter out) throws InterruptedException, IOException {
    dispatcher.submit(request);
    Generation ready;
    while ((ready = dispatcher.poll()) != null) {
      out.emit(ready);
    }
    while (dispatcher.pending() >= size) {
      out.emit(dispatcher.take());
    }
  }

  /** Sends what waits and emits every generation still unfinished. */
  void drain(Emitter out) throws InterruptedException, IOException {
    dispatcher.flush();
    while (dispatcher.unfinished() > 0) {
      out.emit(dispatcher.take());
    }
  }
}
