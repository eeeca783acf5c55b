package io.modelgraph.local;

import java.util.Optional;

/**
 * A request target as sent ({@code /path?query}, or absolute {@code http://host/path?query}), split the way API
 * Gateway reads it: the raw path and the raw query, neither decoded. The characters a target may hold are the
 * visible ASCII ones; anything else (a space, a control character, a raw non-ASCII byte) is a malformed request,
 * named with its place so the caller can percent-encode it (docs/local.md).
 *
 * @param rawPath  the path, starting with {@code /}
 * @param rawQuery the query without its {@code ?}; empty when there is none
 */
record RequestTarget(String rawPath, Optional<String> rawQuery) {

    /** What is wrong with a target: where ({@code path}, or {@code query.<parameter>}) and a sentence. */
    record Problem(String where, String message) {
    }

    /** The target split; a fragment, which clients do not send, is dropped as a URI would. */
    static RequestTarget of(String target) {
        String t = target;
        int scheme = t.indexOf("://");
        if (scheme > 0 && t.substring(0, scheme).chars().allMatch(Character::isLetter)) {
            int slash = t.indexOf('/', scheme + 3);
            t = slash < 0 ? "/" : t.substring(slash);
        }
        int hash = t.indexOf('#');
        if (hash >= 0) {
            t = t.substring(0, hash);
        }
        int q = t.indexOf('?');
        return q < 0 ? new RequestTarget(t, Optional.empty())
                : new RequestTarget(t.substring(0, q), Optional.of(t.substring(q + 1)));
    }

    /** The first thing that makes this target malformed, if any. */
    Optional<Problem> problem() {
        if (!rawPath.startsWith("/")) {
            return Optional.of(new Problem("path", "The request path must start with '/'."));
        }
        int bad = firstInvalid(rawPath);
        if (bad >= 0) {
            return Optional.of(new Problem("path", "The request path has " + describe(rawPath.charAt(bad))
                    + " at character " + (bad + 1) + "; percent-encode it."));
        }
        if (rawQuery.isPresent()) {
            String query = rawQuery.get();
            bad = firstInvalid(query);
            if (bad >= 0) {
                String parameter = parameterAt(query, bad);
                return Optional.of(new Problem(parameter.isEmpty() ? "query" : "query." + parameter,
                        "The query string has " + describe(query.charAt(bad)) + " at character " + (bad + 1)
                                + (parameter.isEmpty() ? "" : " (in parameter '" + parameter + "')")
                                + "; percent-encode it."));
            }
        }
        return Optional.empty();
    }

    /** The index of the first character that cannot be in a request target, or -1. */
    private static int firstInvalid(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x21 || c > 0x7E) {
                return i;
            }
        }
        return -1;
    }

    /** The name of the parameter whose pair holds {@code index}, or empty when the name itself is malformed. */
    private static String parameterAt(String query, int index) {
        int start = query.lastIndexOf('&', index) + 1;
        int eq = query.indexOf('=', start);
        if (eq < 0 || eq > index) {
            return "";
        }
        String name = query.substring(start, eq);
        return firstInvalid(name) < 0 && name.length() <= 64 ? name : "";
    }

    /** The request line is read as ISO-8859-1, so a character is the byte that was sent. */
    private static String describe(char c) {
        if (c == ' ') {
            return "a space";
        }
        return String.format("the %sbyte 0x%02X", c > 0x7F ? "non-ASCII " : "control ", (int) c);
    }
}
