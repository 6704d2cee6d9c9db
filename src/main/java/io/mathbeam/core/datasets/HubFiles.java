package io.mathbeam.core.datasets;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Which of a Hub dataset's files hold the config and split asked for, as the {@code datasets}
 * library finds them: the dataset card's {@code configs} (each config's {@code data_files} by
 * split, glob patterns allowed) where the card has them; else each top-level folder is a config and
 * a split is named by a word in a file's path ({@code test.jsonl}, {@code data/test-00000-of-00001
 * .parquet}, {@code train/0.csv}), every file being {@code train} when none names one.
 */
final class HubFiles {
  private static final Pattern DATA =
      Pattern.compile("(?i).+\\.(?:parquet|jsonl|json|csv)(?:\\.gz)?$");
  private static final Set<String> NOT_ROWS =
      Set.of("dataset_infos.json", "dataset_dict.json", "state.json", "dataset_info.json");

  /** The split words of each canonical split, as the {@code datasets} library reads them. */
  private static final Map<String, List<String>> SPLIT_WORDS = new LinkedHashMap<>();

  static {
    SPLIT_WORDS.put("train", List.of("train", "training"));
    SPLIT_WORDS.put("validation", List.of("validation", "valid", "val", "dev"));
    SPLIT_WORDS.put("test", List.of("test", "testing", "eval", "evaluation"));
  }

  private HubFiles() {}

  /** Whether {@code path} can hold rows: Parquet, JSON Lines, JSON or CSV, maybe gzipped. */
  static boolean isData(String path) {
    String name = path.substring(path.lastIndexOf('/') + 1);
    return DATA.matcher(path).matches()
        && !name.startsWith(".")
        && !NOT_ROWS.contains(name.toLowerCase(Locale.ROOT));
  }

  /** The files of {@code id}'s config and split among {@code dataFiles}, in path order. */
  static List<String> select(HubDatasetId id, List<String> dataFiles, JsonNode configs)
      throws BenchmarkUnavailableException {
    Map<String, List<String>> patternsBySplit;
    String configName;
    if (configs.isArray() && configs.size() > 0) {
      JsonNode config = config(id, configs);
      configName = config.path("config_name").asText("default");
      patternsBySplit = patternsBySplit(config.path("data_files"));
      String split = split(id, patternsBySplit.keySet(), configName);
      List<String> out = new ArrayList<>();
      for (String path : dataFiles) {
        for (String pattern : patternsBySplit.get(split)) {
          if (glob(pattern).matcher(path).matches()) {
            out.add(path);
            break;
          }
        }
      }
      if (out.isEmpty()) {
        throw new BenchmarkUnavailableException(
            id
                + ": the dataset card gives config '"
                + configName
                + "' split '"
                + split
                + "' the files "
                + patternsBySplit.get(split)
                + ", which the repository does not hold",
            null);
      }
      return out.stream().sorted().toList();
    }
    List<String> files = dataFiles;
    configName = "default";
    if (id.config() != null) {
      files = dataFiles.stream().filter(f -> f.startsWith(id.config() + "/")).toList();
      if (files.isEmpty()) {
        throw new BenchmarkUnavailableException(
            id
                + ": the dataset has no config '"
                + id.config()
                + "' (its card names none; folders holding data: "
                + folders(dataFiles)
                + ")",
            null);
      }
      configName = id.config();
    }
    Map<String, List<String>> bySplit = splitsOf(files);
    String split = split(id, bySplit.keySet(), configName);
    return bySplit.get(split).stream().sorted().toList();
  }

  /** The files of {@code id}'s config and split on the Hub's conversion branch. */
  static List<String> selectConverted(HubDatasetId id, List<String> files)
      throws BenchmarkUnavailableException {
    Map<String, List<String>> configs = convertedSplits(files);
    if (configs.isEmpty()) {
      throw new BenchmarkUnavailableException(
          id + ": the dataset has no data files, and its Parquet conversion holds none either",
          null);
    }
    String config = id.config();
    if (config == null) {
      config = configs.containsKey("default") || configs.size() > 1 ? "default" : first(configs);
    }
    if (!configs.containsKey(config)) {
      throw new BenchmarkUnavailableException(
          id
              + ": the dataset has no config '"
              + config
              + "'; its configs: "
              + String.join(", ", configs.keySet())
              + " (name one: hf:"
              + id.repo()
              + "/CONFIG)",
          null);
    }
    String split = split(id, Set.copyOf(configs.get(config)), config);
    String prefix = config + "/" + split + "/";
    return files.stream()
        .filter(f -> f.startsWith(prefix) && f.toLowerCase(Locale.ROOT).endsWith(".parquet"))
        .sorted()
        .toList();
  }

  private static String first(Map<String, List<String>> configs) {
    return configs.keySet().iterator().next();
  }

