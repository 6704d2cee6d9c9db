package io.mathbeam.core.grading;

import io.mathbeam.core.grading.Expr.Call;
import io.mathbeam.core.grading.Expr.Const;
import io.mathbeam.core.grading.Expr.Neg;
import io.mathbeam.core.grading.Expr.Num;
import io.mathbeam.core.grading.Expr.Power;
import io.mathbeam.core.grading.Expr.Product;
import io.mathbeam.core.grading.Expr.Quotient;
import io.mathbeam.core.grading.Expr.Seq;
import io.mathbeam.core.grading.Expr.Sum;
import io.mathbeam.core.grading.Expr.Var;
import io.mathbeam.core.grading.LatexToken.Kind;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Parses a normalized answer ({@link AnswerNormalizer}) into an {@link Expr}. LaTeX and plain
 * notation are both accepted: {@code \frac{1}{2}}, {@code 1/2}, {@code x^2+2x}, {@code 2*x}, {@code
 * \sqrt[3]{4}}, {@code (1,2]}, {@code \{1,2\}}, {@code \begin{pmatrix}..}. Juxtaposition
 * multiplies; a bare comma list is an unordered list of answers; {@code F(x)} with an upper-case
 * letter or {@code f, g, h, u} is a function application, other letters multiply ({@code n(n+1)}).
 * One instance parses one string; not thread-safe, create one per call.
 */
final class AnswerParser {
  static final int MAX_LENGTH = 4000;
  private static final int MAX_DEPTH = 150;
  private static final Set<String> FUNCTIONS =
      Set.of(
          "sin", "cos", "tan", "sec", "csc", "cot", "arcsin", "arccos", "arctan", "sinh", "cosh",
          "tanh", "ln", "log", "lg", "exp", "cis");
  private static final Set<String> WORD_FUNCTIONS = Set.of("sqrt", "pi");
  private static final Set<String> APPLY_LETTERS = Set.of("f", "g", "h", "u");
  private static final Set<String> RELATIONS = Set.of("=", "<", ">", "le", "ge", "ne", "lt", "gt");
  private static final Set<String> MATRICES =
      Set.of(
          "pmatrix", "bmatrix", "Bmatrix", "vmatrix", "Vmatrix", "matrix", "smallmatrix", "array");
  private static final Pattern WORDY = Pattern.compile("(?<![\\\\a-zA-Z])[a-zA-Z]{3,}");

  private static final Pattern ENVIRONMENT = Pattern.compile("\\\\(?:begin|end)\\{[a-zA-Z*]*\\}");
  private static final Pattern WHITESPACE = Pattern.compile("\\s+");
  private static final Pattern SUBSCRIPT = Pattern.compile("_\\{[^{}]*\\}");

  private final List<LatexToken> tokens;
  private int pos;
  private int depth;
  private int absDepth;

  private AnswerParser(List<LatexToken> tokens) {
    this.tokens = tokens;
  }

  /**
   * Parses a normalized answer. Words (three letters or more, or non-ASCII) make a {@link
   * Expr.Text}.
   */
  static Expr parse(String normalized) throws AnswerParseException {
    if (normalized == null || normalized.isBlank()) {
      throw new AnswerParseException("empty answer");
    }
    if (normalized.length() > MAX_LENGTH) {
      throw new GradingLimitException("answer longer than " + MAX_LENGTH + " characters");
    }
    if (isText(normalized)) {
      return new Expr.Text(WHITESPACE.matcher(normalized).replaceAll(" ").trim());
    }
    AnswerParser parser = new AnswerParser(new ArrayList<>(LatexTokenizer.tokenize(normalized)));
    Expr result = parser.parseList();
    if (parser.peek().kind() != Kind.END) {
      throw new AnswerParseException("unexpected '" + parser.peek().text() + "'");
    }
    return result;
  }

