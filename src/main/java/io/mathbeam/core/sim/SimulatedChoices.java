package io.mathbeam.core.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/** Draws the choices of a generation request from a replica's model: plain, judge or TIR. */
final class SimulatedChoices {
  private final SimConfig config;
  private final SimulatedModel model;
  private final SimulatedJudge judge;
  private final TirModel tir;
  private final SplittableRandom serverRng;

  SimulatedChoices(SimConfig config, int index) {
    this.config = config;
    this.model =
        new SimulatedModel(
            config.medianOutputTokens(),
            config.outputSigma(),
            config.skill(),
            config.outputLengths());
    this.judge = config.judge() == null ? null : new SimulatedJudge(config.judge());
    this.tir = config.tir() ? new TirModel(model) : null;
    this.serverRng = new SplittableRandom(StableHash.combine(config.serverSeed(), index));
  }

  List<SimulatedModel.Choice> generate(GenerationRequest request) {
    List<SimulatedModel.Choice> choices = new ArrayList<>();
    long paramsHash =
        StableHash.of(
            request.temperature()
                + "|"
                + request.topP()
                + "|"
                + request.topK()
                + "|"
                + request.minP()
                + "|"
                + request.repetitionPenalty(),
            0x9a7a);
    long baseSeed;
    if (request.greedy()) {
      baseSeed = 0;
    } else if (request.seed() != null) {
      baseSeed = request.seed();
    } else {
      synchronized (serverRng) {
        baseSeed = serverRng.nextLong();
      }
    }
    for (int p = 0; p < request.prompts().size(); p++) {
      String prompt = request.prompts().get(p);
      String lookup = request.lookupTexts().get(p);
      int cap = Math.min(request.maxTokens(), config.maxModelLen() - request.promptTokens()[p]);
      if (judge != null) {
        for (int i = 0; i < request.n(); i++) {
          choices.add(judge.reply(lookup, i, cap, request.stops()));
        }
        continue;
      }
      Optional<AnswerKey.Entry> known = config.answerKey().lookup(lookup);
      PromptOptions options = known.isPresent() ? PromptOptions.find(lookup) : PromptOptions.NONE;
      if (tir != null && known.isPresent() && TirModel.applies(known.get(), options)) {
        // A TIR sample is keyed by its problem, not its prompt, which grows with each continuation.
        AnswerKey.Entry entry = known.get();
        long context =
            StableHash.combine(
                StableHash.of(AnswerKey.normalize(entry.problem()), 0x7157), paramsHash);
        String soFar =
            request.chat()
                ? request.continuedMessage()
                : prompt.substring(Math.max(0, AnswerKey.endOfLast(entry.problem(), prompt)));
        for (int i = 0; i < request.n(); i++) {
          choices.add(tir.generate(entry, soFar, context, baseSeed + i, cap, request.stops()));
        }
        continue;
      }
      long context = StableHash.combine(StableHash.of(prompt, 0x9e37), paramsHash);
      for (int i = 0; i < request.n(); i++) {
        choices.add(model.generate(known, options, context, baseSeed + i, cap, request.stops()));
      }
    }
    return choices;
  }
}
