package io.mathbeam.core.datasets;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The registry of built-in benchmarks. The math sets and HumanEval come from the GitHub files at
 * the commits the shared data folder's README names, converted with its normalisations, so their
 * sha256 is that of the shared copies. GSM8K is read from the Hugging Face hub's Parquet file of
 * the same rows. GPQA-Diamond and LiveCodeBench had no copy here to hash: they are pinned on first
 * fetch (docs/DATASETS.md, "Pinning").
 */
public final class Benchmarks {
  static final String QWEN = "QwenLM/Qwen2.5-Math";
  static final String QWEN_COMMIT = "a45202bd16f1ec06f433442dc1152d0074773465";
  static final String MATHARENA = "eth-sri/matharena";
  static final String MATHARENA_COMMIT = "81f103e38b1df076afa65ee0a3ffbe148d42e6d2";
  static final String NEMO = "NVIDIA/NeMo-Skills";
  static final String NEMO_COMMIT = "0b012df8a09cd4730d31b16e90a0d8f13d145fb8";
  static final String SIMPLERL = "hkust-nlp/simpleRL-reason";
  static final String SIMPLERL_COMMIT = "cf1c7858bfc145a27aa733e75d930d34f0d318a6";
  static final String HUMAN_EVAL = "openai/human-eval";
  static final String HUMAN_EVAL_COMMIT = "6d43fb980f9fee3c892a914eda09951f772ad10d";
  static final String GSM8K = "openai/gsm8k";
  static final String GSM8K_REVISION = "740312add88f781978c0658806c59bc2815b9866";
  static final String GPQA = "Idavidrein/gpqa";
  // the dataset's commits could not be looked up here: "main" is resolved on the first fetch and
  // the commit the hub answers with (X-Repo-Commit) is recorded with the pinned hash
  static final String GPQA_REVISION = "main";
  static final String LCB = "livecodebench/code_generation_lite";
  static final String LCB_REVISION = "0fe84c3912ea0c4d4a78037083943e8f0c4dd505";

  /** LiveCodeBench's release files; release_vN is the first N of them. */
  static final List<String> LCB_FILES =
      List.of(
          "test.jsonl", "test2.jsonl", "test3.jsonl", "test4.jsonl", "test5.jsonl", "test6.jsonl");

  static final String OMNI_MATH = "KbsdJames/Omni-MATH";
  static final String OMNI_MATH_COMMIT = "3c275be9129654831fd3bf8e276d220e93053d42";

  /** Computed from the files at QWEN_COMMIT with the conversions here (docs/DATASETS.md). */
  static final String COLLEGE_MATH_SHA256 =
      "27251938b437ead6adf9105ce521a246bbe0e59f2ebe31b2792a5c096f4f2718";

  static final String GAOKAO2023EN_SHA256 =
      "b6c93c3eb48a445332cce9b4776a97ea6a841863a013e2d7569cd463ded79831";

  private static final Map<String, Benchmark> ALL = new LinkedHashMap<>();

  /** The named benchmarks published as Hub datasets, resolved and pinned on first fetch. */
  private static final Map<String, HubBenchmark> HUB = new LinkedHashMap<>();

  static {
    matharena("aime26", "AIME 2026 I and II (MathArena)", "MathArena/aime_2026", 30);
    matharena("hmmt_feb26", "HMMT February 2026 (MathArena)", "MathArena/hmmt_feb_2026", 33);
    matharena("hmmt_nov25", "HMMT November 2025 (MathArena)", "MathArena/hmmt_nov_2025", 30);
    matharena("brumo25", "BRUMO 2025 (MathArena)", "MathArena/brumo_2025", 30);
    matharena("cmimc25", "CMIMC 2025 (MathArena)", "MathArena/cmimc_2025", 40);
    matharena("smt25", "SMT 2025 (MathArena)", "MathArena/smt_2025", 53);
    hub(
        new HubBenchmark(
            "limo",
            "LIMO (the sglang reasoning benchmark's default set)",
            HubDatasetId.parse("hf:GAIR/LIMO#train"),
            817,
            HubConversions::limo));
    hub(
        new HubBenchmark(
            "amc22_23",
            "AMC 12 2022 and 2023, 83 problems as usually evaluated (AI-MO/aimo-validation-amc)",
            HubDatasetId.parse(
                "hf:AI-MO/aimo-validation-amc#train@69d78a4a2c840e82d69af6bc742bda09005f6316"),
            83,
            HubConversions::aimoAmc));
  }

