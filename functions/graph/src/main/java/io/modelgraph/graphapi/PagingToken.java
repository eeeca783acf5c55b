package io.modelgraph.graphapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.api.ApiProblem;
import io.modelgraph.json.Json;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * fetchNodes paging tokens: {@code base64url(payload) "." base64url(HMAC-SHA256(secret, payload))}. The
 * payload holds the position (the last sort key returned, or an offset into NodeIds) and a fingerprint
 * of the query, so a token is tamper-evident and only valid with the exact query that produced it.
 */
final class PagingToken {
    /** Used when PAGING_TOKEN_SECRET is unset: tokens then only work within this container (docs/graph.md). */
    private static final byte[] PROCESS_SECRET = randomSecret();

    private final byte[] secret;

    PagingToken(String configuredSecret) {
        this.secret = configuredSecret == null || configuredSecret.isEmpty() ? PROCESS_SECRET
                : configuredSecret.getBytes(StandardCharsets.UTF_8);
    }

    /** Where the next page starts: after a sort key (index and sorted NodeIds pages) or at an offset. */
    record Position(Optional<String> afterKey, int offset) {
        static final Position START = new Position(Optional.empty(), 0);

        static Position after(String key) {
            return new Position(Optional.of(key), 0);
        }

        static Position at(int offset) {
            return new Position(Optional.empty(), offset);
        }
    }

    String issue(String fingerprint, Position position) {
        ObjectNode payload = Json.object();
        payload.put("v", 1);
        payload.put("q", digest(fingerprint));
        position.afterKey().ifPresent(k -> payload.put("k", k));
        if (position.afterKey().isEmpty()) {
            payload.put("o", position.offset());
        }
        byte[] body = Json.write(payload).getBytes(StandardCharsets.UTF_8);
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        return b64.encodeToString(body) + "." + b64.encodeToString(mac(body));
    }

    Position read(String token, String fingerprint) {
        int dot = token.indexOf('.');
        byte[] body;
        byte[] signature;
        try {
            if (dot <= 0) {
                throw new IllegalArgumentException("no signature");
            }
            body = Base64.getUrlDecoder().decode(token.substring(0, dot));
            signature = Base64.getUrlDecoder().decode(token.substring(dot + 1));
        } catch (IllegalArgumentException e) {
            throw forged();
        }
        if (!MessageDigest.isEqual(signature, mac(body))) {
            throw forged();
        }
        JsonNode payload;
        try {
            payload = Json.parse(new String(body, StandardCharsets.UTF_8));
        } catch (Exception e) {
            throw forged(); // signed by us, so unreachable unless the secret leaked; refuse all the same
        }
        if (!digest(fingerprint).equals(payload.path("q").asText())) {
            throw ApiProblem.badRequest("query.pagingToken", "The pagingToken was issued for a different query. "
                    + "Repeat the identical request (same NodeType, NodeIds, Expression, SpaceIds, SortAttr, sortDesc, "
                    + "pageSize, AddRelations, AddMixins, indeludeRelationsFromAllSpaces) with only pagingToken added.");
        }
        if (payload.has("k")) {
            return Position.after(payload.get("k").asText());
        }
        return Position.at(payload.path("o").asInt(0));
    }

    private static ApiProblem forged() {
        return ApiProblem.badRequest("query.pagingToken", "The pagingToken is not valid: it was altered or not "
                + "issued by this service. Use the pagingToken returned by the previous page unchanged.");
    }

    private byte[] mac(byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            return mac.doFinal(body);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is unavailable", e);
        }
    }

    private static String digest(String fingerprint) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(fingerprint.getBytes(StandardCharsets.UTF_8));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(java.util.Arrays.copyOf(d, 16));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is unavailable", e);
        }
    }

    private static byte[] randomSecret() {
        byte[] s = new byte[32];
        new SecureRandom().nextBytes(s);
        return s;
    }
}
