package io.mathbeam.core.grading;

import io.mathbeam.core.grading.Expr.Call;
import io.mathbeam.core.grading.Expr.Const;
import io.mathbeam.core.grading.Expr.Neg;
import io.mathbeam.core.grading.Expr.Num;
import io.mathbeam.core.grading.Expr.Power;
import io.mathbeam.core.grading.Expr.Quotient;
import io.mathbeam.core.grading.Expr.Seq;
import io.mathbeam.core.grading.Expr.Var;
import io.mathbeam.core.grading.LatexToken.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Parses the named and bracketed parts of an answer (LaTeX commands, function names, environments,
 * groups) for {@link AnswerParser}, whose grammar it calls back for the expressions inside them.
 */
final class LatexCommands {
  private static final Set<String> MATRICES =
      Set.of(
          "pmatrix", "bmatrix", "Bmatrix", "vmatrix", "Vmatrix", "matrix", "smallmatrix", "array");

  private static final Set<String> APPLY_LETTERS = Set.of("f", "g", "h", "u");

  private final AnswerParser grammar;
  private final TokenCursor in;

  LatexCommands(AnswerParser grammar, TokenCursor in) {
    this.grammar = grammar;
    this.in = in;
  }

  /** A run of letters: a function, {@code pi}, an applied function {@code f(x)} or a letter. */
  Expr word(LatexToken t) throws AnswerParseException {
    String w = t.text();
    for (String name : AnswerParser.FUNCTIONS) {
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
      in.pushBack(new LatexToken(Kind.WORD, w.substring(1), false));
      w = w.substring(0, 1);
    } else if (in.peek().isSymbol("(")
        && !in.peek().spaceBefore()
        && (APPLY_LETTERS.contains(w)
            || Character.isUpperCase(w.charAt(0)) && in.simpleArguments()
            || in.namesFunction())) {
      in.next();
      List<Expr> args = grammar.parseItems();
      in.expectSymbol(")");
      return new Call("apply:" + w, args);
    }
    return AnswerParser.letter(w);
  }

  Expr command(String name) throws AnswerParseException {
    switch (name) {
      case "frac":
        return new Quotient(argument(), argument());
      case "sqrt":
        if (in.peek().isSymbol("[")) {
          in.next();
          Expr index = grammar.parseSum();
          in.expectSymbol("]");
          return new Call("root", List.of(argument(), index));
        }
        return new Call("sqrt", List.of(argument()));
      case "binom":
        return new Call("binom", List.of(argument(), argument()));
      case "det":
        {
          Expr matrix = grammar.parsePower();
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
    if (AnswerParser.FUNCTIONS.contains(name)) {
      return function(name);
    }
    if (AnswerParser.isRelation(new LatexToken(Kind.COMMAND, name, false))
        || Set.of("cup", "end", "right", "\\", "cdot", "times", "div", "in").contains(name)) {
      throw new AnswerParseException("unexpected \\" + name);
    }
    if (name.equals("overline") && in.peek().isSymbol("{") && in.conjugateAhead()) {
      // \overline{3+4i}: the complex conjugate (a segment \overline{AB} has no digit).
      return new Call("conj", List.of(argument()));
    }
    if (in.peek().isSymbol("{") && !in.peek().spaceBefore()) {
      String inner = rawGroup();
      if (name.equals("mathbb") && inner.equals("R")) {
        return new Seq("(", ")", List.of(new Neg(new Const("infinity")), new Const("infinity")));
      }
      return new Var("\\" + name + "{" + inner + "}");
    }
    return new Var("\\" + name);
  }

  private String rawGroup() throws AnswerParseException {
    in.next();
    StringBuilder text = new StringBuilder();
    int level = 1;
    while (true) {
      LatexToken u = in.next();
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
    in.enterBars();
    Expr inner = grammar.parseList();
    in.leaveBars();
    LatexToken t = in.next();
    if (!(t.kind() == Kind.COMMAND && t.text().equals(closer))) {
      throw new AnswerParseException("expected \\" + closer);
    }
    return new Call(function, List.of(inner));
  }

  /** sin, cos, log ... with an optional base subscript and power, then the argument. */
  Expr function(String name) throws AnswerParseException {
    Expr base = null;
    Expr power = null;
    for (int k = 0; k < 2; k++) {
      if (in.peek().isSymbol("_")) {
        in.next();
        base = grammar.parseExponent();
      } else if (in.peek().isSymbol("^")) {
        in.next();
        power = grammar.parseExponent();
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
  Expr functionArgument() throws AnswerParseException {
    LatexToken t = in.peek();
    if (t.isSymbol("(") || t.isSymbol("{")) {
      return grammar.parsePower();
    }
    List<Expr> factors = new ArrayList<>();
    factors.add(grammar.parsePower());
    while (grammar.startsImplicitFactor(in.peek())
        && !isFunctionStart(in.peek())
        && !in.peek().isSymbol("(")
        && !in.peek().isSymbol("[")) {
      factors.add(grammar.parsePower());
    }
    return AnswerParser.product(factors);
  }

  private static boolean isFunctionStart(LatexToken t) {
    return (t.kind() == Kind.COMMAND || t.kind() == Kind.WORD)
        && AnswerParser.FUNCTIONS.contains(t.text());
  }

  /** A command argument: a braced group, or a single digit, letter or command (\frac12). */
  private Expr argument() throws AnswerParseException {
    LatexToken t = in.peek();
    if (t.isSymbol("{")) {
      in.next();
      Expr inner = grammar.parseList();
      in.expectSymbol("}");
      return inner;
    }
    if (t.kind() == Kind.NUMBER) {
      in.next();
      if (t.text().length() > 1) {
        in.pushBack(new LatexToken(Kind.NUMBER, t.text().substring(1), false));
      }
      return AnswerParser.number(t.text().substring(0, 1));
    }
    if (t.kind() == Kind.WORD) {
      return grammar.singleLetter();
    }
    return grammar.parseAtom();
  }

  Expr symbol(String s) throws AnswerParseException {
    switch (s) {
      case "(":
        return delimited("(", null, null);
      case "[":
        return delimited("[", null, null);
      case "{":
        return delimited("{", "}", "}");
      case "|":
        in.enterBars();
        Expr inner = grammar.parseList();
        in.leaveBars();
        in.expectSymbol("|");
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
    int savedBars = in.barDepth();
    in.setBarDepth(0);
    List<Expr> items = grammar.parseItems();
    in.setBarDepth(savedBars);
    LatexToken t = in.next();
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
    if (env.equals("array") && in.peek().isSymbol("{")) {
      rawGroup();
    }
    List<List<Expr>> rows = new ArrayList<>();
    List<Expr> row = new ArrayList<>();
    while (true) {
      LatexToken t = in.peek();
      if (t.isCommand("end")) {
        in.next();
        rawGroup();
        break;
      }
      if (t.kind() == Kind.END) {
        throw new AnswerParseException("unclosed \\begin{" + env + "}");
      }
      if (t.isCommand("\\")) {
        in.next();
        if (!row.isEmpty()) {
          rows.add(List.copyOf(row));
        }
        row = new ArrayList<>();
        continue;
      }
      if (t.isSymbol("&")) {
        in.next();
        continue;
      }
      row.add(grammar.parseItem());
      if (in.peek().isSymbol(",") && env.equals("cases")) {
        in.next();
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