  private static void matharena(String name, String description, String repo, int rows) {
    hub(
        new HubBenchmark(
            name,
            description,
            HubDatasetId.parse("hf:" + repo + "#train"),
            rows,
            HubConversions.matharena(name)));
  }

  private static void hub(HubBenchmark b) {
    HUB.put(b.name(), b);
  }

  static {
    add(
        qwen(
            "aime24",
            "AIME 2024 I and II",
            30,
            "4781bfafbf38b6d31ee8bf48bec4fc5a0b417570b9740f93ef07568326448cb0",
            QwenMathConversions::aime24));
    add(
        new Benchmark(
            "aime25",
            "AIME 2025 I and II (MathArena text and answers, NeMo-Skills solutions)",
            matharena(
                List.of("aime/aime_2025_I", "aime/aime_2025_II"),
                List.of("I", "II"),
                15,
                nemoAime25()),
            30,
            "5aba8789669e3f0e21bb8c44e8033681f4265c3d64c6e5b4a7f4f6cb97d10af4",
            false,
            false,
            MathArenaConversions::aime25));
    add(
        new Benchmark(
            "math500",
            "MATH-500 (PRM800K's test subset)",
            List.of(
                SourceFile.github(
                    PublishedConversions.FILE,
                    SIMPLERL,
                    SIMPLERL_COMMIT,
                    "examples/simplelr_math_eval/data/math500/test.jsonl")),
            500,
            "680cfd5f6d38b444f5ae6662c0da445210a362f6826b5a2d27df98c92ab42b67",
            false,
            false,
            PublishedConversions::math500));
    add(
        qwen(
            "amc23",
            "AMC 12 2023 (numeric-answer form)",
            40,
            "73e5a13ca12858666879991e54a2c3ca51eab183764d53ee8925f4730a838211",
            QwenMathConversions::amc23));
    add(
        qwenAt(
            "minerva",
            "minerva_math",
            "Minerva math (MIT OCW)",
            272,
            "fc6c77c48a7d86ebb0a1a08c96d868bf3ba8c488a7d95170a18d49193cf5f417",
            QwenMathConversions::minerva));
    add(
        qwen(
            "olympiadbench",
            "OlympiadBench OE_TO_maths_en_COMP",
            675,
            "9a105aadf30f0226aa70f191f41932dba43361d7ac6d351796e3b4637c58c911",
            QwenMathConversions::olympiadbench));
    add(
        new Benchmark(
            "hmmt_feb25",
            "HMMT February 2025 (MathArena)",
            matharena(List.of("hmmt/hmmt_feb_2025"), List.of("hmmt_feb_2025"), 30, List.of()),
            30,
            "5aefd30e9ebee7923051635aea8079bbc576f39a9dc2c2ba8ddd5ca02f878118",
            false,
            false,
            MathArenaConversions::hmmtFeb25));
    add(
        new Benchmark(
            "gsm8k",
            "GSM8K test (the hub's Parquet file)",
            List.of(
                SourceFile.huggingFace(
                    PublishedConversions.FILE,
                    GSM8K,
                    GSM8K_REVISION,
                    "main/test-00000-of-00001.parquet")),
            1319,
            "75e3c7992db7d0ae12701ea630818db94dcc41e6ff3c4dada79e8fcb16d80eeb",
            false,
            false,
            PublishedConversions::gsm8k));
    add(
        new Benchmark(
            "humaneval",
            "HumanEval (code)",
            List.of(
                SourceFile.github(
                    PublishedConversions.FILE,
                    HUMAN_EVAL,
                    HUMAN_EVAL_COMMIT,
                    "data/HumanEval.jsonl.gz")),
            164,
            "ce05ed2974a65963beca92b9238587ba786160d6d34daaa6d8ebadb2ff0950de",
            true,
            false,
            PublishedConversions::humaneval));
    add(
        new Benchmark(
            "gpqa_diamond",
            "GPQA-Diamond (gated: needs HF_TOKEN and the dataset's terms accepted)",
            List.of(
                SourceFile.huggingFace(
                    PublishedConversions.FILE, GPQA, GPQA_REVISION, "gpqa_diamond.csv")),
            198,
            null,
            false,
            true,
            PublishedConversions::gpqaDiamond));
    add(
        qwen(
            "college_math",
            "College Math (Qwen2.5-Math's cloze set)",
            2818,
            COLLEGE_MATH_SHA256,
            QwenMathConversions.cloze("college_math")));
    add(
        qwen(
            "gaokao2023en",
            "GaoKao 2023 (en), Qwen2.5-Math's cloze set",
            383,
            GAOKAO2023EN_SHA256,
            QwenMathConversions.cloze("gaokao2023en")));
    add(
        qwenAt(
            "math",
            "math",
            "MATH test set, all 5,000 problems (Qwen2.5-Math's copy)",
            5000,
            null,
            QwenMathConversions::math));
    add(
        new Benchmark(
            "omni_math",
            "Omni-MATH (4,428 olympiad problems)",
            List.of(
                SourceFile.github(
                    PublishedConversions.FILE, OMNI_MATH, OMNI_MATH_COMMIT, "Omni-Math.jsonl")),
            0,
            null,
            false,
            false,
            PublishedConversions::omniMath));
    for (int release = 1; release <= LCB_FILES.size(); release++) {
      List<String> names = LCB_FILES.subList(0, release);
      List<SourceFile> files = new ArrayList<>();
      for (String file : names) {
        files.add(SourceFile.huggingFace(file, LCB, LCB_REVISION, file));
      }
      add(
          new Benchmark(
              "livecodebench_v" + release,
              "LiveCodeBench code_generation_lite release_v" + release + " (code)",
              files,
              0,
              null,
              true,
              false,
              PublishedConversions.liveCodeBench(names)));
    }
  }

