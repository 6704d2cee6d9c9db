package io.mathbeam.pipelines.launch;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;

/** A server that listens on its port and answers 503 to everything: a replica never healthy. */
public final class UnhealthyServer {
  private UnhealthyServer() {}

  public static void main(String[] args) throws Exception {
    HttpServer server =
        HttpServer.create(
            new InetSocketAddress(InetAddress.getLoopbackAddress(), Integer.parseInt(args[0])), 0);
    server.createContext(
        "/",
        exchange -> {
          exchange.sendResponseHeaders(503, -1);
          exchange.close();
        });
    server.start();
  }
}
