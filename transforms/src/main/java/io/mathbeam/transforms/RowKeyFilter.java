package io.mathbeam.transforms;

import java.util.List;
import java.util.Set;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.filter.RecordFilter;
import org.apache.parquet.filter.UnboundRecordFilter;

/**
 * Keeps the rows whose key, the values of a few top-level columns joined by {@link #SEPARATOR}, is
 * one of a set. Parquet asks before it reads a row, with the key columns' readers at the row's
 * values, and skips a row it refuses column by column: no record is built and none of its texts is
 * decoded.
 */
final class RowKeyFilter implements UnboundRecordFilter {
  static final char SEPARATOR = '\n';

  private final List<String> columns;
  private final Set<String> keys;

  /**
   * @param columns top-level columns of strings or integers, all in the projection read
   * @param keys the keys of the rows to keep
   */
  RowKeyFilter(List<String> columns, Set<String> keys) {
    if (columns.isEmpty()) {
      throw new IllegalArgumentException("a row key needs at least one column");
    }
    this.columns = List.copyOf(columns);
    this.keys = keys;
  }

  /** The key of a row whose key columns hold {@code values}, in the columns' order. */
  static String key(Object... values) {
    StringBuilder key = new StringBuilder();
    for (Object v : values) {
      if (key.length() > 0) {
        key.append(SEPARATOR);
      }
      key.append(v);
    }
    return key.toString();
  }

  @Override
  public RecordFilter bind(Iterable<ColumnReader> readers) {
    ColumnReader[] bound = new ColumnReader[columns.size()];
    for (ColumnReader reader : readers) {
      String[] path = reader.getDescriptor().getPath();
      int i = path.length == 1 ? columns.indexOf(path[0]) : -1;
      if (i >= 0) {
        bound[i] = reader;
      }
    }
    for (int i = 0; i < bound.length; i++) {
      if (bound[i] == null) {
        throw new IllegalArgumentException(
            "row key column "
                + columns.get(i)
                + " is not a top-level column of the projection read");
      }
    }
    return () -> keys.contains(keyOf(bound));
  }

  private static String keyOf(ColumnReader[] bound) {
    StringBuilder key = new StringBuilder();
    for (int i = 0; i < bound.length; i++) {
      if (i > 0) {
        key.append(SEPARATOR);
      }
      ColumnReader r = bound[i];
      ColumnDescriptor d = r.getDescriptor();
      if (r.getCurrentDefinitionLevel() < d.getMaxDefinitionLevel()) {
        key.append("null");
        continue;
      }
      switch (d.getPrimitiveType().getPrimitiveTypeName()) {
        case BINARY -> key.append(r.getBinary().toStringUsingUTF8());
        case INT32 -> key.append(r.getInteger());
        case INT64 -> key.append(r.getLong());
        default ->
            throw new IllegalArgumentException(
                "row key column " + d.getPath()[0] + " is neither text nor an integer");
      }
    }
    return key.toString();
  }
}
