package io.modelgraph.exchange;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real HTTP server on 127.0.0.1 serving files by path: what merge tests fetch from, by repository path (under
 * {@code /raw/<owner>/<repo>/<branch>/<path>}) and by URL. Paths can also answer a redirect. Counts requests so
 * tests can prove that a refused source was never contacted.
 */
final class FileServer implements AutoCloseable {
    private final HttpServer server;
    private final Map<String, String> files = new ConcurrentHashMap<>();
    private final Map<String, String> redirects = new ConcurrentHashMap<>();
    final AtomicInteger requests = new AtomicInteger();
    /** The Authorization header each path last received ("" when none). */
    final Map<String, String> authorization = new ConcurrentHashMap<>();
    /** Paths that answer only after this many milliseconds. */
    final Map<String, Integer> delays = new ConcurrentHashMap<>();

    FileServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0), 0);
        server.createContext("/", exchange -> {
            requests.incrementAndGet();
            String path = exchange.getRequestURI().getPath();
            String auth = exchange.getRequestHeaders().getFirst("Authorization");
            authorization.put(path, auth == null ? "" : auth);
            Integer delay = delays.get(path);
            if (delay != null) {
                try {
                    Thread.sleep(delay); // sleep: time itself: a slow source, for the fetch deadline tests
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            String target = redirects.get(path);
            if (target != null) {
                exchange.getResponseHeaders().add("Location", target);
                exchange.sendResponseHeaders(302, -1);
                exchange.close();
                return;
            }
            String body = files.get(path);
            if (body == null) {
                exchange.sendResponseHeaders(404, -1);
                exchange.close();
                return;
            }
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            // chunked on odd lengths, Content-Length otherwise: both framings are exercised
            exchange.sendResponseHeaders(200, bytes.length % 2 == 1 ? 0 : bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        });
        server.start();
    }

    String base() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    String repoBase() {
        return base() + "/raw";
    }

    /** Serves {@code body} at {@code path}; returns its URL. */
    String put(String path, String body) {
        files.put(path, body);
        return base() + path;
    }

    String putRepo(String owner, String repo, String branch, String file, String body) {
        return put("/raw/" + owner + "/" + repo + "/" + branch + "/" + file, body);
    }

    String redirect(String path, String location) {
        redirects.put(path, location);
        return base() + path;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
