package io.modelgraph.codec.shex;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * Equality of two ShExJ documents after the shexTest README's normalization: {@code @context} is ignored, blank node
 * labels are compared up to a consistent renaming, and numbers compare by value ({@code 5} equals {@code 5.0}).
 * Relative IRIs are left as written on both sides (the corpus parses without a base, as its README allows).
 */
final class ShexjEquivalence {
    private final Map<String, String> leftToRight = new HashMap<>();
    private final Map<String, String> rightToLeft = new HashMap<>();
    private String difference = "";

    static String difference(JsonNode a, JsonNode b) {
        ShexjEquivalence eq = new ShexjEquivalence();
        return eq.same(a, b, "$") ? "" : eq.difference;
    }

    private boolean same(JsonNode a, JsonNode b, String path) {
        if (a.isNumber() && b.isNumber()) {
            return check(a.decimalValue().compareTo(b.decimalValue()) == 0, path, a, b);
        }
        if (a.isTextual() && b.isTextual()) {
            String x = a.asText();
            String y = b.asText();
            if (x.startsWith("_:") && y.startsWith("_:")) {
                String mapped = leftToRight.putIfAbsent(x, y);
                String back = rightToLeft.putIfAbsent(y, x);
                return check((mapped == null || mapped.equals(y)) && (back == null || back.equals(x)), path, a, b);
            }
            return check(x.equals(y), path, a, b);
        }
        if (a.isArray() && b.isArray()) {
            if (a.size() != b.size()) {
                return check(false, path + ".length", a, b);
            }
            for (int i = 0; i < a.size(); i++) {
                if (!same(a.get(i), b.get(i), path + "[" + i + "]")) {
                    return false;
                }
            }
            return true;
        }
        if (a.isObject() && b.isObject()) {
            for (Iterator<String> it = a.fieldNames(); it.hasNext();) {
                String k = it.next();
                if (k.equals("@context")) {
                    continue;
                }
                if (!b.has(k)) {
                    return check(false, path + "." + k + " (only left)", a.get(k), b);
                }
                if (!same(a.get(k), b.get(k), path + "." + k)) {
                    return false;
                }
            }
            for (Iterator<String> it = b.fieldNames(); it.hasNext();) {
                String k = it.next();
                if (!k.equals("@context") && !a.has(k)) {
                    return check(false, path + "." + k + " (only right)", a, b.get(k));
                }
            }
            return true;
        }
        return check(a.equals(b), path, a, b);
    }

    private boolean check(boolean ok, String path, JsonNode a, JsonNode b) {
        if (!ok && difference.isEmpty()) {
            difference = path + ": " + abbreviate(a) + " vs " + abbreviate(b);
        }
        return ok;
    }

    private static String abbreviate(JsonNode n) {
        String s = n.toString();
        return s.length() > 160 ? s.substring(0, 160) + "..." : s;
    }
}
