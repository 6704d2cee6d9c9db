package io.mathbeam.pipelines.flink;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.rpc.RpcSystem;
import org.apache.flink.runtime.rpc.RpcSystemLoader;
import org.apache.flink.runtime.rpc.pekko.PekkoRpcSystem;

/**
 * Gives Flink its Pekko RPC system from the application's class path instead of Flink's own loader,
 * which copies a 22 MB jar (Pekko, Scala, Typesafe Config) into the temporary directory at every
 * cluster start and loads its 1,454 classes through a class loader of its own: classes no
 * class-data archive holds, each parsed and verified again in every run (docs/runners.md, "The RPC
 * system from the class path"). mathbeam carries no Scala or Pekko of its own, so the isolation
 * that loader buys has nothing to isolate here.
 *
 * <p>Registered as a Flink {@link RpcSystemLoader} service; Flink takes the loader with the lowest
 * priority first, and Flink's own has 0.
 */
public final class ClassPathRpcSystemLoader implements RpcSystemLoader {
  @Override
  public int getLoadPriority() {
    return -1;
  }

  @Override
  public RpcSystem loadRpcSystem(Configuration config) {
    return new PekkoRpcSystem();
  }
}
