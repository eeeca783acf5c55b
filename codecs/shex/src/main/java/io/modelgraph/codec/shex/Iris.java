package io.modelgraph.codec.shex;

/** Relative IRI resolution (RFC 3986 section 5.2) on strings, so IRIs with characters java.net.URI refuses still work. */
final class Iris {

    static String resolve(String base, String ref) {
        if (ref.isEmpty()) {
            int hash = base.indexOf('#');
            return hash >= 0 ? base.substring(0, hash) : base;
        }
        String scheme = scheme(base);
        String afterScheme = base.substring(scheme.length() + 1);
        if (ref.startsWith("//")) {
            return scheme + ":" + removeDots(ref);
        }
        String authority = "";
        String path = afterScheme;
        if (afterScheme.startsWith("//")) {
            int end = indexOfAny(afterScheme, 2, "/?#");
            authority = afterScheme.substring(0, end);
            path = afterScheme.substring(end);
        }
        int q = indexOfAny(path, 0, "?#");
        String basePath = path.substring(0, q);
        String baseQuery = "";
        if (q < path.length() && path.charAt(q) == '?') {
            int h = path.indexOf('#', q);
            baseQuery = h >= 0 ? path.substring(q, h) : path.substring(q);
        }
        String prefix = scheme + ":" + authority;
        if (ref.startsWith("#")) {
            return prefix + basePath + baseQuery + ref;
        }
        if (ref.startsWith("?")) {
            return prefix + basePath + ref;
        }
        int refPathEnd = indexOfAny(ref, 0, "?#");
        String refPath = ref.substring(0, refPathEnd);
        String rest = ref.substring(refPathEnd);
        String merged;
        if (refPath.startsWith("/")) {
            merged = refPath;
        } else if (!authority.isEmpty() && basePath.isEmpty()) {
            merged = "/" + refPath;
        } else {
            merged = basePath.substring(0, basePath.lastIndexOf('/') + 1) + refPath;
        }
        return prefix + removeDots(merged) + rest;
    }

    private static String scheme(String iri) {
        int colon = iri.indexOf(':');
        return colon > 0 ? iri.substring(0, colon) : "";
    }

    private static int indexOfAny(String s, int from, String chars) {
        for (int i = from; i < s.length(); i++) {
            if (chars.indexOf(s.charAt(i)) >= 0) {
                return i;
            }
        }
        return s.length();
    }

    static String removeDots(String path) {
        if (path.indexOf('.') < 0) {
            return path;
        }
        StringBuilder out = new StringBuilder();
        String in = path;
        while (!in.isEmpty()) {
            if (in.startsWith("../")) {
                in = in.substring(3);
            } else if (in.startsWith("./")) {
                in = in.substring(2);
            } else if (in.startsWith("/./")) {
                in = in.substring(2);
            } else if (in.equals("/.")) {
                in = "/";
            } else if (in.startsWith("/../")) {
                in = in.substring(3);
                cutLastSegment(out);
            } else if (in.equals("/..")) {
                in = "/";
                cutLastSegment(out);
            } else if (in.equals(".") || in.equals("..")) {
                in = "";
            } else {
                int next = in.indexOf('/', in.startsWith("/") ? 1 : 0);
                if (next < 0) {
                    next = in.length();
                }
                out.append(in, 0, next);
                in = in.substring(next);
            }
        }
        return out.toString();
    }

    private static void cutLastSegment(StringBuilder out) {
        int slash = out.lastIndexOf("/");
        out.setLength(Math.max(slash, 0));
    }

    private Iris() {
    }
}
