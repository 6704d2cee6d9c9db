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
  static final Set<String> FUNCTIONS =
      Set.of(
          "sin", "cos", "tan", "sec", "csc", "cot", "arcsin", "arccos", "arctan", "sinh", "cosh",
          "tanh", "ln", "log", "lg", "exp", "cis");
  private static final Set<String> RELATIONS = Set.of("=", "<", ">", "le", "ge", "ne", "lt", "gt");
  private static final Pattern WHITESPACE = Pattern.compile("\\s+");

  private final TokenCursor in;
  private final LatexCommands commands;

  private AnswerParser(List<LatexToken> tokens) {
    this.in = new TokenCursor(tokens);
    this.commands = new LatexCommands(this, in);
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
    if (TextOrMath.isText(normalized)) {
      return new Expr.Text(WHITESPACE.matcher(normalized).replaceAll(" ").trim());
    }
    AnswerParser parser = new AnswerParser(new ArrayList<>(LatexTokenizer.tokenize(normalized)));
    Expr result = parser.parseList();
    if (parser.in.peek().kind() != Kind.END) {
      throw new AnswerParseException("unexpected '" + parser.in.peek().text() + "'");
    }
    return result;
  }

  /** item (',' item)*: one item, or a bare list. */
  Expr parseList() throws AnswerParseException {
    List<Expr> items = parseItems();
    return items.size() == 1 ? items.get(0) : new Seq("", "", items);
  }

  List<Expr> parseItems() throws AnswerParseException {
    List<Expr> items = new ArrayList<>();
    items.add(parseItem());
    while (in.peek().isSymbol(",") || in.peek().isSymbol(";")) {
      in.next();
      items.add(parseItem());
    }
    return items;
  }

  Expr parseItem() throws AnswerParseException {
    Expr left = parseRatio();
    while (isRelation(in.peek())) {
      String op = in.next().text();
      if (op.equals("<") && in.peek().isSymbol("=")) {
        in.next();
        op = "le";
      } else if (op.equals(">") && in.peek().isSymbol("=")) {
        in.next();
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
    if (in.peek().isCommand("land") || in.peek().isCommand("wedge")) {
      in.next();
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
    if (!in.peek().isSymbol(":")) {
      return first;
    }
    List<Expr> parts = new ArrayList<>(List.of(first));
    while (in.peek().isSymbol(":")) {
      in.next();
      parts.add(parseUnion());
    }
    return parts.size() == 2
        ? new Quotient(parts.get(0), parts.get(1))
        : new Seq(":", ":", List.copyOf(parts));
  }

  static boolean isRelation(LatexToken t) {
    return t.kind() == Kind.SYMBOL
            && (t.text().equals("=") || t.text().equals("<") || t.text().equals(">"))
        || t.kind() == Kind.COMMAND && RELATIONS.contains(t.text());
  }

  private Expr parseUnion() throws AnswerParseException {
    List<Expr> parts = new ArrayList<>();
    parts.add(parseSum());
    while (in.peek().isCommand("cup") || in.peek().isCommand("setminus")) {
      if (in.next().text().equals("setminus")) {
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

  Expr parseSum() throws AnswerParseException {
    in.enter();
    Expr first;
    if (in.peek().isSymbol("-")) {
      in.next();
      first = new Neg(parseTerm());
    } else if (in.peek().isSymbol("+")) {
      in.next();
      first = parseTerm();
    } else if (in.peek().isCommand("pm") || in.peek().isCommand("mp")) {
      in.next();
      first = new Expr.PlusMinus(null, parseTerm());
    } else {
      first = parseTerm();
    }
    List<Expr> terms = new ArrayList<>();
    terms.add(first);
    while (true) {
      LatexToken t = in.peek();
      if (t.isSymbol("+")) {
        in.next();
        terms.add(parseTerm());
      } else if (t.isSymbol("-")) {
        in.next();
        terms.add(new Neg(parseTerm()));
      } else if (t.isCommand("pm") || t.isCommand("mp")) {
        in.next();
        Expr left = terms.size() == 1 ? terms.get(0) : new Sum(List.copyOf(terms));
        terms.clear();
        terms.add(new Expr.PlusMinus(left, parseTerm()));
      } else {
        break;
      }
    }
    in.leave();
    return terms.size() == 1 ? terms.get(0) : new Sum(List.copyOf(terms));
  }

  private Expr parseTerm() throws AnswerParseException {
    in.enter();
    List<Expr> factors = new ArrayList<>();
    factors.add(parseUnary());
    while (true) {
      LatexToken t = in.peek();
      if (t.isSymbol("*") || t.isCommand("cdot") || t.isCommand("times") || t.isCommand("ast")) {
        in.next();
        Expr right = parseUnary();
        // u \times v of two 3-vectors is their cross product, u \cdot v of two vectors their dot
        // product: as matrix products they would not be defined
        String vectorProduct =
            t.isCommand("times") || t.isCommand("cdot")
                ? MatrixArithmetic.vectorProduct(
                    factors.get(factors.size() - 1), right, t.isCommand("times"))
                : null;
        if (vectorProduct != null) {
          Expr left = factors.remove(factors.size() - 1);
          factors.add(new Expr.Call(vectorProduct, List.of(left, right)));
        } else {
          factors.add(right);
        }
      } else if (t.isSymbol("/") || t.isCommand("div")) {
        in.next();
        Expr numerator = product(factors);
        factors.clear();
        factors.add(new Quotient(numerator, parseUnary()));
      } else if (startsImplicitFactor(t)) {
        factors.add(parsePower());
      } else {
        break;
      }
    }
    in.leave();
    return product(factors);
  }

  static Expr product(List<Expr> factors) {
    return factors.size() == 1 ? factors.get(0) : new Product(List.copyOf(factors));
  }

  boolean startsImplicitFactor(LatexToken t) {
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
            || t.text().equals("|") && in.barDepth() == 0;
      default:
        return false;
    }
  }

  private Expr parseUnary() throws AnswerParseException {
    in.enter();
    Expr result;
    if (in.peek().isSymbol("-")) {
      in.next();
      result = new Neg(parseUnary());
    } else if (in.peek().isSymbol("+")) {
      in.next();
      result = parseUnary();
    } else if (in.peek().isCommand("pm") || in.peek().isCommand("mp")) {
      in.next();
      result = new Expr.PlusMinus(null, parseUnary());
    } else {
      result = parsePower();
    }
    in.leave();
    return result;
  }

  Expr parsePower() throws AnswerParseException {
    in.enter();
    Expr base = parsePostfix();
    while (in.peek().isSymbol("^")) {
      in.next();
      if (in.peek().isCommand("circ")) {
        in.next();
        base = degrees(base);
        continue;
      }
      Expr exponent = parseExponent();
      base = exponent == null ? degrees(base) : new Power(base, exponent);
      base = parsePostfixOn(base);
    }
    in.leave();
    return base;
  }

  private static Expr degrees(Expr value) {
    return new Product(
        List.of(value, new Quotient(new Const("pi"), new Num(Rational.of(180), false))));
  }

  Expr parseExponent() throws AnswerParseException {
    LatexToken t = in.peek();
    if (t.isSymbol("-")) {
      in.next();
      return new Neg(parseExponent());
    }
    if (t.isSymbol("+")) {
      in.next();
      return parseExponent();
    }
    if (t.isSymbol("{")) {
      in.next();
      if (in.peek().isCommand("circ")) {
        in.next();
        in.expectSymbol("}");
        return null;
      }
      Expr inner = parseList();
      in.expectSymbol("}");
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
      LatexToken t = in.peek();
      if (t.isSymbol("!")) {
        in.next();
        result = new Call("factorial", List.of(result));
      } else if (t.isSymbol("'")) {
        in.next();
        result =
            result instanceof Var v ? new Var(v.name() + "'") : new Call("prime", List.of(result));
      } else if (t.isSymbol("_") && (result instanceof Var || result instanceof Num)) {
        in.next();
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
    LatexToken t = in.next();
    if (t.isSymbol("{")) {
      StringBuilder text = new StringBuilder();
      int level = 1;
      while (true) {
        LatexToken u = in.next();
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
        in.pushBack(new LatexToken(Kind.WORD, t.text().substring(1), false));
        return t.text().substring(0, 1);
      }
      return t.text();
    }
    if (t.kind() == Kind.COMMAND) {
      return "\\" + t.text();
    }
    throw new AnswerParseException("bad subscript");
  }

  Expr singleLetter() {
    LatexToken t = in.next();
    if (t.text().length() > 1) {
      in.pushBack(new LatexToken(Kind.WORD, t.text().substring(1), false));
    }
    return letter(t.text().substring(0, 1));
  }

  static Expr letter(String l) {
    return switch (l) {
      case "e" -> new Const("e");
      case "i" -> new Const("i");
      default -> new Var(l);
    };
  }

  Expr parseAtom() throws AnswerParseException {
    in.enter();
    Expr result = parseAtomInner();
    in.leave();
    return result;
  }

  private Expr parseAtomInner() throws AnswerParseException {
    LatexToken t = in.next();
    switch (t.kind()) {
      case NUMBER:
        return number(t.text());
      case WORD:
        return commands.word(t);
      case COMMAND:
        return commands.command(t.text());
      case SYMBOL:
        return commands.symbol(t.text());
      default:
        throw new AnswerParseException("unexpected end of answer");
    }
  }

  static Expr number(String text) throws AnswerParseException {
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
}
