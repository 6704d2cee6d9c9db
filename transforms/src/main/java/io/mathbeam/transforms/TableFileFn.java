package io.mathbeam.transforms;

import java.io.IOException;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.beam.sdk.transforms.windowing.GlobalWindow;
import org.apache.beam.sdk.values.KV;

/**
 * A step that writes its bundle's rows of one table to the bundle's {@link TableFile} and emits the
 * file's name ({@link TableFiles#named}) at the bundle's end, for {@link TableFiles} to move into
 * place; a bundle that wrote nothing emits nothing.
 */
abstract class TableFileFn<InputT> extends DoFn<InputT, KV<String, String>> {
  private final String outputDir;
  private final OutputTable table;
  private transient TableFile bundle;

  TableFileFn(String outputDir, OutputTable table) {
    this.outputDir = outputDir;
    this.table = table;
  }

  /** The bundle's file, for the subclass's {@code @ProcessElement} to write to. */
  TableFile bundle() {
    return bundle;
  }

  @StartBundle
  public void startBundle() {
    bundle = new TableFile(outputDir, table);
  }

  @FinishBundle
  public void finishBundle(FinishBundleContext context) throws IOException {
    String file = bundle.finish();
    if (file != null) {
      context.output(
          TableFiles.named(table, file), BoundedWindow.TIMESTAMP_MIN_VALUE, GlobalWindow.INSTANCE);
    }
  }
}
