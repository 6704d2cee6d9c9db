package io.mathbeam.pipelines.flink;

import java.util.stream.Stream;
import org.apache.flink.api.java.ExecutionEnvironment;
import org.apache.flink.client.deployment.executors.LocalExecutor;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.PipelineExecutor;
import org.apache.flink.core.execution.PipelineExecutorFactory;
import org.apache.flink.core.execution.PipelineExecutorServiceLoader;

/**
 * Flink's context {@link ExecutionEnvironment} while an {@link EarlyFlinkCluster} is open: an
 * environment that runs jobs with Flink's {@link LocalExecutor} on the early cluster. A subclass
 * only because Flink lets subclasses alone install a context environment.
 */
final class EarlyContext extends ExecutionEnvironment {
  private static EarlyFlinkCluster installed;

  private EarlyContext() {
    super(new Configuration());
  }

  static synchronized boolean isInstalled() {
    return installed != null;
  }

  static synchronized void install(
      Configuration configuration, int parallelism, EarlyFlinkCluster early) {
    installed = early;
    ClassLoader classLoader = Thread.currentThread().getContextClassLoader();
    PipelineExecutorServiceLoader executors = new EarlyExecutors(configuration, early);
    initializeContextEnvironment(
        () -> {
          ExecutionEnvironment environment =
              new ExecutionEnvironment(executors, new Configuration(configuration), classLoader);
          environment.setParallelism(parallelism);
          return environment;
        });
  }

  static synchronized void uninstall(EarlyFlinkCluster early) {
    if (installed == early) {
      resetContextEnvironment();
      installed = null;
    }
  }

  /** One executor, Flink's local one, whatever the target's name. */
  private record EarlyExecutors(Configuration configuration, EarlyFlinkCluster early)
      implements PipelineExecutorServiceLoader, PipelineExecutorFactory {
    @Override
    public PipelineExecutorFactory getExecutorFactory(Configuration ignored) {
      return this;
    }

    @Override
    public Stream<String> getExecutorNames() {
      return Stream.of(LocalExecutor.NAME);
    }

    @Override
    public String getName() {
      return LocalExecutor.NAME;
    }

    @Override
    public boolean isCompatibleWith(Configuration ignored) {
      return true;
    }

    @Override
    public PipelineExecutor getExecutor(Configuration ignored) {
      return LocalExecutor.createWithFactory(configuration, early::clusterFor);
    }
  }
}
