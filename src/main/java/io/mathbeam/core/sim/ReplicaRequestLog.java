package io.mathbeam.core.sim;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.function.IntSupplier;

/** Writes one replica's entries of the request log, from what it answered or rejected. */
final class ReplicaRequestLog {
  private final RequestLog log;
  private final int index;
  private final IntSupplier port;
  private final boolean judgeFleet;

  /**
   * @param port the replica's port now (it is known only once the replica listens)
   * @param judgeFleet whether the replica answers as a judge (its entries carry verdicts)
   */
  ReplicaRequestLog(RequestLog log, int index, IntSupplier port, boolean judgeFleet) {
    this.log = log;
    this.index = index;
    this.port = port;
    this.judgeFleet = judgeFleet;
  }

  // Every entry is logged before its response is sent, so a client that has its answer can read
  // the log entry for it.
  void rejected(long arrival, String endpoint, String id, int status, String fault, String error) {
    log.append(entry(arrival, endpoint, id, status, fault).error(error).build());
  }

  /** What every entry of this replica says: when, where, which request, how it ended. */
  private RequestLogEntry.Builder entry(
      long arrival, String endpoint, String id, int status, String fault) {
    return RequestLogEntry.builder()
        .arrivalMs(arrival)
        .finishMs(System.currentTimeMillis())
        .replica(index)
        .port(port.getAsInt())
        .endpoint(endpoint)
        .requestId(id)
        .status(status)
        .fault(fault);
  }

  void done(
      long arrival,
      String endpoint,
      String id,
      GenerationRequest r,
      int status,
      String fault,
      List<SimulatedModel.Choice> choices) {
    Integer completion = null;
    List<String> finishes = null;
    List<String> outcomes = null;
    List<String> verdicts = null;
    if (choices != null) {
      int sum = 0;
      finishes = new ArrayList<>();
      outcomes = !judgeFleet ? new ArrayList<>() : null;
      verdicts = !judgeFleet ? null : new ArrayList<>();
      for (SimulatedModel.Choice c : choices) {
        sum += c.completionTokens();
        finishes.add(c.finishReason());
        if (c.judgeReply()) {
          verdicts.add(c.verdict());
        } else {
          outcomes.add(c.outcome().name().toLowerCase(Locale.ROOT));
        }
      }
      completion = sum;
    }
    List<String> judged = null;
    if (judgeFleet) {
      judged = new ArrayList<>();
      for (String text : r.lookupTexts()) {
        judged.add(JudgeQuestion.answerIn(text));
      }
      judged = Collections.unmodifiableList(judged);
    }
    log.append(
        entry(arrival, endpoint, id, status, fault)
            .promptHash(r.promptHash())
            .seed(r.seed())
            .n(r.n())
            .promptTokens(r.totalPromptTokens())
            .completionTokens(completion)
            .maxTokens(r.maxTokens())
            .temperature(r.temperature())
            .topP(r.topP())
            .topK(r.topK())
            .minP(r.minP())
            .finishReasons(finishes)
            .outcomes(outcomes)
            .judgedAnswers(judged)
            .verdicts(verdicts)
            .build());
  }
}
