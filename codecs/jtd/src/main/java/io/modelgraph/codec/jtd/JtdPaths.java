package io.modelgraph.codec.jtd;

import java.util.regex.Pattern;

/** JSON paths into a JTD document: {@code $.definitions.user} or {@code $.properties['first name']}. */
final class JtdPaths {
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private JtdPaths() {
    }

    static String member(String name) {
        return PLAIN.matcher(name).matches() ? "." + name : "['" + name.replace("'", "\\'") + "']";
    }
}
