/**
 * A simulated fleet of OpenAI-compatible (vLLM 0.10.x) inference replicas for tests, the demo and
 * benchmarks. Each replica is a real HTTP/1.1 server on a loopback port that follows
 * ../shared/specs/openai-server-behavior.md; clients cannot tell it from a real server.
 *
 * <ul>
 *   <li><b>Model.</b> Responses are pure functions of (prompt, effective sampling parameters, seed
 *       + choice index): reasoning-style text, {@code </think>}, then an answer paragraph with a
 *       {@code \boxed{}} answer. Prompts containing a problem of the {@link
 *       io.mathbeam.core.sim.AnswerKey} are solved with a per-problem probability ({@link
 *       io.mathbeam.core.sim.OutcomeOdds}), scaled by {@code SimConfig.skill} to simulate a weaker
 *       model; the request log records each choice's outcome, so a benchmark can check its grader
 *       against the truth. Greedy requests ignore the seed; requests without a seed draw one from a
 *       per-replica RNG.
 *   <li><b>Multiple choice.</b> When the prompt lists options after the statement (a blank line,
 *       then {@code A) text}, {@code B) text}, ...) and the known problem's gold is one option's
 *       text, the final answer names that option's letter in the order shown ({@code \boxed{B}},
 *       {@code Answer: B}, {@code The answer is (B).}, {@code **B**}, or the option's text boxed);
 *       a sample that misses picks a wrong letter.
 *   <li><b>Code problems.</b> An answer-key entry can be a code problem ({@link
 *       io.mathbeam.core.sim.AnswerKey.Entry#codeProblem}; HumanEval rows of {@code --answers}),
 *       whose gold is the reference solution. Its samples end with one {@code ```python} block
 *       holding the reference (solved), a mutation of it that runs but computes wrong results, the
 *       reference with {@code while True: pass} or a {@code raise} first in the function, or no
 *       block at all; the shares are on {@link io.mathbeam.core.sim.CodeAnswerWriter}, and the
 *       request log records {@code correct}, {@code wrong}, {@code hangs}, {@code raises} or {@code
 *       missing}.
 *   <li><b>TIR mode.</b> With {@code SimConfig.tir} ({@code serve-sim --tir}), known math problems
 *       with an integer gold are solved with code, as NeMo-Skills' code execution expects: the
 *       sample writes a {@code ```python} block and its closing fence {@code ```\n}; a client that
 *       sends {@code stop: ["```\n"]} gets the text up to the fence ({@code finish_reason stop},
 *       {@code stop_reason "```\n"}), runs the block, appends {@code
 *       ```\n```output\n<output>\n```\n} and continues: chat with the text so far as a final
 *       assistant message and {@code continue_final_message: true, add_generation_prompt: false},
 *       completions with the prompt followed by the text so far. The sample reads the last output
 *       and builds on it; its final answer is {@code \boxed{<last output>}}, so a wrong output
 *       gives a wrong answer. Plans (chains of 1-3 blocks, a first block that raises, stubborn
 *       samples that never stop asking for runs) are drawn from the problem, the sampling
 *       parameters and the seed, not the prompt text, so a continuation must carry the seed of its
 *       choice (seed + choice index, n = 1). The blocks are part of the reasoning (the text has no
 *       {@code </think>} before the final answer), so on the chat endpoint the text so far is the
 *       reasoning field followed by {@code content}. See {@link io.mathbeam.core.sim.TirModel}.
 *   <li><b>Continuing a message.</b> Chat requests with {@code continue_final_message: true} must
 *       set {@code add_generation_prompt: false} (both true: 400 {@code Cannot set both ...};
 *       {@code add_generation_prompt} left at its default: the chat template's 400 {@code
 *       continue_final_message and add_generation_prompt are not compatible ...}), and the last
 *       message must be the assistant's (else 400; vLLM itself would continue a user turn). The
 *       response holds only the new text.
 *   <li><b>Judge.</b> With {@code SimConfig.judge} set, the fleet is a judge model: each request's
 *       {@code Reference answer:} and {@code Candidate's final answer:} lines are compared by the
 *       symbolic grader and the reply is a short CORRECT / INCORRECT verdict in varied forms, with
 *       configured rates of lenient and malformed replies ({@link
 *       io.mathbeam.core.sim.JudgeBehavior}); the request log records the judged answers.
 *   <li><b>Tokens.</b> {@link io.mathbeam.core.sim.SimTokenizer} (about four characters a token)
 *       counts prompts (chat: a ChatML-like template), outputs, {@code /tokenize} and truncation.
 *   <li><b>Time.</b> Each replica runs a continuous-batching engine (spec §8.2) with the step-time
 *       parameters of {@link io.mathbeam.core.sim.LatencyModel}, {@code maxNumSeqs} running
 *       sequences, an unbounded FIFO queue, KV-cache admission and preemption; all simulated
 *       durations are divided by {@code timeScale}. {@code GET /sim/capacity} reports the §8.4
 *       limits in simulated and wall time. Metrics histograms are in wall seconds.
 *   <li><b>Streams.</b> {@code stream: true} responses send their headers at submission and then
 *       events as the engine generates the tokens (coalesced per {@code streamFlushMillis}), with
 *       the same texts as the non-streaming response; a client disconnect noticed by a failed write
 *       aborts the request and frees its batch slot.
 *   <li><b>Faults.</b> Per-request error statuses, connection resets, slow bodies, stalled, dropped
 *       and in-band-error streams (own seeded RNG), dead engines and killed/restarted replicas.
 *   <li><b>JVM-wide settings.</b> The first replica sets {@code sun.net.httpserver.nodelay=true}
 *       and a 5 s keep-alive idle timeout (uvicorn's) unless those properties are already set; they
 *       apply to every {@code com.sun.net.httpserver} server of the JVM created afterwards.
 *   <li><b>Not simulated.</b> Abort on disconnect of a non-streaming request (and of a stream
 *       before its next write), startup delay, SGLang wordings, logprobs, {@code
 *       continuous_usage_stats}.
 * </ul>
 */
package io.mathbeam.core.sim;
