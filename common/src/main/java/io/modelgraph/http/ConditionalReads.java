package io.modelgraph.http;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;

/**
 * {@code ETag} and {@code If-None-Match} on successful reads (RFC 9110, sections 8.8.3 and 13.1.2): the tag is a
 * digest of the answer's bytes and content type, so it changes exactly when the answer does (a write that moves the
 * project's version changes the export built for it; docs/graph.md "Conditional reads"). A matching
 * {@code If-None-Match} is answered 304 with the tag and no body.
 */
final class ConditionalReads {
    static final String ETAG = "ETag";

    private ConditionalReads() {
    }

    /** Tags a GET's 200 answer, and turns it into a 304 when the caller already holds that tag. */
    static APIGatewayV2HTTPResponse apply(ApiRequest request, APIGatewayV2HTTPResponse response) {
        if (!request.method().equals("GET") || response.getStatusCode() != 200 || response.getBody() == null) {
            return response;
        }
        Map<String, String> headers = new HashMap<>(response.getHeaders() == null ? Map.of() : response.getHeaders());
        String tag = tag(headers.getOrDefault("Content-Type", ""), response.getBody());
        headers.put(ETAG, tag);
        if (request.headers().get("If-None-Match").map(v -> matches(v, tag)).orElse(false)) {
            Map<String, String> notModified = new HashMap<>();
            notModified.put(ETAG, tag);
            return APIGatewayV2HTTPResponse.builder().withStatusCode(304).withHeaders(notModified).withBody("")
                    .withIsBase64Encoded(false).build();
        }
        response.setHeaders(headers);
        return response;
    }

    /** Weak comparison, as If-None-Match asks: {@code W/} prefixes are ignored; {@code *} matches any tag. */
    static boolean matches(String ifNoneMatch, String tag) {
        String opaque = strip(tag);
        for (String candidate : ifNoneMatch.split(",")) {
            String c = candidate.trim();
            if (c.equals("*") || strip(c).equals(opaque)) {
                return true;
            }
        }
        return false;
    }

    private static String strip(String tag) {
        return tag.startsWith("W/") ? tag.substring(2) : tag;
    }

    static String tag(String contentType, String body) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update(contentType.getBytes(StandardCharsets.UTF_8));
            digest.update((byte) 0);
            byte[] hash = digest.digest(body.getBytes(StandardCharsets.UTF_8));
            return "\"" + Base64.getUrlEncoder().withoutPadding().encodeToString(java.util.Arrays.copyOf(hash, 18))
                    + "\"";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is always available", e);
        }
    }
}
