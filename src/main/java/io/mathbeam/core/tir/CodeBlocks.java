package io.mathbeam.core.tir;

/**
 * The fences of tool-integrated reasoning, as NeMo-Skills writes them: the model opens a block with
 * {@code ```python}, the client stops generation at the closing {@code ```} line, runs the block
 * and appends its output in a {@code ```output} block.
 */
final class CodeBlocks {
  static final String CLOSE = "```\n";
  static final String OUTPUT_OPEN = "```output\n";
  private static final String[] OPENINGS = {"```python\n", "```py\n", "```python3\n"};

  private CodeBlocks() {}

  /**
   * The code of the python block {@code text} ends inside (the generation stopped at its closing
   * fence), or null when the text does not end inside one.
   */
  static String openBlock(String text) {
    int start = -1;
    int bodyStart = -1;
    for (String opening : OPENINGS) {
      int at = text.lastIndexOf(opening);
      if (at > start) {
        start = at;
        bodyStart = at + opening.length();
      }
    }
    if (start < 0 || text.indexOf("```", bodyStart) >= 0) {
      return null;
    }
    String code = text.substring(bodyStart);
    return code.isBlank() ? null : code;
  }
}
