package io.mathbeam.transforms;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.generic.GenericRecord;
import org.apache.beam.sdk.io.FileSystems;
import org.apache.beam.sdk.io.fs.MatchResult;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.hadoop.ParquetReader;

/** Reads Parquet files (a glob, through Beam's file systems) back as Avro records. */
public final class ParquetRecords {
  private ParquetRecords() {}

  public static List<GenericRecord> readAll(String glob) throws IOException {
    List<GenericRecord> out = new ArrayList<>();
    for (MatchResult.Metadata file : FileSystems.match(glob).metadata()) {
      try (ParquetReader<GenericRecord> reader =
          AvroParquetReader.<GenericRecord>builder(new ChannelInputFile(file)).build()) {
        GenericRecord record;
        while ((record = reader.read()) != null) {
          out.add(record);
        }
      }
    }
    return out;
  }
}
