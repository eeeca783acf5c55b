package io.modelgraph.api;

import io.modelgraph.log.JsonLog;
import java.security.SecureRandom;
import java.util.Locale;
import java.util.Map;

/**
 * A system fault: logged with its cause under a tracking code; the caller sees only the code and
 * a request to contact the administrator, never the cause or a stack trace.
 */
public record FatalError(String trackingCode, String message) {
    private static final JsonLog LOG = JsonLog.of(FatalError.class);
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final char[] ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789".toCharArray();

    public static FatalError record(Throwable cause, Map<String, ?> context) {
        String code = newTrackingCode();
        LOG.error("Fatal error " + code, withCode(code, context), cause);
        return new FatalError(code, "An internal error occurred. Please contact the administrator and quote error code "
                + code + ".");
    }

    static String newTrackingCode() {
        char[] code = new char[10];
        for (int i = 0; i < code.length; i++) {
            code[i] = ALPHABET[RANDOM.nextInt(ALPHABET.length)];
        }
        return "MG-" + new String(code).toUpperCase(Locale.ROOT);
    }

    private static Map<String, Object> withCode(String code, Map<String, ?> context) {
        var all = new java.util.LinkedHashMap<String, Object>(context);
        all.put("trackingCode", code);
        return all;
    }
}
