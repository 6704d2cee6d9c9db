package io.mathbeam.core.client;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import org.junit.Test;

public class ErrorBodyTest {

  @Test
  public void readsNestedEnvelopeWithIntCode() {
    ErrorBody e =
        ErrorBody.parse(
            "{\"error\":{\"message\":\"bad\",\"type\":\"BadRequestError\",\"param\":null,"
                + "\"code\":400}}");
    assertEquals("bad", e.message());
    assertEquals("400", e.code());
  }

  @Test
  public void readsNestedEnvelopeWithStringCode() {
    ErrorBody e =
        ErrorBody.parse(
            "{\"error\":{\"message\":\"too long\",\"type\":\"BadRequestError\","
                + "\"param\":\"input_tokens\",\"code\":\"context_length_exceeded\"}}");
    assertEquals("too long", e.message());
    assertEquals("context_length_exceeded", e.code());
  }

  @Test
  public void readsFlatEnvelope() {
    ErrorBody e =
        ErrorBody.parse(
            "{\"object\":\"error\",\"message\":\"flat\",\"type\":\"BadRequestError\","
                + "\"param\":null,\"code\":400}");
    assertEquals("flat", e.message());
    assertEquals("400", e.code());
  }

  @Test
  public void readsStringError() {
    ErrorBody e = ErrorBody.parse("{\"error\": \"Unauthorized\"}");
    assertEquals("Unauthorized", e.message());
    assertNull(e.code());
  }

  @Test
  public void fallsBackToRawTextAndFastApiDetail() {
    assertEquals("Internal Server Error", ErrorBody.parse("Internal Server Error\n").message());
    assertEquals("\"Not Found\"", ErrorBody.parse("{\"detail\":\"Not Found\"}").message());
    assertEquals("", ErrorBody.parse(null).message());
    assertEquals(503, ErrorBody.parse("x".repeat(2000)).message().length());
  }
}