  private static boolean isText(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (Character.isLetter(s.charAt(i)) && s.charAt(i) > 127) {
        return true;
      }
    }
    if (!hasWord(s)) {
      return false;
    }
    if (s.indexOf('^') >= 0 || s.contains("\\frac") || s.contains("\\sqrt")) {
      // Powers, fractions and roots are mathematics: RCs and LCs^2 are products of variables.
      return false;
    }
    String words = s.indexOf('\\') >= 0 ? ENVIRONMENT.matcher(s).replaceAll(" ") : s;
    if (words.indexOf('_') >= 0) {
      words = SUBSCRIPT.matcher(words).replaceAll(" ");
    }
    var m = WORDY.matcher(words);
    while (m.find()) {
      String word = m.group().toLowerCase(Locale.ROOT);
      if (!FUNCTIONS.contains(word) && !WORD_FUNCTIONS.contains(word)) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code s} has three ASCII letters in a row (a cheap test before the regex). */
  private static boolean hasWord(String s) {
    int run = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      run = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' ? run + 1 : 0;
      if (run >= 3) {
        return true;
      }
    }
    return false;
  }

  private LatexToken peek() {
    return tokens.get(pos);
  }

  private LatexToken next() {
    LatexToken t = tokens.get(pos);
    if (t.kind() != Kind.END) {
      pos++;
    }
    return t;
  }

  private void expectSymbol(String symbol) throws AnswerParseException {
    LatexToken t = next();
    if (!t.isSymbol(symbol)) {
      throw new AnswerParseException("expected '" + symbol + "' but found '" + t.text() + "'");
    }
  }

  private void enter() {
    if (++depth > MAX_DEPTH) {
      throw new GradingLimitException("nesting deeper than " + MAX_DEPTH);
    }
  }

  /** item (',' item)*: one item, or a bare list. */
  private Expr parseList() throws AnswerParseException {
    List<Expr> items = parseItems();
    return items.size() == 1 ? items.get(0) : new Seq("", "", items);
  }

  private List<Expr> parseItems() throws AnswerParseException {
    List<Expr> items = new ArrayList<>();
    items.add(parseItem());
    while (peek().isSymbol(",") || peek().isSymbol(";")) {
      next();
      items.add(parseItem());
    }
    return items;
  }

  private Expr parseItem() throws AnswerParseException {
    Expr left = parseRatio();
    while (isRelation(peek())) {
      String op = next().text();
      if (op.equals("<") && peek().isSymbol("=")) {
        next();
        op = "le";
      } else if (op.equals(">") && peek().isSymbol("=")) {
        next();
        op = "ge";
      }
      op =
          switch (op) {
            case "lt" -> "<";
            case "gt" -> ">";
            default -> op;
          };
      left = new Expr.Relation(op, left, parseRatio());
    }
    if (peek().isCommand("land") || peek().isCommand("wedge")) {
      next();
      return new Expr.Relation("and", left, parseItem());
    }
    return left;
  }

  /**
   * {@code a : b} is the ratio {@code a/b} (so {@code 2:4} = {@code 1:2}); three or more parts stay
   * an ordered {@code :} sequence. Clock times are read before parsing ({@link ClockTime}).
   */
  private Expr parseRatio() throws AnswerParseException {
    Expr first = parseUnion();
    if (!peek().isSymbol(":")) {
      return first;
    }
    List<Expr> parts = new ArrayList<>(List.of(first));
    while (peek().isSymbol(":")) {
      next();
      parts.add(parseUnion());
    }
    return parts.size() == 2
        ? new Quotient(parts.get(0), parts.get(1))
        : new Seq(":", ":", List.copyOf(parts));
  }

  private static boolean isRelation(LatexToken t) {
    return t.kind() == Kind.SYMBOL
            && (t.text().equals("=") || t.text().equals("<") || t.text().equals(">"))
        || t.kind() == Kind.COMMAND && RELATIONS.contains(t.text());
  }

  private Expr parseUnion() throws AnswerParseException {
    List<Expr> parts = new ArrayList<>();
    parts.add(parseSum());
    while (peek().isCommand("cup") || peek().isCommand("setminus")) {
      if (next().text().equals("setminus")) {
        // A \setminus B, read by Equivalence as the set difference.
        Expr whole = parts.size() == 1 ? parts.get(0) : new Expr.Union(List.copyOf(parts));
        parts.clear();
        parts.add(new Call("setminus", List.of(whole, parseSum())));
      } else {
        parts.add(parseSum());
      }
    }
    return parts.size() == 1 ? parts.get(0) : new Expr.Union(parts);
  }

  private Expr parseSum() throws AnswerParseException {
    enter();
    Expr first;
    if (peek().isSymbol("-")) {
      next();
      first = new Neg(parseTerm());
    } else if (peek().isSymbol("+")) {
      next();
      first = parseTerm();
    } else if (peek().isCommand("pm") || peek().isCommand("mp")) {
      next();
      first = new Expr.PlusMinus(null, parseTerm());
    } else {
      first = parseTerm();
    }
    List<Expr> terms = new ArrayList<>();
    terms.add(first);
    while (true) {
      LatexToken t = peek();
      if (t.isSymbol("+")) {
        next();
        terms.add(parseTerm());
      } else if (t.isSymbol("-")) {
        next();
        terms.add(new Neg(parseTerm()));
      } else if (t.isCommand("pm") || t.isCommand("mp")) {
        next();
        Expr left = terms.size() == 1 ? terms.get(0) : new Sum(List.copyOf(terms));
        terms.clear();
        terms.add(new Expr.PlusMinus(left, parseTerm()));
      } else {
        break;
      }
    }
    depth--;
    return terms.size() == 1 ? terms.get(0) : new Sum(List.copyOf(terms));
  }

  private Expr parseTerm() throws AnswerParseException {
    enter();
    List<Expr> factors = new ArrayList<>();
    factors.add(parseUnary());
    while (true) {
      LatexToken t = peek();
      if (t.isSymbol("*") || t.isCommand("cdot") || t.isCommand("times") || t.isCommand("ast")) {
        next();
        factors.add(parseUnary());
      } else if (t.isSymbol("/") || t.isCommand("div")) {
        next();
        Expr numerator = product(factors);
        factors.clear();
        factors.add(new Quotient(numerator, parseUnary()));
      } else if (startsImplicitFactor(t)) {
        factors.add(parsePower());
      } else {
        break;
      }
    }
    depth--;
    return product(factors);
  }

  private static Expr product(List<Expr> factors) {
    return factors.size() == 1 ? factors.get(0) : new Product(List.copyOf(factors));
  }

  private boolean startsImplicitFactor(LatexToken t) {
    switch (t.kind()) {
      case NUMBER, WORD:
        return true;
      case COMMAND:
        return !isRelation(t)
            && !Set.of(
                    "cup",
                    "pm",
                    "mp",
                    "cdot",
                    "times",
                    "div",
                    "end",
                    "right",
                    "rfloor",
                    "rceil",
                    "}",
                    "\\",
                    "rvert",
                    "ast",
                    "in",
                    "to",
                    "circ",
                    "land",
                    "wedge",
                    "setminus")
                .contains(t.text());
      case SYMBOL:
        return t.text().equals("(")
            || t.text().equals("[")
            || t.text().equals("{")
            || t.text().equals("|") && absDepth == 0;
      default:
        return false;
    }
  }

  private Expr parseUnary() throws AnswerParseException {
    enter();
    Expr result;
    if (peek().isSymbol("-")) {
      next();
      result = new Neg(parseUnary());
    } else if (peek().isSymbol("+")) {
      next();
      result = parseUnary();
    } else if (peek().isCommand("pm") || peek().isCommand("mp")) {
      next();
      result = new Expr.PlusMinus(null, parseUnary());
    } else {
      result = parsePower();
    }
    depth--;
    return result;
  }

  private Expr parsePower() throws AnswerParseException {
    enter();
    Expr base = parsePostfix();
    while (peek().isSymbol("^")) {
      next();
      if (peek().isCommand("circ")) {
        next();
        base = degrees(base);
        continue;
      }
      Expr exponent = parseExponent();
      base = exponent == null ? degrees(base) : new Power(base, exponent);
      base = parsePostfixOn(base);
    }
    depth--;
    return base;
  }

  private static Expr degrees(Expr value) {
    return new Product(
        List.of(value, new Quotient(new Const("pi"), new Num(Rational.of(180), false))));
  }

  private Expr parseExponent() throws AnswerParseException {
    LatexToken t = peek();
    if (t.isSymbol("-")) {
      next();
      return new Neg(parseExponent());
    }
    if (t.isSymbol("+")) {
      next();
      return parseExponent();
    }
    if (t.isSymbol("{")) {
      next();
      if (peek().isCommand("circ")) {
        next();
        expectSymbol("}");
        return null;
      }
      Expr inner = parseList();
      expectSymbol("}");
      return inner;
    }
    if (t.kind() == Kind.WORD) {
      return singleLetter();
    }
    return parseAtom();
  }

  private Expr parsePostfix() throws AnswerParseException {
    return parsePostfixOn(parseAtom());
  }

  private Expr parsePostfixOn(Expr atom) throws AnswerParseException {
    Expr result = atom;
    while (true) {
      LatexToken t = peek();
      if (t.isSymbol("!")) {
        next();
        result = new Call("factorial", List.of(result));
      } else if (t.isSymbol("'")) {
        next();
        result =
            result instanceof Var v ? new Var(v.name() + "'") : new Call("prime", List.of(result));
      } else if (t.isSymbol("_") && (result instanceof Var || result instanceof Num)) {
        next();
        String sub = subscriptText();
        String name = result instanceof Var v ? v.name() : ((Num) result).value().toString();
        result = new Var(name + "_" + sub);
      } else {
        return result;
      }
    }
  }

  /** The raw text of a subscript, braces removed, so v_{0} and v_0 name the same variable. */
  private String subscriptText() throws AnswerParseException {
    LatexToken t = next();
    if (t.isSymbol("{")) {
      StringBuilder text = new StringBuilder();
      int level = 1;
      while (true) {
        LatexToken u = next();
        if (u.kind() == Kind.END) {
          throw new AnswerParseException("unclosed subscript");
        }
        if (u.isSymbol("{")) {
          level++;
        } else if (u.isSymbol("}") && --level == 0) {
          break;
        }
        text.append(u.kind() == Kind.COMMAND ? "\\" + u.text() + " " : u.text());
      }
      return text.toString().trim();
    }
    if (t.kind() == Kind.NUMBER || t.kind() == Kind.WORD) {
      if (t.text().length() > 1 && t.kind() == Kind.WORD) {
        tokens.add(pos, new LatexToken(Kind.WORD, t.text().substring(1), false));
        return t.text().substring(0, 1);
      }
      return t.text();
    }
    if (t.kind() == Kind.COMMAND) {
      return "\\" + t.text();
    }
    throw new AnswerParseException("bad subscript");
  }

  private Expr singleLetter() {
    LatexToken t = next();
    if (t.text().length() > 1) {
      tokens.add(pos, new LatexToken(Kind.WORD, t.text().substring(1), false));
    }
    return letter(t.text().substring(0, 1));
  }

  private static Expr letter(String l) {
    return switch (l) {
      case "e" -> new Const("e");
      case "i" -> new Const("i");
      default -> new Var(l);
    };
  }

  private Expr parseAtom() throws AnswerParseException {
    enter();
    Expr result = parseAtomInner();
    depth--;
    return result;
  }

  private Expr parseAtomInner() throws AnswerParseException {
    LatexToken t = next();
    switch (t.kind()) {
      case NUMBER:
        return number(t.text());
      case WORD:
        return word(t);
      case COMMAND:
        return command(t.text());
      case SYMBOL:
        return symbol(t.text());
      default:
        throw new AnswerParseException("unexpected end of answer");
    }
  }

  private static Expr number(String text) throws AnswerParseException {
    try {
      BigDecimal value = new BigDecimal(text.endsWith(".") ? text + "0" : text);
      if (Math.abs((long) value.scale()) > 10_000) {
        throw new AnswerParseException("number exponent too large");
      }
      // "1." (a float literal without decimals) is still the integer 1.
      boolean approximate = text.contains(".") && !text.endsWith(".");
      return new Num(Rational.of(value), approximate);
    } catch (NumberFormatException e) {
      throw new AnswerParseException("bad number " + text);
    }
  }

  private Expr word(LatexToken t) throws AnswerParseException {
    String w = t.text();
    for (String name : FUNCTIONS) {
      if (w.equals(name)) {
        return function(name);
      }
    }
    if (w.equals("sqrt")) {
      return new Call("sqrt", List.of(functionArgument()));
    }
    if (w.equals("pi")) {
      return new Const("pi");
    }
    if (w.length() > 1) {
      tokens.add(pos, new LatexToken(Kind.WORD, w.substring(1), false));
      w = w.substring(0, 1);
    } else if (peek().isSymbol("(")
        && !peek().spaceBefore()
        && (APPLY_LETTERS.contains(w)
            || Character.isUpperCase(w.charAt(0)) && simpleArguments()
            || namesFunction())) {
      next();
      List<Expr> args = parseItems();
      expectSymbol(")");
      return new Call("apply:" + w, args);
    }
    return letter(w);
  }

  /** Whether the group after {@code \\overline} holds a number: a conjugate, not a segment. */
  private boolean conjugateAhead() {
    int level = 0;
    for (int i = pos; i < tokens.size(); i++) {
      LatexToken t = tokens.get(i);
      if (t.isSymbol("{")) {
        level++;
      } else if (t.isSymbol("}") && --level == 0) {
        return false;
      } else if (t.kind() == Kind.NUMBER) {
        return true;
      }
    }
    return false;
  }

  /**
   * After {@code P}, an upper-case function name when its arguments are single letters or numbers
   * ({@code P(A)}, {@code T(10)}); {@code A(1-i)} is a product.
   */
  private boolean simpleArguments() {
    int i = pos + 1;
    while (i < tokens.size()) {
      LatexToken t = tokens.get(i);
      if (t.isSymbol(")")) {
        return i > pos + 1;
      }
      boolean single = t.kind() == Kind.NUMBER || t.kind() == Kind.WORD && t.text().length() == 1;
      if (!single && !t.isSymbol(",") && !(t.isSymbol("-") && i == pos + 1)) {
        return false;
      }
      i++;
    }
    return false;
  }

  /** After {@code p}: {@code p(x) =}, a lower-case letter defining a function of one letter. */
  private boolean namesFunction() {
    return pos + 3 < tokens.size()
        && tokens.get(pos + 1).kind() == Kind.WORD
        && tokens.get(pos + 1).text().length() == 1
        && tokens.get(pos + 2).isSymbol(")")
        && tokens.get(pos + 3).isSymbol("=")
        && pos == 1;
  }

  private Expr command(String name) throws AnswerParseException {
    switch (name) {
      case "frac":
        return new Quotient(argument(), argument());
      case "sqrt":
        if (peek().isSymbol("[")) {
          next();
          Expr index = parseSum();
          expectSymbol("]");
          return new Call("root", List.of(argument(), index));
        }
        return new Call("sqrt", List.of(argument()));
      case "binom":
        return new Call("binom", List.of(argument(), argument()));
      case "det":
        {
          Expr matrix = parsePower();
          if (matrix instanceof Expr.Matrix m && Matrices.isSquare(m.rows(), 4)) {
            return Matrices.determinant(m.rows());
          }
          return new Call("apply:det", List.of(matrix));
        }
      case "pi":
        return new Const("pi");
      case "infty", "infinity":
        return new Const("infinity");
      case "emptyset", "varnothing":
        return new Seq("{", "}", List.of());
      case "{":
        return delimited("{", "\\}", "}");
      case "lfloor":
        return closedCall("floor", "rfloor");
      case "lceil":
        return closedCall("ceil", "rceil");
      case "lvert", "vert", "|":
        return closedCall("abs", name.equals("lvert") ? "rvert" : name);
      case "begin":
        return environment();
      default:
        break;
    }
    if (FUNCTIONS.contains(name)) {
      return function(name);
    }
    if (isRelation(new LatexToken(Kind.COMMAND, name, false))
        || Set.of("cup", "end", "right", "\\", "cdot", "times", "div", "in").contains(name)) {
      throw new AnswerParseException("unexpected \\" + name);
    }
    if (name.equals("overline") && peek().isSymbol("{") && conjugateAhead()) {
      // \overline{3+4i}: the complex conjugate (a segment \overline{AB} has no digit).
      return new Call("conj", List.of(argument()));
    }
    if (peek().isSymbol("{") && !peek().spaceBefore()) {
      String inner = rawGroup();
      if (name.equals("mathbb") && inner.equals("R")) {
        return new Seq("(", ")", List.of(new Neg(new Const("infinity")), new Const("infinity")));
      }
      return new Var("\\" + name + "{" + inner + "}");
    }
    return new Var("\\" + name);
  }

  private String rawGroup() throws AnswerParseException {
    next();
    StringBuilder text = new StringBuilder();
    int level = 1;
    while (true) {
      LatexToken u = next();
      if (u.kind() == Kind.END) {
        throw new AnswerParseException("unclosed group");
      }
      if (u.isSymbol("{")) {
        level++;
      } else if (u.isSymbol("}") && --level == 0) {
        return text.toString().trim();
      }
      text.append(u.kind() == Kind.COMMAND ? "\\" + u.text() + " " : u.text());
    }
  }

  private Expr closedCall(String function, String closer) throws AnswerParseException {
    absDepth++;
    Expr inner = parseList();
    absDepth--;
    LatexToken t = next();
    if (!(t.kind() == Kind.COMMAND && t.text().equals(closer))) {
      throw new AnswerParseException("expected \\" + closer);
    }
    return new Call(function, List.of(inner));
  }

  /** sin, cos, log ... with an optional base subscript and power, then the argument. */
  private Expr function(String name) throws AnswerParseException {
    Expr base = null;
    Expr power = null;
    for (int k = 0; k < 2; k++) {
      if (peek().isSymbol("_")) {
        next();
        base = parseExponent();
      } else if (peek().isSymbol("^")) {
        next();
        power = parseExponent();
      }
    }
    Expr arg = functionArgument();
    String canonical = name.equals("lg") ? "log" : name;
    List<Expr> args = base == null ? List.of(arg) : List.of(arg, base);
    if (canonical.equals("log") && base == null) {
      canonical = "ln";
    }
    Expr call = new Call(canonical, args);
    if (power != null) {
      if (power instanceof Neg n
          && n.operand() instanceof Num one
          && one.value().equals(Rational.ONE)) {
        return new Call("arc" + canonical, args);
      }
      return new Power(call, power);
    }
    return call;
  }

  /**
   * A parenthesised or braced group, or the implicit product up to the next operator or function.
   */
  private Expr functionArgument() throws AnswerParseException {
    LatexToken t = peek();
    if (t.isSymbol("(") || t.isSymbol("{")) {
      return parsePower();
    }
    List<Expr> factors = new ArrayList<>();
    factors.add(parsePower());
    while (startsImplicitFactor(peek())
        && !isFunctionStart(peek())
        && !peek().isSymbol("(")
        && !peek().isSymbol("[")) {
      factors.add(parsePower());
    }
    return product(factors);
  }

  private static boolean isFunctionStart(LatexToken t) {
    return (t.kind() == Kind.COMMAND || t.kind() == Kind.WORD) && FUNCTIONS.contains(t.text());
  }

  /** A command argument: a braced group, or a single digit, letter or command (\frac12). */
  private Expr argument() throws AnswerParseException {
    LatexToken t = peek();
    if (t.isSymbol("{")) {
      next();
      Expr inner = parseList();
      expectSymbol("}");
      return inner;
    }
    if (t.kind() == Kind.NUMBER) {
      next();
      if (t.text().length() > 1) {
        tokens.add(pos, new LatexToken(Kind.NUMBER, t.text().substring(1), false));
      }
      return number(t.text().substring(0, 1));
    }
    if (t.kind() == Kind.WORD) {
      return singleLetter();
    }
    return parseAtom();
  }

  private Expr symbol(String s) throws AnswerParseException {
    switch (s) {
      case "(":
        return delimited("(", null, null);
      case "[":
        return delimited("[", null, null);
      case "{":
        return delimited("{", "}", "}");
      case "|":
        absDepth++;
        Expr inner = parseList();
        absDepth--;
        expectSymbol("|");
        return new Call("abs", List.of(inner));
      default:
        throw new AnswerParseException("unexpected '" + s + "'");
    }
  }

  /**
   * After an opening delimiter: the items, then a closing one. ( and [ may close with ) or ]
   * (intervals); one item in ( ), [ ] or { } is plain grouping; \{ \} is always a set.
   */
  private Expr delimited(String open, String closeCommand, String closeSymbol)
      throws AnswerParseException {
    int savedAbs = absDepth;
    absDepth = 0;
    List<Expr> items = parseItems();
    absDepth = savedAbs;
    LatexToken t = next();
    String close;
    if (closeCommand == null) {
      if (!(t.isSymbol(")") || t.isSymbol("]"))) {
        throw new AnswerParseException("unclosed " + open);
      }
      close = t.text();
    } else if (t.kind() == Kind.COMMAND && ("\\" + t.text()).equals(closeCommand)
        || t.isSymbol(closeSymbol)) {
      close = "}";
    } else {
      throw new AnswerParseException("unclosed " + open);
    }
    boolean escapedSet = "\\}".equals(closeCommand);
    if (items.size() == 1
        && !escapedSet
        && (open.equals("(") || open.equals("{") || open.equals("[") && close.equals("]"))) {
      return items.get(0);
    }
    return new Seq(open, close, List.copyOf(items));
  }

  private Expr environment() throws AnswerParseException {
    String env = rawGroup();
    if (env.equals("array") && peek().isSymbol("{")) {
      rawGroup();
    }
    List<List<Expr>> rows = new ArrayList<>();
    List<Expr> row = new ArrayList<>();
    while (true) {
      LatexToken t = peek();
      if (t.isCommand("end")) {
        next();
        rawGroup();
        break;
      }
      if (t.kind() == Kind.END) {
        throw new AnswerParseException("unclosed \\begin{" + env + "}");
      }
      if (t.isCommand("\\")) {
        next();
        if (!row.isEmpty()) {
          rows.add(List.copyOf(row));
        }
        row = new ArrayList<>();
        continue;
      }
      if (t.isSymbol("&")) {
        next();
        continue;
      }
      row.add(parseItem());
      if (peek().isSymbol(",") && env.equals("cases")) {
        next();
      }
    }
    if (!row.isEmpty()) {
      rows.add(List.copyOf(row));
    }
    if (rows.isEmpty()) {
      throw new AnswerParseException("empty environment");
    }
    if (env.equals("cases")) {
      List<Expr> items = new ArrayList<>();
      for (List<Expr> r : rows) {
        items.add(r.get(0));
      }
      return items.size() == 1 ? items.get(0) : new Seq("", "", List.copyOf(items));
    }
    if (!MATRICES.contains(env)) {
      throw new AnswerParseException("unknown environment " + env);
    }
    if (env.equals("vmatrix") && Matrices.isSquare(rows, 4)) {
      // |a b; c d| is the determinant ad - bc.
      return Matrices.determinant(rows);
    }
    return new Expr.Matrix(List.copyOf(rows));
  }
}
