package io.modelgraph.http;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import io.modelgraph.api.ApiProblem;
import io.modelgraph.idempotency.IdempotencyStore;
import io.modelgraph.log.JsonLog;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code Idempotency-Key} request header on write routes, after the IETF HTTPAPI draft
 * (docs/idempotency.md): the first request with a key runs and its answer is kept 24 hours; the same key with the
 * same request (method, route, path, query and body) replays that answer, or is refused 409 while the first still
 * runs; the same key with a different request is refused 422. Keys are scoped to the caller and the project.
 */
public final class IdempotencyKeys {
    public static final String HEADER = "Idempotency-Key";
    /** Marks a replayed answer, so a client can tell it did not run again. */
    public static final String REPLAYED = "Idempotent-Replayed";
    static final int MAX_KEY_LENGTH = 255;
    static final Set<String> WRITE_METHODS = Set.of("POST", "PUT", "PATCH", "DELETE");
    private static final JsonLog LOG = JsonLog.of(IdempotencyKeys.class);

    private final IdempotencyStore store;
    private final Clock clock;

    public IdempotencyKeys(IdempotencyStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    /** Keys kept in the services' graph table, on the services' clock. */
    public static IdempotencyKeys of(io.modelgraph.platform.Services services) {
        return new IdempotencyKeys(new IdempotencyStore(services.dynamo(), services.stores().graphTable()),
                services.clock());
    }

    /** How a request with (or without) a key proceeds. */
    sealed interface Begin permits Untracked, Claimed, Replay {
    }

    /** No key, or not a write: runs as usual. */
    record Untracked() implements Begin {
    }

    /** This request holds the key: run it, then {@link #finish} keeps its answer. */
    record Claimed(String projectId, String scope, String fingerprint, Instant startedAt) implements Begin {
    }

    /** The first request's answer, replayed. */
    record Replay(APIGatewayV2HTTPResponse response) implements Begin {
    }

    static final Begin UNTRACKED = new Untracked();

    Begin begin(Route route, Call call) {
        ApiRequest request = call.request();
        Optional<String> header = request.headers().get(HEADER);
        if (header.isEmpty() || !WRITE_METHODS.contains(route.method())) {
            return UNTRACKED;
        }
        String key = key(header.get());
        String project = call.projectId().isEmpty() ? "-" : call.projectId();
        String scope = sha256(call.caller().kind() + "\n" + call.subject()) + "#" + key;
        String fingerprint = fingerprint(route, request);
        Instant now = clock.instant();
        for (int attempt = 0; attempt < 2; attempt++) {
            if (store.claim(project, scope, fingerprint, now)) {
                return new Claimed(project, scope, fingerprint, now);
            }
            Optional<IdempotencyStore.Stored> held = store.read(project, scope);
            if (held.isEmpty()) {
                continue; // released or expired between the claim and the read: claim again
            }
            if (!held.get().fingerprint().equals(fingerprint)) {
                throw new ApiProblem(422, "header." + HEADER, "The Idempotency-Key '" + key + "' was used in the"
                        + " last 24 hours for a different request (method, path, query or body); send a new key for"
                        + " a new request.");
            }
            if (held.get().answer().isEmpty()) {
                throw ApiProblem.conflict("header." + HEADER, "A request with the Idempotency-Key '" + key + "' is"
                        + " still running; retry once it has ended to get its answer.");
            }
            return new Replay(replay(held.get().answer().get()));
        }
        throw ApiProblem.conflict("header." + HEADER, "The Idempotency-Key '" + key + "' is being claimed by"
                + " another request; retry.");
    }

    /**
     * Keeps the answer for replays; a fault of ours (5xx but 501) releases the key instead, so a retry runs again.
     * A failure to keep it is logged, never turned into a failure of a request that has already run.
     */
    void finish(Claimed claimed, APIGatewayV2HTTPResponse response) {
        try {
            int status = response.getStatusCode();
            if (status >= 500 && status != 501) {
                store.release(claimed.projectId(), claimed.scope());
                return;
            }
            Map<String, String> headers = response.getHeaders() == null ? Map.of() : response.getHeaders();
            store.finish(claimed.projectId(), claimed.scope(), claimed.fingerprint(), new IdempotencyStore.Answer(
                    status, headers.getOrDefault("Content-Type", "application/json; charset=utf-8"),
                    Optional.ofNullable(headers.get("Location")), response.getBody() == null ? ""
                            : response.getBody()), claimed.startedAt());
        } catch (RuntimeException e) {
            LOG.warn("Could not keep the answer of an idempotent request; a retry with its key will be refused "
                    + "until the claim is abandoned", Map.of("error", e.getClass().getSimpleName()));
        }
    }

    private static APIGatewayV2HTTPResponse replay(IdempotencyStore.Answer answer) {
        Map<String, String> headers = new HashMap<>();
        headers.put("Content-Type", answer.contentType());
        answer.location().ifPresent(l -> headers.put("Location", l));
        headers.put(REPLAYED, "true");
        return APIGatewayV2HTTPResponse.builder().withStatusCode(answer.status()).withHeaders(headers)
                .withBody(answer.body()).withIsBase64Encoded(false).build();
    }

    /** The draft's key is an opaque string; here 1-255 visible ASCII characters (a UUID fits). */
    static String key(String raw) {
        String key = raw.trim();
        // the draft's structured-field form: a quoted string
        if (key.length() >= 2 && key.startsWith("\"") && key.endsWith("\"")) {
            key = key.substring(1, key.length() - 1);
        }
        boolean visible = !key.isEmpty() && key.length() <= MAX_KEY_LENGTH
                && key.chars().allMatch(c -> c > 0x20 && c < 0x7f);
        if (!visible) {
            throw ApiProblem.badRequest("header." + HEADER, "The Idempotency-Key header must be 1-" + MAX_KEY_LENGTH
                    + " visible ASCII characters without spaces (a UUID, for example).");
        }
        return key;
    }

    /** What makes two requests "the same": method, route, path, query string and body bytes. */
    static String fingerprint(Route route, ApiRequest request) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (String part : new String[] {route.method(), route.routeKey(), request.path(), request.rawQuery()}) {
                digest.update(part.getBytes(StandardCharsets.UTF_8));
                digest.update((byte) 0);
            }
            digest.update(request.rawBody());
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is always available", e);
        }
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is always available", e);
        }
    }
}
