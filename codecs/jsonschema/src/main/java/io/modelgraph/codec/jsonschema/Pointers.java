package io.modelgraph.codec.jsonschema;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

/** JSON Pointer (RFC 6901) escaping, and the fragment form {@code #/...} used in {@code $ref} and ledger paths. */
final class Pointers {
    static String escape(String token) {
        return token.replace("~", "~0").replace("/", "~1");
    }

    static String unescape(String token) {
        return token.replace("~1", "/").replace("~0", "~");
    }

    /** Appends one member name to a {@code #/...} path. */
    static String child(String path, String token) {
        return path + "/" + escape(token);
    }

    static String child(String path, int index) {
        return path + "/" + index;
    }

    /**
     * A {@code $ref} fragment is a URI fragment, so characters outside the fragment set are percent-encoded
     * (the test suite's {@code "#/$defs/percent%25field"}); this turns it back into pointer tokens.
     */
    static String decodeFragment(String fragment) {
        if (fragment.indexOf('%') < 0) {
            return fragment;
        }
        try {
            return URLDecoder.decode(fragment.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return fragment;
        }
    }

    /** The {@code $ref} text for a top-level definition name: pointer-escaped, then fragment-encoded. */
    static String defRef(String name) {
        return "#/$defs/" + encodeFragment(escape(name));
    }

    static String encodeFragment(String token) {
        StringBuilder out = new StringBuilder();
        for (byte b : token.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            boolean safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || "-._~!$&'()*+,;=:@/".indexOf(c) >= 0;
            if (safe) {
                out.append((char) c);
            } else {
                out.append('%').append(String.format("%02X", c));
            }
        }
        return out.toString();
    }

    private Pointers() {
    }
}
