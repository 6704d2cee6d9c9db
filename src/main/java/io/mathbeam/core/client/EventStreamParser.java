package io.mathbeam.core.client;

import java.util.ArrayList;
import java.util.List;

/**
 * Incremental Server-Sent-Events framing (the WHATWG event-stream format, as vLLM and SGLang send
 * it, spec §5.1): text arrives in arbitrary pieces; every blank line ends an event whose {@code
 * data:} lines, joined with {@code \n}, form its payload. Lines may end in LF, CRLF or CR, also
 * when the CR and LF arrive in different pieces; one space after {@code data:} is dropped; comment
 * lines ({@code :...}) and other fields ({@code event}, {@code id}, {@code retry}) are ignored; an
 * event without data lines is not dispatched. Not thread-safe.
 */
final class EventStreamParser {
  private final int maxEventChars;
  private final StringBuilder line = new StringBuilder();
  private final StringBuilder data = new StringBuilder();
  private boolean hasData;
  private boolean afterCr;
  private boolean started;

  /**
   * @param maxEventChars the longest event (its lines together) accepted before the stream is
   *     declared malformed, so a server that never sends a line break cannot exhaust memory
   */
  EventStreamParser(int maxEventChars) {
    if (maxEventChars < 1) {
      throw new IllegalArgumentException("maxEventChars must be >= 1, got " + maxEventChars);
    }
    this.maxEventChars = maxEventChars;
  }

  /**
   * Consumes the next piece of the stream.
   *
   * @return the data of each event this piece completed, in order (often none)
   * @throws MalformedResponseException when an event grows beyond {@code maxEventChars}
   */
  List<String> feed(CharSequence text) throws MalformedResponseException {
    List<String> events = new ArrayList<>(2);
    int length = text.length();
    for (int i = 0; i < length; i++) {
      char c = text.charAt(i);
      if (!started) {
        started = true;
        if (c == '\uFEFF') {
          continue;
        }
      }
      if (afterCr) {
        afterCr = false;
        if (c == '\n') {
          continue;
        }
      }
      if (c == '\r') {
        afterCr = true;
        endLine(events);
      } else if (c == '\n') {
        endLine(events);
      } else {
        line.append(c);
        if (line.length() + data.length() > maxEventChars) {
          throw new MalformedResponseException(
              "event stream has an event longer than " + maxEventChars + " characters");
        }
      }
    }
    return events;
  }

  /** Whether text of an unfinished event is buffered: at end of stream it is discarded. */
  boolean hasPartialEvent() {
    return hasData || line.length() > 0;
  }

  private void endLine(List<String> events) {
    if (line.length() == 0) {
      if (hasData) {
        events.add(data.toString());
        data.setLength(0);
        hasData = false;
      }
      return;
    }
    if (line.charAt(0) != ':') {
      int colon = line.indexOf(":");
      int nameEnd = colon < 0 ? line.length() : colon;
      if (nameEnd == 4 && line.substring(0, 4).equals("data")) {
        int valueStart = colon < 0 ? line.length() : colon + 1;
        if (valueStart < line.length() && line.charAt(valueStart) == ' ') {
          valueStart++;
        }
        if (hasData) {
          data.append('\n');
        }
        data.append(line, valueStart, line.length());
        hasData = true;
      }
    }
    line.setLength(0);
  }
}
