package io.mathbeam.core.client;

import java.net.http.HttpTimeoutException;
import java.time.Duration;

/**
 * A streamed response sent no bytes for longer than its idle limit (spec §4.8: streaming with an
 * inter-chunk idle timeout). The stream was cancelled, which closes its connection. It is an {@link
 * HttpTimeoutException}, so code that handles request timeouts handles it too.
 */
final class StreamIdleTimeoutException extends HttpTimeoutException {
  private static final long serialVersionUID = 1L;

  private final Duration limit;
  private final boolean beforeFirstByte;

  StreamIdleTimeoutException(Duration limit, boolean beforeFirstByte) {
    super(
        (beforeFirstByte ? "no stream bytes within " : "stream idle for more than ")
            + limit.toMillis()
            + " ms");
    this.limit = limit;
    this.beforeFirstByte = beforeFirstByte;
  }

  /** The limit that ran out. */
  Duration limit() {
    return limit;
  }

  /** True when the stream had sent no body byte at all (queue wait + prefill too long). */
  boolean beforeFirstByte() {
    return beforeFirstByte;
  }
}
