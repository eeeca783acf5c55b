package io.modelgraph.schema;

import java.util.Map;

/** Compact IRIs ({@code prefix:local}) against a prefix map, as RDF-based formats write them. */
public final class Curies {
    /** Expands a CURIE whose prefix is declared; an absolute IRI or an unknown prefix is returned as it is. */
    public static String expand(String text, Map<String, String> prefixes) {
        int colon = text.indexOf(':');
        if (colon > 0 && !text.startsWith("//", colon + 1)) {
            String ns = prefixes.get(text.substring(0, colon));
            if (ns != null) {
                return ns + text.substring(colon + 1);
            }
        }
        return text;
    }

    /** Compacts an absolute IRI with the longest matching namespace; unmatched IRIs are returned as they are. */
    public static String compact(String iri, Map<String, String> prefixes) {
        String best = null;
        String bestNs = "";
        for (Map.Entry<String, String> e : prefixes.entrySet()) {
            if (iri.startsWith(e.getValue()) && e.getValue().length() > bestNs.length()) {
                best = e.getKey();
                bestNs = e.getValue();
            }
        }
        return best == null ? iri : best + ":" + iri.substring(bestNs.length());
    }

    private Curies() {
    }
}
