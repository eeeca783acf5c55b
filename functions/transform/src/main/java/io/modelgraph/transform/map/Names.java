package io.modelgraph.transform.map;

import java.util.Locale;

/** How inferred mapping compares labels. */
final class Names {
    private static final String SHAPE = "Shape";

    /** The local part of a name: after the last ':', '#' or '/' (so {@code cm:PersonShape} reads {@code PersonShape}). */
    static String local(String name) {
        int cut = Math.max(name.lastIndexOf(':'), Math.max(name.lastIndexOf('#'), name.lastIndexOf('/')));
        return cut >= 0 && cut < name.length() - 1 ? name.substring(cut + 1) : name;
    }

    /** A type label for matching: local part, ShEx-style {@code <Name>Shape} read as {@code <Name>}, case folded if asked. */
    static String typeKey(String name, boolean caseInsensitive) {
        String local = local(name);
        if (local.length() > SHAPE.length() && local.endsWith(SHAPE)) {
            local = local.substring(0, local.length() - SHAPE.length());
        }
        return caseInsensitive ? local.toLowerCase(Locale.ROOT) : local;
    }

    static String elementKey(String name, boolean caseInsensitive) {
        String local = local(name);
        return caseInsensitive ? local.toLowerCase(Locale.ROOT) : local;
    }

    private Names() {
    }
}
