package io.modelgraph.exchange.fetch;

import io.modelgraph.api.ApiProblem;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;

/**
 * Reads a merge source over HTTP(S) without letting the caller reach what the function can reach.
 * <ul>
 * <li>Only {@code http} and {@code https}.</li>
 * <li>The host is resolved once, every address is checked against {@link AddressPolicy}, and the socket
 * connects to the checked address itself: a second DNS answer (rebinding) can never be used. TLS still verifies
 * the certificate against the host name (SNI and endpoint identification).</li>
 * <li>Redirects (at most {@value #MAX_REDIRECTS}) are followed by hand and each target is checked again; the
 * repository token is only sent to the host it was configured for.</li>
 * <li>Connect and read timeouts, an overall deadline (shared by the fetches of a merge, checked before connecting
 * and enforced during connect, TLS handshake and reads), and a size cap on the body.</li>
 * <li>Refusals do not echo the addresses a name resolved to, and socket errors are not echoed (port probing).</li>
 * </ul>
 * A deliberately small HTTP/1.1 client (one GET, {@code Connection: close}) because neither JDK client lets us
 * pin the connection to an address we checked while keeping the host name for TLS and the Host header.
 */
public final class SafeFetcher {
    public static final int MAX_REDIRECTS = 5;

    /** Limits of one fetch; tests shrink them. */
    public record Limits(int maxBytes, int connectTimeoutMillis, int readTimeoutMillis, int totalMillis) {
        /** Decoders refuse more than 5 M characters anyway; 5 MB keeps a hostile file from filling memory. */
        public static final Limits DEFAULT = new Limits(5 * 1024 * 1024, 5_000, 10_000, 20_000);
    }

    private final AddressPolicy policy;
    private final Limits limits;

    public SafeFetcher(AddressPolicy policy, Limits limits) {
        this.policy = policy;
        this.limits = limits;
    }

    /** A deadline for one merge's fetches: the configured overall time from now. */
    public FetchDeadline deadline() {
        return FetchDeadline.in(limits.totalMillis());
    }

    /**
     * A deadline for one merge's fetches inside a request: the configured overall time, or what the request has
     * left ({@code usableMillis}, from its write budget) when that is less.
     */
    public FetchDeadline deadline(long usableMillis) {
        return FetchDeadline.in(Math.max(0, Math.min(limits.totalMillis(), usableMillis)));
    }

    /** One fetch with a deadline of its own. */
    public FetchedFile fetch(URI url, Optional<String> token, String path) {
        return fetch(url, token, path, deadline());
    }

