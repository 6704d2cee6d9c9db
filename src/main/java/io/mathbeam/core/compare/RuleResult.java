package io.mathbeam.core.compare;

/**
 * A gate rule applied to one dataset (a {@code "*"} rule gives one result per dataset).
 *
 * @param reason the figures behind the decision, or why it could not be made
 * @param power what the drop test could detect; null for threshold rules and results that could not
 *     be evaluated
 */
public record RuleResult(
    GateRule rule, String dataset, RuleStatus status, String reason, DetectionPower power) {

  public static RuleResult pass(GateRule rule, String dataset, String reason) {
    return new RuleResult(rule, dataset, RuleStatus.PASS, reason, null);
  }

  public static RuleResult fail(GateRule rule, String dataset, String reason) {
    return new RuleResult(rule, dataset, RuleStatus.FAIL, reason, null);
  }

  public static RuleResult notEvaluable(GateRule rule, String dataset, String reason) {
    return new RuleResult(rule, dataset, RuleStatus.NOT_EVALUABLE, reason, null);
  }
}
