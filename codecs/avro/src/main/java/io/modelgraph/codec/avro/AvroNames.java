package io.modelgraph.codec.avro;

import java.util.HashSet;
import java.util.Set;
import java.util.regex.Pattern;

/** Avro names ({@code [A-Za-z_][A-Za-z0-9_]*}, dotted for namespaces) and unique spellings for invalid ones. */
final class AvroNames {
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private final Set<String> taken;

    AvroNames() {
        this(0);
    }

    /** Room for {@code expected} names without growing. */
    AvroNames(int expected) {
        this.taken = new HashSet<>(expected * 4 / 3 + 1);
    }

    static boolean isValid(String name) {
        return NAME.matcher(name).matches();
    }

    static boolean isValidNamespace(String namespace) {
        if (namespace.isEmpty()) {
            return true;
        }
        for (String part : namespace.split("\\.", -1)) {
            if (!isValid(part)) {
                return false;
            }
        }
        return true;
    }

    /** Letters, digits and underscores kept; anything else becomes {@code _}; a leading digit gets {@code _}. */
    static String valid(String name) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean ok = c < 128 && (Character.isLetterOrDigit(c) || c == '_');
            out.append(ok ? c : '_');
        }
        if (out.length() == 0 || Character.isDigit(out.charAt(0))) {
            out.insert(0, '_');
        }
        return out.toString();
    }

    static String validNamespace(String namespace) {
        if (namespace.isEmpty()) {
            return namespace;
        }
        StringBuilder out = new StringBuilder();
        for (String part : namespace.split("\\.")) {
            if (!part.isEmpty()) {
                out.append(out.length() == 0 ? "" : ".").append(valid(part));
            }
        }
        return out.toString();
    }

    /** Reserves {@code wanted}, or {@code wanted_2}, {@code wanted_3}... when it is taken. */
    String unique(String wanted) {
        String candidate = wanted;
        int n = 2;
        while (!taken.add(candidate)) {
            candidate = wanted + "_" + n++;
        }
        return candidate;
    }
}
