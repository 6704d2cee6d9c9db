package io.mathbeam.transforms;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.beam.sdk.io.FileSystems;
import org.apache.beam.sdk.io.fs.EmptyMatchTreatment;
import org.apache.beam.sdk.io.fs.MatchResult;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.avro.AvroReadSupport;
import org.apache.parquet.avro.AvroSchemaConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.InvalidRecordException;
import org.apache.parquet.schema.MessageType;

/**
 * The reader configuration that reads only some columns of Parquet files: parquet-avro's requested
 * projection, converted to the files' own list layout. Our writer ({@link ParquetRecordSink})
 * writes three-level lists, parquet-avro's default writer the older two-level ones, and a
 * projection in the other layout does not fail but reads the lists wrongly; so for a projection
 * with lists the files' footers are read first, and where no one layout holds for every file, every
 * column is read. A projection without lists is the same in both layouts and reads no footer.
 */
final class ColumnProjection {
  private static final String OLD_LISTS = "parquet.avro.write-old-list-structure";

  private ColumnProjection() {}

  /**
   * The configuration that reads only {@code projection}'s columns of the files of {@code glob}.
   */
  static Map<String, String> of(String glob, Schema projection) throws IOException {
    if (!hasLists(projection)) {
      return settings(projection, false);
    }
    MatchResult match = FileSystems.match(glob, EmptyMatchTreatment.ALLOW);
    if (match.status() != MatchResult.Status.OK) {
      return Map.of();
    }
    List<MessageType> schemas = new ArrayList<>();
    for (MatchResult.Metadata file : match.metadata()) {
      try (ParquetFileReader reader = ParquetFileReader.open(new ChannelInputFile(file))) {
        schemas.add(reader.getFooter().getFileMetaData().getSchema());
      }
    }
    return of(schemas, projection);
  }

  /**
   * The same from the files' own schemas, for a caller that reads their footers anyway; every
   * column where there are no files.
   */
  static Map<String, String> of(List<MessageType> fileSchemas, Schema projection) {
    if (!hasLists(projection)) {
      return settings(projection, false);
    }
    if (fileSchemas.isEmpty()) {
      return Map.of();
    }
    for (boolean oldLists : new boolean[] {false, true}) {
      if (holdsForEveryFile(fileSchemas, projection, oldLists)) {
        return settings(projection, oldLists);
      }
    }
    return Map.of();
  }

  private static Map<String, String> settings(Schema projection, boolean oldLists) {
    return Map.of(
        OLD_LISTS,
        Boolean.toString(oldLists),
        AvroReadSupport.AVRO_REQUESTED_PROJECTION,
        projection.toString());
  }

  /** Whether the schema has a list anywhere (nullable lists and lists in records included). */
  private static boolean hasLists(Schema schema) {
    return switch (schema.getType()) {
      case ARRAY -> true;
      case UNION -> schema.getTypes().stream().anyMatch(ColumnProjection::hasLists);
      case RECORD -> schema.getFields().stream().anyMatch(f -> hasLists(f.schema()));
      default -> false;
    };
  }

  private static boolean holdsForEveryFile(
      List<MessageType> fileSchemas, Schema projection, boolean oldLists) {
    Configuration conf = new Configuration(false);
    conf.setBoolean(OLD_LISTS, oldLists);
    MessageType requested = new AvroSchemaConverter(conf).convert(projection);
    return fileSchemas.stream().allMatch(fileSchema -> contains(fileSchema, requested));
  }

  /** Whether every column of {@code requested} is in the file, in the same layout. */
  private static boolean contains(MessageType fileSchema, MessageType requested) {
    try {
      fileSchema.checkContains(requested);
      return true;
    } catch (InvalidRecordException e) {
      return false;
    }
  }
}
