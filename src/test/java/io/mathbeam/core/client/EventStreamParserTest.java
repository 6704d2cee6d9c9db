package io.mathbeam.core.client;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.Test;

public class EventStreamParserTest {
  private static final String STREAM =
      ": a comment\r\n"
          + "data: {\"a\":1}\r\n"
          + "\r\n"
          + "event: ignored\n"
          + "id: 7\n"
          + "data:first\n"
          + "data:  second keeps one space\n"
          + "retry: 10\n"
          + "\n"
          + "data\r"
          + "\r"
          + ": only a comment\n"
          + "\n"
          + "data: [DONE]\n"
          + "\n";

  private static final List<String> EVENTS =
      List.of("{\"a\":1}", "first\n second keeps one space", "", "[DONE]");

  private static List<String> feedInPieces(String text, int size) throws Exception {
    EventStreamParser parser = new EventStreamParser(1000);
    List<String> out = new ArrayList<>();
    for (int i = 0; i < text.length(); i += size) {
      out.addAll(parser.feed(text.substring(i, Math.min(text.length(), i + size))));
    }
    assertFalse(parser.hasPartialEvent());
    return out;
  }

  @Test
  public void framesDataLinesCommentsAndAllLineEndings() throws Exception {
    assertEquals(EVENTS, feedInPieces(STREAM, STREAM.length()));
  }

  @Test
  public void piecesOfAnySizeGiveTheSameEvents() throws Exception {
    for (int size = 1; size <= 17; size++) {
      assertEquals("pieces of " + size, EVENTS, feedInPieces(STREAM, size));
    }
  }

  @Test
  public void crlfSplitBetweenPiecesIsOneLineBreak() throws Exception {
    EventStreamParser parser = new EventStreamParser(100);
    assertEquals(List.of(), parser.feed("data: x\r"));
    assertEquals(List.of(), parser.feed("\n"));
    assertEquals(List.of("x"), parser.feed("\r\n"));
  }

  @Test
  public void eventIsDispatchedOnlyAtTheBlankLine() throws Exception {
    EventStreamParser parser = new EventStreamParser(100);
    assertEquals(List.of(), parser.feed("data: {\"par"));
    assertTrue(parser.hasPartialEvent());
    assertEquals(List.of(), parser.feed("tial\":true}\n"));
    assertTrue(parser.hasPartialEvent());
    assertEquals(List.of("{\"partial\":true}"), parser.feed("\n"));
    assertFalse(parser.hasPartialEvent());
  }

  @Test
  public void leadingByteOrderMarkIsSkipped() throws Exception {
    assertEquals(List.of("x"), new EventStreamParser(100).feed("\uFEFFdata: x\n\n"));
  }

  @Test
  public void eventLongerThanTheLimitIsMalformed() throws Exception {
    EventStreamParser parser = new EventStreamParser(16);
    parser.feed("data: 0123456\n");
    assertThrows(MalformedResponseException.class, () -> parser.feed("data: 0123456789"));
  }
}
