package io.mathbeam.pipelines.options;

import org.apache.beam.sdk.options.Default;
import org.apache.beam.sdk.options.Description;
import org.apache.beam.sdk.options.PipelineOptions;

/** A second, model-based grader: which samples it sees and which grade counts. */
public interface JudgeOptions extends PipelineOptions {
  @Description(
      "Comma-separated base URLs of the judge's OpenAI-compatible replicas. The judge uses the"
          + " generation's client settings (API, API key, limits, retries, timeouts). No judge when"
          + " empty, unless --simulateJudge.")
  String getJudgeEndpoints();

  void setJudgeEndpoints(String value);

  @Description("Judge model name; default: the first id of the judge's GET /v1/models.")
  String getJudgeModel();

  void setJudgeModel(String value);

  @Description(
      "Which samples go to the judge: cascade (only those the symbolic grader marks incorrect,"
          + " unparseable or timed out), all (every sample with a final answer) or off.")
  @Default.String("cascade")
  String getJudge();

  void setJudge(String value);

  @Description(
      "Which grade the headline metrics count: symbolic, judge, or any (correct when either says"
          + " so). The other grades are reported beside it.")
  @Default.String("symbolic")
  String getRewardFrom();

  void setRewardFrom(String value);

  @Description(
      "File holding the judge prompt template, with {answer} and optionally {problem}, {gold} and"
          + " {response}; default: a one-word CORRECT/INCORRECT prompt.")
  String getJudgeTemplate();

  void setJudgeTemplate(String value);

  @Description("max_tokens of a judge request (reasoning judges need room to think).")
  @Default.Integer(1024)
  int getJudgeMaxTokens();

  void setJudgeMaxTokens(int value);

  @Description(
      "Start a simulated judge fleet (deterministic verdicts) when no --judgeEndpoints are given:"
          + " for demos and tests only.")
  @Default.Boolean(false)
  boolean getSimulateJudge();

  void setSimulateJudge(boolean value);
}
