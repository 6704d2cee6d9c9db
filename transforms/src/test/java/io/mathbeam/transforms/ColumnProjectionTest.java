package io.mathbeam.transforms;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import java.io.File;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.hadoop.util.HadoopOutputFile;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Reading only some columns: the projection follows the files' list layout (three-level from our
 * writer, two-level from parquet-avro's default), and files of both layouts are read whole.
 */
public class ColumnProjectionTest {
  private static final Schema ROW =
      SchemaBuilder.record("row")
          .fields()
          .requiredString("id")
          .name("golds")
          .type()
          .array()
          .items()
          .stringType()
          .noDefault()
          .requiredString("text")
          .endRecord();

  private static final Schema NEEDED = OutputSchemas.projection(ROW, "id", "golds");

  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private void write(File dir, String name, boolean oldLists) throws Exception {
    Configuration conf = new Configuration(false);
    conf.setBoolean("parquet.avro.write-old-list-structure", oldLists);
    try (ParquetWriter<GenericRecord> writer =
        AvroParquetWriter.<GenericRecord>builder(
                HadoopOutputFile.fromPath(
                    new org.apache.hadoop.fs.Path(new File(dir, name).toURI()), conf))
            .withSchema(ROW)
            .withConf(conf)
            .build()) {
      GenericData.Record r = new GenericData.Record(ROW);
      r.put("id", name);
      r.put("golds", List.of("1", "2"));
      r.put("text", "a long response");
      writer.write(r);
    }
  }

  private static GenericRecord readFirst(File file, Map<String, String> settings) throws Exception {
    Configuration conf = new Configuration(false);
    settings.forEach(conf::set);
    try (ParquetReader<GenericRecord> reader =
        AvroParquetReader.<GenericRecord>builder(
                HadoopInputFile.fromPath(new org.apache.hadoop.fs.Path(file.toURI()), conf))
            .withConf(conf)
            .build()) {
      return reader.read();
    }
  }

  @Test
  public void theProjectionFollowsTheFilesListLayoutAndReadsTheListsRight() throws Exception {
    for (boolean oldLists : new boolean[] {false, true}) {
      File dir = tmp.newFolder("layout-" + oldLists);
      write(dir, "a.parquet", oldLists);
      Map<String, String> settings = ColumnProjection.of(dir + "/*.parquet", NEEDED);
      assertEquals(
          Boolean.toString(oldLists), settings.get("parquet.avro.write-old-list-structure"));
      GenericRecord row = readFirst(new File(dir, "a.parquet"), settings);
      assertNull("the column not asked for is not read", row.get("text"));
      assertEquals("[1, 2]", row.get("golds").toString());
    }
  }

  @Test
  public void filesOfBothLayoutsAreReadWhole() throws Exception {
    File dir = tmp.newFolder("mixed");
    write(dir, "new.parquet", false);
    write(dir, "old.parquet", true);
    assertEquals(Map.of(), ColumnProjection.of(dir + "/*.parquet", NEEDED));
    assertEquals(Map.of(), ColumnProjection.of(dir + "/none-*.parquet", NEEDED));
  }

  @Test
  public void aProjectionWithoutListsReadsNoFooter() throws Exception {
    // no file matches: a projection without lists is the same in either layout
    Map<String, String> settings =
        ColumnProjection.of(
            tmp.getRoot() + "/none-*.parquet", OutputSchemas.projection(ROW, "id", "text"));
    assertEquals("false", settings.get("parquet.avro.write-old-list-structure"));
  }
}