  private static JsonNode config(HubDatasetId id, JsonNode configs)
      throws BenchmarkUnavailableException {
    List<String> names = new ArrayList<>();
    JsonNode byDefault = null;
    for (JsonNode c : configs) {
      String name = c.path("config_name").asText("default");
      names.add(name);
      if (id.config() != null && id.config().equals(name)) {
        return c;
      }
      if (c.path("default").asBoolean(false)) {
        byDefault = c;
      }
    }
    if (id.config() == null && (byDefault != null || configs.size() == 1)) {
      return byDefault != null ? byDefault : configs.get(0);
    }
    throw new BenchmarkUnavailableException(
        id
            + (id.config() == null
                ? ": the dataset has several configs and none is the default; name one"
                : ": the dataset has no config '" + id.config() + "'")
            + " (its configs: "
            + String.join(", ", names)
            + "; write hf:"
            + id.repo()
            + "/CONFIG)",
        null);
  }

  /** A card config's {@code data_files}: a path, a list of paths, or a list of split entries. */
  private static Map<String, List<String>> patternsBySplit(JsonNode dataFiles) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    if (dataFiles.isTextual()) {
      out.put("train", List.of(dataFiles.asText()));
      return out;
    }
    if (dataFiles.isObject()) {
      dataFiles.fields().forEachRemaining(e -> out.put(e.getKey(), paths(e.getValue())));
      return out;
    }
    for (JsonNode entry : dataFiles) {
      if (entry.isTextual()) {
        out.computeIfAbsent("train", s -> new ArrayList<>()).add(entry.asText());
      } else {
        out.computeIfAbsent(entry.path("split").asText("train"), s -> new ArrayList<>())
            .addAll(paths(entry.path("path")));
      }
    }
    return out;
  }

  private static List<String> paths(JsonNode node) {
    List<String> out = new ArrayList<>();
    if (node.isTextual()) {
      out.add(node.asText());
    }
    for (JsonNode p : node) {
      out.add(p.asText());
    }
    return out;
  }

  /** The split asked for, or the only one; an error naming the splits otherwise. */
  private static String split(HubDatasetId id, Set<String> splits, String config)
      throws BenchmarkUnavailableException {
    if (id.split() != null && splits.contains(id.split())) {
      return id.split();
    }
    if (id.split() == null && splits.size() == 1) {
      return splits.iterator().next();
    }
    throw new BenchmarkUnavailableException(
        id
            + (id.split() == null
                ? ": config '" + config + "' has several splits; name one"
                : ": config '" + config + "' has no split '" + id.split() + "'")
            + " (its splits: "
            + String.join(", ", new TreeSet<>(splits))
            + "; write hf:"
            + id.repo()
            + (id.config() == null ? "" : "/" + id.config())
            + "#SPLIT)",
        null);
  }

  /** Files by the split a word in their path names; all {@code train} when none names one. */
  static Map<String, List<String>> splitsOf(List<String> files) {
    Map<String, List<String>> out = new TreeMap<>();
    for (String file : files) {
      String split = splitOf(file);
      if (split != null) {
        out.computeIfAbsent(split, s -> new ArrayList<>()).add(file);
      }
    }
    if (out.isEmpty()) {
      out.put("train", new ArrayList<>(files));
    }
    return out;
  }

  private static String splitOf(String path) {
    String lower = path.toLowerCase(Locale.ROOT);
    for (Map.Entry<String, List<String>> e : SPLIT_WORDS.entrySet()) {
      for (String word : e.getValue()) {
        if (Pattern.compile("(?:^|[/_.\\-])" + word + "(?:[/_.\\-]|$)").matcher(lower).find()) {
          return e.getKey();
        }
      }
    }
    return null;
  }

  private static String folders(List<String> files) {
    return String.join(
        ", ",
        files.stream()
            .filter(f -> f.contains("/"))
            .map(f -> f.substring(0, f.indexOf('/')))
            .distinct()
            .sorted()
            .toList());
  }

  /** A {@code data_files} glob: {@code **} any path, {@code *} and {@code ?} within one name. */
  static Pattern glob(String pattern) {
    StringBuilder regex = new StringBuilder();
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (c == '*' && i + 1 < pattern.length() && pattern.charAt(i + 1) == '*') {
        regex.append(".*");
        i++;
      } else if (c == '*') {
        regex.append("[^/]*");
      } else if (c == '?') {
        regex.append("[^/]");
      } else {
        regex.append(Pattern.quote(String.valueOf(c)));
      }
    }
    return Pattern.compile(regex.toString());
  }

  /** The splits of each config on the Hub's conversion branch ({@code CONFIG/SPLIT/N.parquet}). */
  static Map<String, List<String>> convertedSplits(List<String> files) {
    Map<String, List<String>> out = new TreeMap<>();
    for (String f : files) {
      String[] parts = f.split("/");
      if (parts.length == 3 && f.toLowerCase(Locale.ROOT).endsWith(".parquet")) {
        out.computeIfAbsent(parts[0], c -> new ArrayList<>()).add(parts[1]);
      }
    }
    out.replaceAll((c, s) -> s.stream().distinct().sorted().toList());
    return new LinkedHashMap<>(out);
  }
}
