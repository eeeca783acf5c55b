package io.modelgraph.codec.jsonschema;

import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/** Naming of synthesized types and taxonomies: PascalCase from property names, unique within a model. */
final class Names {
    private final Set<String> taken = new HashSet<>();

    /** Reserves {@code wanted}, or {@code wanted2}, {@code wanted3}... when it is already taken. */
    String unique(String wanted) {
        String base = wanted.isEmpty() ? "Unnamed" : wanted;
        String candidate = base;
        int n = 2;
        while (!taken.add(candidate)) {
            candidate = base + n++;
        }
        return candidate;
    }

    boolean isTaken(String name) {
        return taken.contains(name);
    }

    /** {@code postal_code} and {@code postal-code} and {@code postal code} all become {@code PostalCode}. */
    static String pascal(String text) {
        StringBuilder out = new StringBuilder();
        boolean upper = true;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isLetterOrDigit(c)) {
                out.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            } else {
                upper = true;
            }
        }
        return out.toString();
    }

    /** A title such as {@code Product Type} names the root type {@code ProductType}; an identifier stays as is. */
    static String typeNameFromTitle(String title) {
        String trimmed = title.trim();
        if (trimmed.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            return trimmed;
        }
        return pascal(trimmed);
    }

    static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }
}
