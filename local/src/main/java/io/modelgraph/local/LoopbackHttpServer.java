package io.modelgraph.local;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

/**
 * The local gateway's HTTP/1.1 server on the loopback interface. The JDK's {@code com.sun.net.httpserver} parses the
 * request target as a {@code java.net.URI} and answers whatever that refuses (a raw {@code {} or {@code "} in a query
 * string, a space) with its own HTML page before any handler runs; the API answers in JSON. This server reads the
 * request itself, hands the raw target to the gateway, and answers a request it cannot read with a JSON 4xx naming
 * what is wrong (docs/local.md).
 *
 * <p>It serves what local clients send: keep-alive, {@code Content-Length} and chunked bodies,
 * {@code Expect: 100-continue}, {@code HEAD}. A connection holds a thread while it is open (at most
 * {@link #MAX_CONNECTIONS}; one more is answered 503 and closed) and is closed after {@link #IDLE_MILLIS} without a
 * request. Every read is bounded: the head by {@link #MAX_HEAD_BYTES}, the body by the gateway's payload limit.
 */
final class LoopbackHttpServer implements AutoCloseable {
    /** The request line and headers together; browsers send a few kilobytes, a long query string more. */
    static final int MAX_HEAD_BYTES = 1024 * 1024;
    static final int MAX_CONNECTIONS = 256;
    /** As the JDK's server allowed (sun.net.httpserver.maxReqHeaders). */
    static final int MAX_HEADERS = 200;
    static final int IDLE_MILLIS = 30_000;
    private static final int MAX_CHUNK_LINE = 4096;
    private static final Pattern TOKEN = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");
    private static final DateTimeFormatter DATE = DateTimeFormatter.RFC_1123_DATE_TIME;

    /**
     * A request as read: the target exactly as sent, header names as sent with all their values, and the body, or
     * {@code null} when it is over the payload limit (the connection is then closed after the answer).
     */
    record Request(String method, String target, String protocol, Map<String, List<String>> headers, byte[] body,
            String remoteAddress) {
    }

    /** Answers one request; the gateway. */
    @FunctionalInterface
    interface Handler {
        LocalGateway.Answer handle(Request request);
    }

    /** The answer to a request that could not be read: its status and why (a sentence). */
    @FunctionalInterface
    interface Refusal {
        LocalGateway.Answer refuse(int status, String reason);
    }

    /** A request that cannot be read: the status to answer and why. */
    private static final class Unreadable extends Exception {
        final int status;

        Unreadable(int status, String reason) {
            super(reason, null, false, false);
            this.status = status;
        }
    }

    private final ServerSocket socket;
    private final int maxBodyBytes;
    private final Handler handler;
    private final Refusal refusal;
    private final ExecutorService connections;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final Thread acceptor;
    private volatile boolean closed;

    private LoopbackHttpServer(ServerSocket socket, int maxBodyBytes, Handler handler, Refusal refusal) {
        this.socket = socket;
        this.maxBodyBytes = maxBodyBytes;
        this.handler = handler;
        this.refusal = refusal;
        AtomicInteger n = new AtomicInteger();
        this.connections = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "gateway-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        this.acceptor = new Thread(this::accept, "gateway-accept");
        this.acceptor.setDaemon(true);
    }

