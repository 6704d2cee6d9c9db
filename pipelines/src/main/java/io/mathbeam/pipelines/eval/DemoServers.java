package io.mathbeam.pipelines.eval;

import io.mathbeam.core.model.Problem;
import io.mathbeam.pipelines.options.EvalOptions;
import java.util.List;
import java.util.ServiceLoader;

/**
 * The simulated servers {@code mathbeam eval} starts when it is given no {@code --endpoints} (a
 * model that knows the problems' gold answers) or {@code --simulateJudge} without {@code
 * --judgeEndpoints} (a judge).
 *
 * <p>The simulator belongs to the test harness ({@code io.mathbeam.core.sim}); eval finds it
 * through {@link ServiceLoader} so that the product's packages never import the harness (see
 * PackageLayeringTest). The mathbeam jar registers {@code
 * io.mathbeam.pipelines.SimulatedDemoServers}.
 */
public interface DemoServers {
  /** Starts the simulated model fleet for {@code problems}. */
  Running model(List<Problem> problems, EvalOptions options);

  /** Starts the simulated judge. */
  Running judge(EvalOptions options);

  /** Started servers; closing them stops them. */
  interface Running extends AutoCloseable {
    /** Their base URLs, one per replica. */
    List<String> endpoints();

    @Override
    void close();
  }

  /** The registered servers; fails with a message for the user when none is on the class path. */
  static DemoServers load() {
    return ServiceLoader.load(DemoServers.class)
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalStateException(
                    "no simulated servers on the class path: give --endpoints (and"
                        + " --judgeEndpoints)"));
  }
}
