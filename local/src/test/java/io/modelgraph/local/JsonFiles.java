package io.modelgraph.local;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A real HTTP server on the loopback address serving JSON texts by path: the sources the gateway tests' merges and
 * imports fetch by URL. A path nobody put answers 404.
 */
final class JsonFiles implements AutoCloseable {
    private final HttpServer server;
    private final Map<String, byte[]> bodies = new ConcurrentHashMap<>();

    JsonFiles() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        server.createContext("/", ex -> {
            byte[] body = bodies.get(ex.getRequestURI().getPath());
            if (body == null) {
                ex.sendResponseHeaders(404, -1);
                ex.close();
                return;
            }
            ex.getResponseHeaders().set("Content-Type", "application/json");
            ex.sendResponseHeaders(200, body.length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }

    /** Serves {@code json} at {@code path}; returns its URL. */
    String put(String path, String json) {
        bodies.put(path, json.getBytes(StandardCharsets.UTF_8));
        return url(path);
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
