package io.mathbeam.core.client;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.time.Duration;
import java.util.List;
import org.junit.Test;

public class ClientConfigTest {

  @Test
  public void hasTheDocumentedDefaults() {
    ClientConfig config = ClientConfig.of("http://a:8000");
    assertEquals(Api.CHAT, config.api());
    assertNull(config.model());
    assertNull(config.apiKey());
    assertEquals(64, config.maxInFlightPerReplica());
    assertEquals(6, config.maxAttempts());
    assertEquals(Duration.ofMillis(500), config.initialBackoff());
    assertEquals(Duration.ofSeconds(30), config.maxBackoff());
    assertEquals(Duration.ofMinutes(30), config.requestTimeout());
    assertEquals(Duration.ofSeconds(10), config.connectTimeout());
  }

  @Test
  public void normalisesTrailingSlashAndV1() {
    ClientConfig config =
        ClientConfig.builder(List.of("http://a:8000/", "http://b:8000/v1", "http://c:8000/v1/"))
            .build();
    assertEquals(List.of("http://a:8000", "http://b:8000", "http://c:8000"), config.endpoints());
    assertEquals(ClientConfig.of("http://a:8000"), ClientConfig.of("http://a:8000/v1/"));
  }

  @Test
  public void rejectsInvalidSettings() {
    assertThrows(IllegalArgumentException.class, () -> ClientConfig.builder(List.of()).build());
    assertThrows(IllegalArgumentException.class, () -> ClientConfig.of("a:8000"));
    assertThrows(IllegalArgumentException.class, () -> ClientConfig.of("http://a", "http://a/"));
    assertThrows(
        IllegalArgumentException.class,
        () -> ClientConfig.builder(List.of("http://a")).maxInFlightPerReplica(0).build());
  }

  @Test
  public void survivesJavaSerializationAndHidesTheKey() throws Exception {
    ClientConfig config =
        ClientConfig.builder(List.of("http://a:8000")).apiKey("sk-hidden").model("m").build();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(config);
    }
    Object copy = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray())).readObject();
    assertEquals(config, copy);
    assertFalse(config.toString().contains("sk-hidden"));
    assertEquals(config, config.toBuilder().build());
  }
}
