package io.mathbeam.transforms;

import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.io.FileSystems;
import org.apache.beam.sdk.io.fs.EmptyMatchTreatment;
import org.apache.beam.sdk.io.fs.MatchResult;
import org.apache.beam.sdk.io.fs.MoveOptions.StandardMoveOptions;
import org.apache.beam.sdk.io.fs.ResourceId;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.Flatten;
import org.apache.beam.sdk.transforms.GroupByKey;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionList;
import org.apache.beam.sdk.values.PDone;

/**
 * The last step of writing a run's tables: the temporary files their bundles wrote ({@link
 * TableFile}), named as {@code KV(table folder, file)}, are grouped by table (only the names cross
 * the grouping) and renamed into place in a fixed order as {@code <table>-NNNNN-of-MMMMM<suffix>};
 * what failed attempts left in a table's temporary folder is then removed. Every table goes through
 * one grouping, so a run pays for one such step, not one per table.
 *
 * <p>Instead of Beam's {@code FileIO}/{@code TextIO}: each of those writes expands into a dozen
 * operators (sharding, three groupings, side inputs to finalize), which the FlinkRunner translates,
 * deploys and runs for a handful of files (docs/runners.md, "Lean writers").
 */
final class TableFiles extends PTransform<PCollection<KV<String, String>>, PDone> {
  /** The name a table's seed carries instead of a file's. */
  private static final String SEED = "";

  private final String outputDir;
  private final Set<OutputTable> tables;

  private TableFiles(String outputDir, Set<OutputTable> tables) {
    this.outputDir = outputDir;
    this.tables = tables;
  }

  /**
   * Moves the named files of {@code tables} into place; a table among them that must exist without
   * rows ({@link OutputTable#emptyFileWhenNoRows}) gets one empty file when none is named.
   */
  static TableFiles moveIntoPlace(String outputDir, Set<OutputTable> tables) {
    return new TableFiles(outputDir, EnumSet.copyOf(tables));
  }

  /** The name of a bundle's file of {@code table}, as this step takes it. */
  static KV<String, String> named(OutputTable table, String file) {
    return KV.of(table.dir(), file);
  }

  static final KvCoder<String, String> NAME_CODER =
      KvCoder.of(StringUtf8Coder.of(), StringUtf8Coder.of());

  @Override
  public PDone expand(PCollection<KV<String, String>> files) {
    List<KV<String, String>> seeds = new ArrayList<>();
    for (OutputTable t : tables) {
      if (t.emptyFileWhenNoRows()) {
        seeds.add(named(t, SEED));
      }
    }
    PCollection<KV<String, String>> all = files;
    if (!seeds.isEmpty()) {
      // one name per such table, so its group exists even when no bundle wrote a file
      all =
          PCollectionList.of(files)
              .and(
                  files
                      .getPipeline()
                      .apply("TablesWithoutRows", Create.of(seeds))
                      .setCoder(NAME_CODER))
              .apply("AllTableFiles", Flatten.pCollections())
              .setCoder(NAME_CODER);
    }
    all.apply("ByTable", GroupByKey.create())
        .apply("MoveIntoPlace", ParDo.of(new MoveIntoPlaceFn(outputDir)));
    return PDone.in(files.getPipeline());
  }

  /**
   * Renames a table's named files into place in a fixed order, then empties its temporary folder.
   */
  static final class MoveIntoPlaceFn extends DoFn<KV<String, Iterable<String>>, Void> {
    private final String outputDir;

    MoveIntoPlaceFn(String outputDir) {
      this.outputDir = outputDir;
    }

    @ProcessElement
    public void process(@Element KV<String, Iterable<String>> names) throws IOException {
      OutputTable table = OutputTable.named(names.getKey());
      List<String> files = new ArrayList<>();
      for (String name : names.getValue()) {
        if (!name.equals(SEED)) {
          files.add(name);
        }
      }
      if (files.isEmpty()) {
        // only the seed: the table had no rows (a table without a seed never gets here)
        files.add(TableFile.empty(outputDir, table));
      }
      files.sort(null);
      List<ResourceId> from = new ArrayList<>();
      List<ResourceId> to = new ArrayList<>();
      List<MatchResult> present = FileSystems.match(files, EmptyMatchTreatment.ALLOW);
      for (int i = 0; i < files.size(); i++) {
        // a retried move finds the files it already moved gone
        if (present.get(i).status() != MatchResult.Status.OK) {
          continue;
        }
        from.add(FileSystems.matchNewResource(files.get(i), false));
        to.add(FileSystems.matchNewResource(table.fileName(outputDir, i, files.size()), false));
      }
      // the local file system supports no move options
      FileSystems.rename(from, to);
      String tempDir = table.tempDir(outputDir);
      MatchResult left =
          FileSystems.match(List.of(tempDir + "/*"), EmptyMatchTreatment.ALLOW).get(0);
      List<ResourceId> orphans = new ArrayList<>();
      if (left.status() == MatchResult.Status.OK) {
        left.metadata().forEach(m -> orphans.add(m.resourceId()));
      }
      orphans.add(FileSystems.matchNewResource(tempDir, true));
      FileSystems.delete(orphans, StandardMoveOptions.IGNORE_MISSING_FILES);
    }
  }
}