    /**
     * Fetches {@code url} within {@code deadline} (shared by the fetches of one merge); {@code path} names the
     * SourceDtos entry in errors. The token goes only to the first host, and never again once a redirect went
     * from https to http (it would cross the network in clear text).
     */
    public FetchedFile fetch(URI url, Optional<String> token, String path, FetchDeadline deadline) {
        URI current = url;
        TokenCarrier carrier = new TokenCarrier(url, token);
        for (int hop = 0; hop <= MAX_REDIRECTS; hop++) {
            String scheme = current.getScheme() == null ? "" : current.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https")) {
                throw ApiProblem.badRequest(path, "Refused to fetch '" + current + "': only http and https URLs are "
                        + "allowed" + (hop > 0 ? " (reached by a redirect)" : "") + ".");
            }
            String host = host(current, path);
            InetAddress address = checkedAddress(current, host, path, hop > 0);
            int port = current.getPort() != -1 ? current.getPort() : scheme.equals("https") ? 443 : 80;
            Optional<String> auth = carrier.forHop(current);
            Response response = exchange(current, scheme.equals("https"), host, address, port, auth, path, deadline);
            if (response.status >= 300 && response.status < 400 && response.status != 304) {
                String location = response.headers.get("location");
                if (location == null || location.isBlank()) {
                    throw new ApiProblem(502, path, "'" + current + "' answered HTTP " + response.status
                            + " without a Location header.");
                }
                try {
                    current = current.resolve(location.trim());
                } catch (IllegalArgumentException e) {
                    throw new ApiProblem(502, path, "'" + current + "' redirected to an invalid URL '" + location + "'.");
                }
                continue;
            }
            if (response.status == 404) {
                throw ApiProblem.notFound(path, "The file '" + current + "' was not found (HTTP 404).");
            }
            if (response.status < 200 || response.status >= 300) {
                throw new ApiProblem(502, path, "'" + current + "' answered HTTP " + response.status
                        + "; the file could not be read.");
            }
            return new FetchedFile(current.toString(), utf8(response.body, current, path));
        }
        throw new ApiProblem(502, path, "'" + url + "' redirected more than " + MAX_REDIRECTS + " times.");
    }

    private static String host(URI url, String path) {
        String host = url.getHost();
        if (host == null || host.isBlank()) {
            throw ApiProblem.badRequest(path, "'" + url + "' is not an absolute http(s) URL with a host.");
        }
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }

    private InetAddress checkedAddress(URI url, String host, String path, boolean redirected) {
        InetAddress[] all;
        try {
            all = InetAddress.getAllByName(host);
        } catch (UnknownHostException e) {
            throw ApiProblem.badRequest(path, "The host of '" + url + "' cannot be resolved.");
        }
        boolean literal = isLiteral(host);
        for (InetAddress a : all) {
            Optional<String> why = policy.refusal(a);
            if (why.isPresent()) {
                // for a literal address the caller already knows it; a name's resolved addresses and their kind
                // stay unsaid, or the refusal would map internal names for the caller
                throw ApiProblem.badRequest(path, "Refused to fetch '" + url + "'" + (redirected
                        ? " (reached by a redirect)" : "") + ": " + (literal ? "it is " + why.get()
                        : "its host resolves to an address that may not be fetched")
                        + ". Only public addresses may be fetched.");
            }
        }
        return all[0];
    }

    private static boolean isLiteral(String host) {
        return host.matches("[0-9.]+") || host.contains(":");
    }

    private record Response(int status, Map<String, String> headers, byte[] body) {
    }

    private Response exchange(URI url, boolean tls, String host, InetAddress address, int port, Optional<String> token,
            String path, FetchDeadline deadline) {
        if (deadline.passed()) {
            throw outOfTime(url, path);
        }
        try (Socket raw = new Socket()) {
            // the deadline also bounds the connect, the TLS handshake and every read: at the deadline the
            // socket is closed under whatever is blocked on it
            ScheduledFuture<?> guard = WATCHDOG.schedule(() -> closeQuietly(raw), deadline.remainingMillis(),
                    TimeUnit.MILLISECONDS);
            try {
                raw.connect(new InetSocketAddress(address, port), (int) Math.max(1, Math.min(
                        limits.connectTimeoutMillis(), deadline.remainingMillis())));
                raw.setSoTimeout(limits.readTimeoutMillis());
                Socket socket = raw;
                if (tls) {
                    SSLSocket ssl = (SSLSocket) ((SSLSocketFactory) SSLSocketFactory.getDefault())
                            .createSocket(raw, host, port, true);
                    SSLParameters params = ssl.getSSLParameters();
                    params.setEndpointIdentificationAlgorithm("HTTPS");
                    if (!isLiteral(host)) {
                        params.setServerNames(List.of(new SNIHostName(host)));
                    }
                    ssl.setSSLParameters(params);
                    ssl.startHandshake();
                    socket = ssl;
                }
                String target = (url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath())
                        + (url.getRawQuery() == null ? "" : "?" + url.getRawQuery());
                String hostHeader = (host.contains(":") ? "[" + host + "]" : host)
                        + (url.getPort() == -1 ? "" : ":" + url.getPort());
                StringBuilder request = new StringBuilder()
                        .append("GET ").append(target).append(" HTTP/1.1\r\n")
                        .append("Host: ").append(hostHeader).append("\r\n")
                        .append("User-Agent: modelgraph-exchange/1\r\n")
                        .append("Accept: application/json, application/ld+json, application/schema+json, */*\r\n")
                        .append("Accept-Encoding: identity\r\n")
                        .append("Connection: close\r\n");
                token.ifPresent(t -> request.append("Authorization: Bearer ").append(t).append("\r\n"));
                request.append("\r\n");
                OutputStream out = socket.getOutputStream();
                out.write(request.toString().getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
                return read(socket.getInputStream(), url, path, deadline.atMillis());
            } finally {
                guard.cancel(false);
            }
        } catch (IOException e) {
            if (deadline.passed()) {
                throw outOfTime(url, path);
            }
            if (e instanceof SocketTimeoutException) {
                throw new ApiProblem(504, path, "Timed out reading '" + url + "'.");
            }
            // the socket error itself stays in the function: "refused" against "reset" would let a caller
            // probe which internal ports are open
            throw new ApiProblem(502, path, "Could not read '" + url + "'.");
        }
    }

    private static ApiProblem outOfTime(URI url, String path) {
        return new ApiProblem(504, path, "Timed out: the merge's time for fetching its sources ran out before '"
                + url + "' was read.");
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing is how the deadline interrupts the blocked call; nothing else to do
        }
    }

    /** One daemon thread for all deadline guards of the container. */
    private static final ScheduledExecutorService WATCHDOG = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "fetch-deadline");
        t.setDaemon(true);
        return t;
    });

    private Response read(InputStream in, URI url, String path, long deadline) throws IOException {
        Bounded body = new Bounded(in, url, path, deadline);
        String statusLine = body.line();
        String[] parts = statusLine.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/")) {
            throw new ApiProblem(502, path, "'" + url + "' did not answer with HTTP.");
        }
        int status;
        try {
            status = Integer.parseInt(parts[1]);
        } catch (NumberFormatException e) {
            throw new ApiProblem(502, path, "'" + url + "' answered with an invalid status line.");
        }
        Map<String, String> headers = new LinkedHashMap<>();
        for (String line = body.line(); !line.isEmpty(); line = body.line()) {
            int colon = line.indexOf(':');
            if (colon > 0) {
                headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
            }
        }
        if (status >= 300 && status < 400 || status == 404) {
            return new Response(status, headers, new byte[0]); // the body of a redirect or a 404 is never needed
        }
        ByteArrayOutputStream content = new ByteArrayOutputStream();
        if ("chunked".equalsIgnoreCase(headers.getOrDefault("transfer-encoding", ""))) {
            while (true) {
                String size = body.line();
                int semi = size.indexOf(';');
                int n;
                try {
                    n = Integer.parseInt((semi < 0 ? size : size.substring(0, semi)).trim(), 16);
                } catch (NumberFormatException e) {
                    throw new ApiProblem(502, path, "'" + url + "' sent a malformed chunked body.");
                }
                if (n == 0) {
                    break;
                }
                body.copy(content, n);
                body.line();
            }
        } else if (headers.containsKey("content-length")) {
            long n;
            try {
                n = Long.parseLong(headers.get("content-length"));
            } catch (NumberFormatException e) {
                throw new ApiProblem(502, path, "'" + url + "' sent an invalid Content-Length.");
            }
            if (n > limits.maxBytes()) {
                throw tooLarge(url, path);
            }
            body.copy(content, (int) n);
        } else {
            body.copy(content, -1);
        }
        return new Response(status, headers, content.toByteArray());
    }

    private ApiProblem tooLarge(URI url, String path) {
        return ApiProblem.tooLarge(path, "The file '" + url + "' is larger than the limit of " + limits.maxBytes()
                + " bytes.");
    }

    private static String utf8(byte[] bytes, URI url, String path) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(java.nio.ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw ApiProblem.badRequest(path, "The file '" + url + "' is not UTF-8 text.");
        }
    }

    /** Reads lines and bytes while enforcing the size cap and the overall deadline. */
    private final class Bounded {
        private final InputStream in;
        private final URI url;
        private final String path;
        private final long deadline;
        private long total;

        Bounded(InputStream in, URI url, String path, long deadline) {
            this.in = in;
            this.url = url;
            this.path = path;
            this.deadline = deadline;
        }

        private int next() throws IOException {
            if (System.currentTimeMillis() > deadline) {
                throw new SocketTimeoutException("deadline");
            }
            int b = in.read();
            if (b >= 0 && ++total > limits.maxBytes() + 64 * 1024L) {
                throw tooLarge(url, path);
            }
            return b;
        }

        String line() throws IOException {
            StringBuilder s = new StringBuilder();
            for (int b = next(); b != '\n'; b = next()) {
                if (b < 0) {
                    if (s.length() == 0) {
                        throw new ApiProblem(502, path, "'" + url + "' closed the connection early.");
                    }
                    break;
                }
                if (b != '\r') {
                    s.append((char) b);
                }
                if (s.length() > 16 * 1024) {
                    throw new ApiProblem(502, path, "'" + url + "' sent an over-long header line.");
                }
            }
            return s.toString();
        }

        /** Copies n bytes, or everything up to end of stream when n is -1, within the cap. */
        void copy(ByteArrayOutputStream out, int n) throws IOException {
            byte[] buffer = new byte[8192];
            int left = n;
            while (n < 0 || left > 0) {
                if (System.currentTimeMillis() > deadline) {
                    throw new SocketTimeoutException("deadline");
                }
                int r = in.read(buffer, 0, n < 0 ? buffer.length : Math.min(buffer.length, left));
                if (r < 0) {
                    if (n < 0) {
                        return;
                    }
                    throw new ApiProblem(502, path, "'" + url + "' closed the connection before the body ended.");
                }
                if (out.size() + r > limits.maxBytes()) {
                    throw tooLarge(url, path);
                }
                out.write(buffer, 0, r);
                left -= r;
            }
        }
    }
}
