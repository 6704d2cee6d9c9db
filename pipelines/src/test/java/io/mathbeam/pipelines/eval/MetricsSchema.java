package io.mathbeam.pipelines.eval;

import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.io.InputStream;
import java.util.Set;

/** Validates metrics.json documents against the schema shipped in the core jar. */
public final class MetricsSchema {
  static final String RESOURCE = "/io/mathbeam/metrics.schema.json";

  private MetricsSchema() {}

  static Set<ValidationMessage> problems(JsonNode metrics) throws IOException {
    try (InputStream in = MetricsSchema.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IOException("schema resource missing: " + RESOURCE);
      }
      JsonSchema schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7).getSchema(in);
      return schema.validate(metrics);
    }
  }

  public static void assertValid(JsonNode metrics) throws IOException {
    Set<ValidationMessage> problems = problems(metrics);
    assertTrue("metrics.json does not match its schema: " + problems, problems.isEmpty());
  }
}
