package io.modelgraph.transform.ai;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.modelgraph.json.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A real HTTP server on loopback that answers each request with the next canned reply, in order, and keeps
 * what it was sent. It speaks whichever protocol the canned bodies are written in: OpenAI-compatible chat
 * completions or Bedrock's Converse JSON.
 */
public final class CannedProvider implements AutoCloseable {
    public record Reply(int status, String body, long delayMillis, Map<String, String> headers) {
        public static Reply ok(String body) {
            return new Reply(200, body, 0, Map.of());
        }

        public static Reply status(int status) {
            return new Reply(status, "{\"error\":{\"message\":\"canned " + status + "\"}}", 0, Map.of());
        }
    }

    public record Request(String method, String path, Map<String, List<String>> headers, String body) {
        public String header(String name) {
            List<String> values = headers.get(name.substring(0, 1).toUpperCase() + name.substring(1).toLowerCase());
            return values == null ? null : values.get(0);
        }
    }

    private final HttpServer server;
    private final java.util.concurrent.ExecutorService threads = java.util.concurrent.Executors.newCachedThreadPool();
    private final ConcurrentLinkedQueue<Reply> replies = new ConcurrentLinkedQueue<>();
    private final List<Request> received = new CopyOnWriteArrayList<>();

    public CannedProvider() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::answer);
        server.setExecutor(threads);
        server.start();
    }

    public URI base(String prefix) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + prefix);
    }

    public CannedProvider then(Reply reply) {
        replies.add(reply);
        return this;
    }

    public List<Request> received() {
        return received;
    }

    /** An OpenAI chat-completions answer whose message content is {@code content}. */
    public static String chat(String content) {
        ObjectNode root = Json.object().put("id", "chatcmpl-1").put("object", "chat.completion");
        ObjectNode choice = root.putArray("choices").addObject();
        choice.put("index", 0).putObject("message").put("role", "assistant").put("content", content);
        choice.put("finish_reason", "stop");
        return Json.write(root);
    }

    /** A Bedrock Converse answer whose one text block is {@code content}. */
    public static String converse(String content) {
        ObjectNode root = Json.object();
        ObjectNode message = root.putObject("output").putObject("message").put("role", "assistant");
        message.putArray("content").addObject().put("text", content);
        root.put("stopReason", "end_turn");
        root.putObject("usage").put("inputTokens", 10).put("outputTokens", 20).put("totalTokens", 30);
        root.putObject("metrics").put("latencyMs", 5);
        return Json.write(root);
    }

    private void answer(HttpExchange exchange) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        received.add(new Request(exchange.getRequestMethod(), exchange.getRequestURI().getRawPath(),
                Map.copyOf(exchange.getRequestHeaders()), body));
        Reply reply = replies.poll();
        if (reply == null) {
            reply = new Reply(500, "{\"error\":{\"message\":\"no canned reply left\"}}", 0, Map.of());
        }
        if (reply.delayMillis() > 0) {
            try {
                Thread.sleep(reply.delayMillis()); // sleep: time itself: a slow provider, for AI_TIMEOUT_SECONDS
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        byte[] bytes = reply.body().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        reply.headers().forEach((k, v) -> exchange.getResponseHeaders().add(k, v));
        try {
            exchange.sendResponseHeaders(reply.status(), bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        } catch (IOException closedByClient) {
            // the client gave up (a timeout test): nothing left to answer
        }
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