  private Benchmarks() {}

  private static void add(Benchmark b) {
    ALL.put(b.name(), b);
  }

  private static Benchmark qwen(
      String name, String description, int rows, String sha256, Conversion conversion) {
    return qwenAt(name, name, description, rows, sha256, conversion);
  }

  private static Benchmark qwenAt(
      String name,
      String folder,
      String description,
      int rows,
      String sha256,
      Conversion conversion) {
    SourceFile file =
        SourceFile.github(
            QwenMathConversions.FILE,
            QWEN,
            QWEN_COMMIT,
            "evaluation/data/" + folder + "/test.jsonl");
    return new Benchmark(name, description, List.of(file), rows, sha256, false, false, conversion);
  }

  /** A MathArena contest folder per part: its answers.csv and problems/1.tex .. count.tex. */
  private static List<SourceFile> matharena(
      List<String> folders, List<String> parts, int count, List<SourceFile> more) {
    List<SourceFile> files = new ArrayList<>();
    for (int p = 0; p < folders.size(); p++) {
      String folder = "data/" + folders.get(p);
      String part = parts.get(p);
      files.add(
          SourceFile.github(
              MathArenaConversions.answersKey(part),
              MATHARENA,
              MATHARENA_COMMIT,
              folder + "/answers.csv"));
      for (int n = 1; n <= count; n++) {
        files.add(
            SourceFile.github(
                MathArenaConversions.problemKey(part, n),
                MATHARENA,
                MATHARENA_COMMIT,
                folder + "/problems/" + n + ".tex"));
      }
    }
    files.addAll(more);
    return files;
  }

  private static List<SourceFile> nemoAime25() {
    return List.of(
        SourceFile.github(
            MathArenaConversions.NEMO_AIME25,
            NEMO,
            NEMO_COMMIT,
            "nemo_skills/dataset/aime25/test.txt"));
  }

  public static List<Benchmark> all() {
    return List.copyOf(ALL.values());
  }

  public static Optional<Benchmark> byName(String name) {
    return Optional.ofNullable(ALL.get(name));
  }

  /** Every name {@code --benchmarks} knows: the file-pinned sets, then the Hub datasets. */
  public static List<String> names() {
    List<String> names = new ArrayList<>(ALL.keySet());
    names.addAll(HUB.keySet());
    return names;
  }

  /** The named benchmarks published as Hub datasets. */
  public static List<HubBenchmark> hub() {
    return List.copyOf(HUB.values());
  }

  public static Optional<HubBenchmark> hubByName(String name) {
    return Optional.ofNullable(HUB.get(name));
  }
}