    /** Binds 127.0.0.1:{@code port} (0: any free port) and starts serving. */
    static LoopbackHttpServer start(int port, int backlog, int maxBodyBytes, Handler handler, Refusal refusal)
            throws IOException {
        ServerSocket socket = new ServerSocket();
        socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), backlog);
        LoopbackHttpServer server = new LoopbackHttpServer(socket, maxBodyBytes, handler, refusal);
        server.acceptor.start();
        return server;
    }

    int port() {
        return socket.getLocalPort();
    }

    @Override
    public void close() {
        closed = true;
        try {
            socket.close();
        } catch (IOException e) {
            // closing: nothing left to do with it
        }
        for (Socket s : open) {
            closeQuietly(s);
        }
        connections.shutdownNow();
        try {
            connections.awaitTermination(5, TimeUnit.SECONDS);
            acceptor.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void accept() {
        while (!closed) {
            Socket client;
            try {
                client = socket.accept();
            } catch (IOException e) {
                if (closed) {
                    return;
                }
                continue;
            }
            if (open.size() >= MAX_CONNECTIONS) {
                try (client) {
                    write(client.getOutputStream(), refusal.refuse(503, "The local gateway has "
                            + MAX_CONNECTIONS + " connections open; close one and try again."), false, false);
                } catch (IOException e) {
                    // the client went away first
                }
                continue;
            }
            open.add(client);
            try {
                connections.execute(() -> serve(client));
            } catch (RuntimeException e) {
                open.remove(client);
                closeQuietly(client);
            }
        }
    }

    /** One connection: requests in turn until either side closes it or it idles out. */
    private void serve(Socket client) {
        try {
            // Nagle would hold each answer written as head then body for the client's delayed ACK (about 40 ms)
            client.setTcpNoDelay(true);
            client.setSoTimeout(IDLE_MILLIS);
            InputStream in = new BufferedInputStream(client.getInputStream(), 16 * 1024);
            OutputStream out = new BufferedOutputStream(client.getOutputStream(), 16 * 1024);
            String remote = client.getInetAddress().getHostAddress();
            boolean again = true;
            while (again && !closed) {
                again = exchange(in, out, remote);
            }
        } catch (IOException e) {
            // the client closed the connection, or it idled out: nothing to answer
        } finally {
            open.remove(client);
            closeQuietly(client);
        }
    }

    /** Reads one request and writes its answer; whether the connection stays open for another. */
    private boolean exchange(InputStream in, OutputStream out, String remote) throws IOException {
        Request request;
        try {
            List<String> head = readHead(in);
            if (head == null) {
                return false;
            }
            request = request(head, in, out, remote);
        } catch (Unreadable e) {
            write(out, refusal.refuse(e.status, e.getMessage()), false, false);
            return false;
        }
        LocalGateway.Answer answer;
        try {
            answer = handler.handle(request);
        } catch (RuntimeException e) {
            answer = refusal.refuse(500, "Internal Server Error");
        }
        boolean keepAlive = request.body() != null && keepAlive(request);
        write(out, answer, request.method().equals("HEAD"), keepAlive);
        return keepAlive;
    }

    /** The lines of the next request's head, or null when the connection closed before one began. */
    private static List<String> readHead(InputStream in) throws IOException, Unreadable {
        List<String> lines = new ArrayList<>();
        ByteArrayOutputStream line = new ByteArrayOutputStream(256);
        int total = 0;
        while (true) {
            int b = in.read();
            if (b < 0) {
                if (lines.isEmpty() && line.size() == 0) {
                    return null;
                }
                throw new Unreadable(400, "The request ended inside its request line or headers.");
            }
            if (++total > MAX_HEAD_BYTES) {
                throw new Unreadable(431, "The request line and headers are over " + MAX_HEAD_BYTES + " bytes.");
            }
            if (b != '\n') {
                line.write(b);
                continue;
            }
            String text = line.toString(StandardCharsets.ISO_8859_1);
            line.reset();
            if (text.endsWith("\r")) {
                text = text.substring(0, text.length() - 1);
            }
            if (text.isEmpty()) {
                if (lines.isEmpty()) {
                    continue; // empty lines before a request line are allowed and ignored
                }
                return lines;
            }
            lines.add(text);
        }
    }

    private Request request(List<String> head, InputStream in, OutputStream out, String remote)
            throws IOException, Unreadable {
        String requestLine = head.get(0);
        int first = requestLine.indexOf(' ');
        int last = requestLine.lastIndexOf(' ');
        if (first <= 0 || last == first) {
            throw new Unreadable(400, "The request line is not 'METHOD /path?query HTTP/1.1'.");
        }
        String method = requestLine.substring(0, first);
        String protocol = requestLine.substring(last + 1);
        // a target with spaces is kept whole, so the gateway can name the first space's place in it
        String target = requestLine.substring(first + 1, last);
        if (!TOKEN.matcher(method).matches()) {
            throw new Unreadable(400, "The request method is not a method name.");
        }
        if (!protocol.equals("HTTP/1.1") && !protocol.equals("HTTP/1.0")) {
            throw new Unreadable(protocol.startsWith("HTTP/") ? 505 : 400, "The request line does not end with "
                    + "HTTP/1.1 or HTTP/1.0.");
        }
        if (head.size() - 1 > MAX_HEADERS) {
            throw new Unreadable(431, "The request has more than " + MAX_HEADERS + " header lines.");
        }
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (int line = 1; line < head.size(); line++) {
            String h = head.get(line);
            int colon = h.indexOf(':');
            if (colon <= 0 || !TOKEN.matcher(h.substring(0, colon)).matches()) {
                throw new Unreadable(400, "A header line is not 'Name: value' (line " + (line + 1)
                        + " of the request).");
            }
            headers.computeIfAbsent(h.substring(0, colon), k -> new ArrayList<>()).add(h.substring(colon + 1).trim());
        }
        byte[] body = body(headers, protocol, in, out);
        return new Request(method.toUpperCase(Locale.ROOT), target, protocol, headers, body, remote);
    }

    /** The body by its framing; null when it is over the limit (then not read to its end). */
    private byte[] body(Map<String, List<String>> headers, String protocol, InputStream in, OutputStream out)
            throws IOException, Unreadable {
        List<String> encodings = values(headers, "transfer-encoding");
        List<String> lengths = values(headers, "content-length");
        if (!encodings.isEmpty() && !lengths.isEmpty()) {
            throw new Unreadable(400, "The request has both Transfer-Encoding and Content-Length.");
        }
        boolean chunked = !encodings.isEmpty();
        if (chunked && !String.join(",", encodings).trim().toLowerCase(Locale.ROOT).endsWith("chunked")) {
            throw new Unreadable(501, "Only the chunked Transfer-Encoding is understood.");
        }
        long length = 0;
        if (!lengths.isEmpty()) {
            String value = lengths.get(0);
            if (!value.matches("[0-9]{1,18}") || lengths.stream().anyMatch(v -> !v.equals(value))) {
                throw new Unreadable(400, "The Content-Length header is not one number.");
            }
            length = Long.parseLong(value);
        }
        if (length > maxBodyBytes) {
            return null;
        }
        boolean expects = values(headers, "expect").stream().anyMatch(v -> v.equalsIgnoreCase("100-continue"));
        if (expects && protocol.equals("HTTP/1.1") && (chunked || length > 0)) {
            out.write("HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
        }
        return chunked ? chunked(in) : exactly(in, (int) length);
    }

    private static byte[] exactly(InputStream in, int length) throws IOException, Unreadable {
        byte[] bytes = in.readNBytes(length);
        if (bytes.length < length) {
            throw new Unreadable(400, "The body ended after " + bytes.length + " of its " + length + " bytes.");
        }
        return bytes;
    }

    private byte[] chunked(InputStream in) throws IOException, Unreadable {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            String sizeLine = chunkLine(in);
            int semicolon = sizeLine.indexOf(';');
            String hex = (semicolon < 0 ? sizeLine : sizeLine.substring(0, semicolon)).trim();
            if (!hex.matches("[0-9A-Fa-f]{1,8}")) {
                throw new Unreadable(400, "A chunk of the body does not start with its size in hexadecimal.");
            }
            long size = Long.parseLong(hex, 16);
            if (size == 0) {
                while (!chunkLine(in).isEmpty()) {
                    // trailer fields: not used
                }
                return body.toByteArray();
            }
            if (body.size() + size > maxBodyBytes) {
                return null;
            }
            body.write(exactly(in, (int) size));
            if (!chunkLine(in).isEmpty()) {
                throw new Unreadable(400, "A chunk of the body is longer than its size says.");
            }
        }
    }

    private static String chunkLine(InputStream in) throws IOException, Unreadable {
        StringBuilder line = new StringBuilder();
        while (true) {
            int b = in.read();
            if (b < 0) {
                throw new Unreadable(400, "The chunked body ended before its last chunk.");
            }
            if (b == '\n') {
                int end = line.length() > 0 && line.charAt(line.length() - 1) == '\r' ? line.length() - 1
                        : line.length();
                return line.substring(0, end);
            }
            if (line.length() >= MAX_CHUNK_LINE) {
                throw new Unreadable(400, "A chunk size line of the body is over " + MAX_CHUNK_LINE + " bytes.");
            }
            line.append((char) b);
        }
    }

    private static boolean keepAlive(Request request) {
        String connection = String.join(",", values(request.headers(), "connection")).toLowerCase(Locale.ROOT);
        return request.protocol().equals("HTTP/1.1") ? !connection.contains("close")
                : connection.contains("keep-alive");
    }

    private static List<String> values(Map<String, List<String>> headers, String name) {
        List<String> out = new ArrayList<>();
        headers.forEach((k, v) -> {
            if (k.equalsIgnoreCase(name)) {
                out.addAll(v);
            }
        });
        return out;
    }

    private static void write(OutputStream out, LocalGateway.Answer answer, boolean head, boolean keepAlive)
            throws IOException {
        int status = answer.status();
        boolean bodiless = status == 204 || status == 304 || status < 200;
        StringBuilder h = new StringBuilder(256);
        h.append("HTTP/1.1 ").append(status).append(' ').append(reason(status)).append("\r\n");
        h.append("Date: ").append(DATE.format(ZonedDateTime.now(ZoneOffset.UTC))).append("\r\n");
        answer.headers().forEach((name, values) -> {
            String lower = name.toLowerCase(Locale.ROOT);
            if (lower.equals("content-length") || lower.equals("transfer-encoding") || lower.equals("connection")
                    || lower.equals("date")) {
                return; // framing is this server's
            }
            for (String v : values) {
                h.append(name).append(": ").append(v.replace("\r", "").replace("\n", "")).append("\r\n");
            }
        });
        if (!bodiless && !head) {
            h.append("Content-Length: ").append(answer.body().length).append("\r\n");
        }
        if (!keepAlive) {
            h.append("Connection: close\r\n");
        }
        h.append("\r\n");
        out.write(h.toString().getBytes(StandardCharsets.ISO_8859_1));
        if (!bodiless && !head) {
            out.write(answer.body());
        }
        out.flush();
    }

    static String reason(int status) {
        return switch (status) {
            case 200 -> "OK";
            case 201 -> "Created";
            case 202 -> "Accepted";
            case 204 -> "No Content";
            case 302 -> "Found";
            case 304 -> "Not Modified";
            case 400 -> "Bad Request";
            case 401 -> "Unauthorized";
            case 403 -> "Forbidden";
            case 404 -> "Not Found";
            case 405 -> "Method Not Allowed";
            case 409 -> "Conflict";
            case 412 -> "Precondition Failed";
            case 413 -> "Payload Too Large";
            case 415 -> "Unsupported Media Type";
            case 422 -> "Unprocessable Content";
            case 428 -> "Precondition Required";
            case 429 -> "Too Many Requests";
            case 431 -> "Request Header Fields Too Large";
            case 500 -> "Internal Server Error";
            case 501 -> "Not Implemented";
            case 502 -> "Bad Gateway";
            case 503 -> "Service Unavailable";
            case 504 -> "Gateway Timeout";
            case 505 -> "HTTP Version Not Supported";
            default -> "Status";
        };
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // closing: nothing left to do with it
        }
    }
}
