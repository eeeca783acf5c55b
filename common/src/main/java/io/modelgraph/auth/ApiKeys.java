package io.modelgraph.auth;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.UUID;

/** Minting API keys: {@code mgk_} and 43 characters of base64url randomness (256 bits). */
public final class ApiKeys {
    public static final String PREFIX = "mgk_";
    private static final SecureRandom RANDOM = new SecureRandom();

    public static String newKey() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    public static String newKeyId() {
        return UUID.randomUUID().toString();
    }

    /** Cheap shape check before any lookup, so garbage never costs a DynamoDB read. */
    public static boolean looksLikeKey(String text) {
        return text != null && text.length() == PREFIX.length() + 43 && text.startsWith(PREFIX)
                && text.substring(PREFIX.length()).chars().allMatch(c -> Character.isLetterOrDigit(c) || c == '-'
                        || c == '_');
    }

    private ApiKeys() {
    }
}
